package record

import (
	"go/ast"
	"go/token"
	"go/types"
)

// location describes the memory location an expression names, when the
// recorder logs accesses to it: package-level variables of instrumented
// packages, local variables that function literals capture, struct
// fields reached through a pointer or of such a location, slice elements,
// elements of arrays reached through a pointer or of such a location, and
// pointer indirections. desc is the runtime's description (record/rt
// locName): "=pkg.name" for package-level variables.
func (r *fileRewriter) location(e ast.Expr) (desc string, ok bool) {
	if t := r.typeOf(e); t == nil || isSyncType(t) {
		return "", false
	}
	return r.describe(e)
}

// describe is location without the exclusion of sync types: it also
// names the mutexes, wait groups and atomics that the runtime logs.
func (r *fileRewriter) describe(e ast.Expr) (desc string, ok bool) {
	t := r.typeOf(e)
	if t == nil {
		return "", false
	}
	if tv, found := r.info.Types[e]; found && !tv.Addressable() {
		if _, isIdent := ast.Unparen(e).(*ast.Ident); !isIdent {
			return "", false
		}
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return r.varLocation(x)
	case *ast.SelectorExpr:
		if sel, found := r.info.Selections[x]; found {
			if sel.Kind() != types.FieldVal {
				return "", false
			}
			if !sel.Indirect() {
				if _, shared := r.describe(x.X); !shared {
					return "", false
				}
			}
			return fieldDesc(sel), true
		}
		return r.varLocation(x.Sel) // a qualified package-level variable
	case *ast.IndexExpr:
		switch u := r.typeOf(x.X).Underlying().(type) {
		case *types.Slice:
			return shortType(u), true
		case *types.Pointer:
			if a, isArray := u.Elem().Underlying().(*types.Array); isArray {
				return shortType(a), true
			}
		case *types.Array:
			if _, shared := r.describe(x.X); shared {
				return shortType(u), true
			}
		}
	case *ast.StarExpr:
		return shortType(t), true
	}
	return "", false
}

func (r *fileRewriter) varLocation(id *ast.Ident) (string, bool) {
	v, ok := r.info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil {
		return "", false
	}
	if v.Parent() == v.Pkg().Scope() {
		if !r.instr(v.Pkg()) {
			return "", false
		}
		return "=" + v.Pkg().Name() + "." + v.Name(), true
	}
	if r.captured[v] {
		return v.Name(), true
	}
	return "", false
}

// fieldDesc is "Type.field" for a field selection.
func fieldDesc(sel *types.Selection) string {
	t := sel.Recv()
	path := sel.Index()
	for _, i := range path[:len(path)-1] {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		t = t.Underlying().(*types.Struct).Field(i).Type()
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	name := "struct"
	if n, ok := types.Unalias(t).(*types.Named); ok {
		name = n.Obj().Name()
	}
	return name + "." + sel.Obj().Name()
}

// rv rewrites e, whose value is read.
func (r *fileRewriter) rv(e ast.Expr) ast.Expr {
	if e == nil {
		return nil
	}
	defer r.at(e)()
	if tv, ok := r.info.Types[e]; ok && (tv.IsType() || tv.Value != nil) {
		return e // types and constants read nothing
	}
	site := r.lit(r.site(e)) // before the children are rewritten: new nodes have no position
	if desc, ok := r.location(e); ok {
		return r.rtCall("Read", r.mark(), addr(r.loc(e)), r.lit(desc), site)
	}
	switch x := e.(type) {
	case *ast.ParenExpr:
		x.X = r.rv(x.X)
	case *ast.SelectorExpr:
		if sel, ok := r.info.Selections[x]; ok {
			if mv := r.syncMethodValue(x, sel); mv != nil {
				return mv
			}
			r.receiver(x, sel)
		}
	case *ast.IndexExpr:
		if m, ok := r.typeOf(x.X).Underlying().(*types.Map); ok && m != nil {
			m := r.rv(x.X)
			return r.rtCall("MapRead", r.mark(), m, r.conv("KeyOf", m, x.Index, r.rv(x.Index), keyType(r.typeOf(x.X))), site)
		}
		x.X, x.Index = r.rv(x.X), r.rv(x.Index)
	case *ast.IndexListExpr:
		x.X = r.rv(x.X)
	case *ast.SliceExpr:
		if _, isArray := r.typeOf(x.X).Underlying().(*types.Array); isArray {
			x.X = r.loc(x.X) // slicing an array takes its address
		} else {
			x.X = r.rv(x.X)
		}
		x.Low, x.High, x.Max = r.rv(x.Low), r.rv(x.High), r.rv(x.Max)
	case *ast.StarExpr:
		x.X = r.rv(x.X)
	case *ast.UnaryExpr:
		switch x.Op {
		case token.AND:
			x.X = r.loc(x.X)
		case token.ARROW:
			return r.rtCall("Recv", r.rv(x.X), site)
		default:
			x.X = r.rv(x.X)
		}
	case *ast.BinaryExpr:
		x.X, x.Y = r.rv(x.X), r.rv(x.Y)
	case *ast.KeyValueExpr:
		x.Value = r.rv(x.Value)
	case *ast.CompositeLit:
		for i, el := range x.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if _, isMap := r.typeOf(x).Underlying().(*types.Map); isMap {
					kv.Key = r.rv(kv.Key)
				}
				kv.Value = r.rv(kv.Value)
				continue
			}
			x.Elts[i] = r.rv(el)
		}
	case *ast.TypeAssertExpr:
		x.X = r.rv(x.X)
	case *ast.FuncLit:
		r.funcLit(x)
	case *ast.CallExpr:
		return r.call(x)
	}
	return e
}

// loc rewrites the sub-expressions of the location expression e (the
// pointers and indices it reads), leaving the access to e itself.
func (r *fileRewriter) loc(e ast.Expr) ast.Expr {
	switch x := e.(type) {
	case *ast.ParenExpr:
		x.X = r.loc(x.X)
	case *ast.SelectorExpr:
		if sel, ok := r.info.Selections[x]; ok && sel.Kind() == types.FieldVal {
			if _, isPtr := r.typeOf(x.X).Underlying().(*types.Pointer); isPtr {
				x.X = r.rv(x.X)
			} else {
				x.X = r.loc(x.X)
			}
		}
	case *ast.IndexExpr:
		switch r.typeOf(x.X).Underlying().(type) {
		case *types.Array:
			x.X = r.loc(x.X)
		default:
			x.X = r.rv(x.X)
		}
		x.Index = r.rv(x.Index)
	case *ast.StarExpr:
		x.X = r.rv(x.X)
	case *ast.CompositeLit, *ast.CallExpr:
		return r.rv(e) // &T{...}, and calls inside a location are values
	}
	return e
}

// receiver rewrites the receiver of a method value or field selection
// that is not itself a recorded location.
func (r *fileRewriter) receiver(x *ast.SelectorExpr, sel *types.Selection) {
	if sel.Kind() == types.MethodVal {
		_, recvPtr := sel.Obj().Type().(*types.Signature).Recv().Type().(*types.Pointer)
		_, xPtr := r.typeOf(x.X).Underlying().(*types.Pointer)
		if recvPtr && !xPtr {
			x.X = r.loc(x.X) // the method takes the receiver's address
			return
		}
	}
	if sel.Kind() == types.FieldVal {
		x.X = r.loc(x.X)
		return
	}
	x.X = r.rv(x.X)
}
