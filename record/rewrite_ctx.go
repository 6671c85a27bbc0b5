package record

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"
)

// rtName is the name under which instrumented files import the runtime.
const rtName = "gpredictrt"

// atomicName is the name under which instrumented files import
// sync/atomic when the rewriting needs it and the file does not; a file
// that imports it keeps its own name (else its import would go unused).
const atomicName = "gpredictatomic"

// fileRewriter instruments one file of a package. Expressions are
// rewritten by rv (a value is read) and loc (a location is named, as the
// operand of & or the target of an assignment: its sub-expressions are
// read, the location itself is not); statements by stmt, which may turn
// one statement into several.
type fileRewriter struct {
	fset        *token.FileSet
	info        *types.Info
	pkg         *types.Package
	file        *ast.File
	relPath     string                    // the file's path relative to the module root, for locations
	isTest      bool                      // a _test.go file
	instr       func(*types.Package) bool // packages whose code is instrumented
	captured    map[*types.Var]bool
	done        map[*ast.FuncLit]bool   // literals already rewritten
	shadowed    map[*ast.BlockStmt]bool // bodies that start with their shadow statement (rewrite_shadow.go)
	inBody      bool                    // rewriting a function body, whose mark is markName (mark)
	tmp         int                     // counter for temporaries
	atomic      bool                    // the rewrite uses sync/atomic through atomicPkg
	atomicPkg   string                  // the file's name of sync/atomic (atomicName if it does not import it)
	changed     bool
	pos         token.Pos   // of the node being rewritten: the position of the calls rtCall makes
	files       []*ast.File // the files of the package, in order (selectSite names by place)
	selectSites []ast.Spec  // the file's select descriptions (selectSite), declared at its end
	// kept are the package functions whose calls the runtime's versions
	// replaced (fmt.Fprintf), each referred to once at the file's end by
	// `var _ = fmt.Fprintf`: their import may have no other use.
	kept map[string]ast.Expr
}

// at makes n the node being rewritten, until the returned function runs.
// The calls of the runtime that the rewrite adds get its position, so that
// the //line comments of the printed file give them n's line: it is the
// line their frames show in call stacks (rt_stack.go).
func (r *fileRewriter) at(n ast.Node) func() {
	old := r.pos
	if p := n.Pos(); p.IsValid() {
		r.pos = p
	}
	return func() { r.pos = old }
}

// site is the location of node n: "path/to/file.go:LINE".
func (r *fileRewriter) site(n ast.Node) string {
	return fmt.Sprintf("%s:%d", r.relPath, r.fset.Position(n.Pos()).Line)
}

func (r *fileRewriter) lit(s string) *ast.BasicLit {
	return &ast.BasicLit{Kind: token.STRING, Value: fmt.Sprintf("%q", s)}
}

// rtCall builds gpredictrt.NAME(args...).
func (r *fileRewriter) rtCall(name string, args ...ast.Expr) *ast.CallExpr {
	r.changed = true
	return &ast.CallExpr{Fun: &ast.SelectorExpr{X: &ast.Ident{Name: rtName, NamePos: r.pos}, Sel: ast.NewIdent(name)}, Args: args}
}

func (r *fileRewriter) newTmp(prefix string) *ast.Ident {
	r.tmp++
	return &ast.Ident{Name: fmt.Sprintf("_gp%s%d", prefix, r.tmp), NamePos: r.pos}
}

func addr(e ast.Expr) ast.Expr { return &ast.UnaryExpr{Op: token.AND, X: e} }

func (r *fileRewriter) typeOf(e ast.Expr) types.Type { return r.info.TypeOf(e) }

// shortType renders t without package qualifiers, as one token.
func shortType(t types.Type) string {
	s := types.TypeString(t, func(*types.Package) string { return "" })
	return strings.Map(func(c rune) rune {
		switch c {
		case ' ', '\t', '#', ',', '"':
			return '_'
		}
		return c
	}, s)
}

// isSyncType reports whether t is (a pointer to) a type of package sync
// or sync/atomic: the recorder's own business, never a plain variable.
func isSyncType(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	path := n.Obj().Pkg().Path()
	return path == "sync" || path == "sync/atomic"
}

// findCaptured marks the local variables that a function literal uses but
// does not declare, and that are changed after their declaration: they
// are shared between the goroutines that may run the literal and its
// surroundings. A captured variable that nothing changes holds the value
// it was declared with, which the declaration gave it before any
// goroutine could see it: no race, no value to tell apart, nothing to
// record.
func findCaptured(info *types.Info, f *ast.File) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	changed := changedVars(info, f)
	defer func() {
		for v := range out {
			if !changed[v] {
				delete(out, v)
			}
		}
	}()
	// scopeOf maps each local variable to the innermost function (literal
	// or declaration) that declares it.
	declIn := map[*types.Var]ast.Node{}
	var stack []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		switch x := n.(type) {
		case *ast.Ident:
			fn := innermostFunc(stack)
			if fn == nil {
				return true
			}
			if v, ok := info.Defs[x].(*types.Var); ok && v != nil && !v.IsField() {
				declIn[v] = fn
			}
			if v, ok := info.Uses[x].(*types.Var); ok && !v.IsField() {
				if d, known := declIn[v]; known && d != fn {
					out[v] = true
				}
			}
		}
		return true
	})
	return out
}

// changedVars returns the variables that f assigns (other than in their
// declaration), increments, or whose address it takes (&v, a method with a
// pointer receiver, a slice of an array).
func changedVars(info *types.Info, f *ast.File) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	mark := func(e ast.Expr) {
		if v := rootVar(info, e); v != nil {
			out[v] = true
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				mark(l) // a := redeclaring an old variable assigns it (rootVar sees a Use)
			}
		case *ast.IncDecStmt:
			mark(x.X)
		case *ast.RangeStmt:
			if x.Tok == token.ASSIGN {
				mark(x.Key)
				mark(x.Value)
			}
		case *ast.UnaryExpr:
			if x.Op == token.AND {
				mark(x.X)
			}
		case *ast.SliceExpr:
			if t := info.TypeOf(x.X); t != nil {
				if _, isArray := t.Underlying().(*types.Array); isArray {
					mark(x.X)
				}
			}
		case *ast.SelectorExpr:
			if sel := info.Selections[x]; sel != nil && sel.Kind() == types.MethodVal {
				_, ptrRecv := sel.Obj().Type().(*types.Signature).Recv().Type().(*types.Pointer)
				if t := info.TypeOf(x.X); ptrRecv && t != nil && !isPointer(t) {
					mark(x.X)
				}
			}
		}
		return true
	})
	return out
}

// rootVar is the variable whose own memory the location e is part of:
// v for v, v.f (v a struct), v[i] (v an array); nil when e goes through a
// pointer, slice or map, or names no variable.
func rootVar(info *types.Info, e ast.Expr) *types.Var {
	for {
		switch x := e.(type) {
		case nil:
			return nil
		case *ast.ParenExpr:
			e = x.X
		case *ast.Ident:
			v, _ := info.Uses[x].(*types.Var)
			return v
		case *ast.SelectorExpr:
			t := info.TypeOf(x.X)
			if sel := info.Selections[x]; sel == nil || sel.Kind() != types.FieldVal || t == nil || isPointer(t) || sel.Indirect() {
				return nil
			}
			e = x.X
		case *ast.IndexExpr:
			t := info.TypeOf(x.X)
			if t == nil {
				return nil
			}
			if _, isArray := t.Underlying().(*types.Array); !isArray {
				return nil
			}
			e = x.X
		default:
			return nil
		}
	}
}

func innermostFunc(stack []ast.Node) ast.Node {
	for i := len(stack) - 1; i >= 0; i-- {
		switch stack[i].(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return stack[i]
		}
	}
	return nil
}

// relTo returns path relative to root with forward slashes.
func relTo(root, path string) string {
	if rel, err := filepath.Rel(root, path); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return filepath.Base(path)
}

// untyped reports whether e is a constant or nil: such an expression
// takes its type from where it is used, so it is used as it is rather
// than through a temporary (which would take the default type).
func (r *fileRewriter) untyped(e ast.Expr) bool {
	tv, ok := r.info.Types[e]
	return ok && (tv.Value != nil || tv.IsNil())
}

// atomicImport is the name under which f imports sync/atomic, or
// atomicName if it does not (with a usable name).
func atomicImport(f *ast.File) (name string, imported bool) {
	for _, imp := range f.Imports {
		if imp.Path.Value != `"sync/atomic"` {
			continue
		}
		if imp.Name == nil {
			return "atomic", true
		}
		if imp.Name.Name != "_" && imp.Name.Name != "." {
			return imp.Name.Name, true
		}
	}
	return atomicName, false
}

// conv makes v of the type want when it is of another type assignable to
// it (a concrete value sent on a channel of interfaces): the runtime's
// generic functions infer their types from every argument, so v goes
// through the identity function on want that the runtime function fn
// returns for container (gpredictrt.ElemOf(ch)(v), KeyOf(m)(k),
// ValOf(m)(v)). container is evaluated once more; it is an expression
// already read.
func (r *fileRewriter) conv(fn string, container, orig, v ast.Expr, want types.Type) ast.Expr {
	if want == nil || r.untyped(orig) {
		return v
	}
	if t := r.typeOf(orig); t != nil && types.Identical(t, want) {
		return v
	}
	return &ast.CallExpr{Fun: r.rtCall(fn, container), Args: []ast.Expr{v}}
}

// elemType, keyType and valType are the element type of a channel and
// the key and value types of a map (nil for other types).
func elemType(t types.Type) types.Type {
	if c, ok := t.Underlying().(*types.Chan); ok {
		return c.Elem()
	}
	return nil
}

func keyType(t types.Type) types.Type {
	if m, ok := t.Underlying().(*types.Map); ok {
		return m.Key()
	}
	return nil
}

func valType(t types.Type) types.Type {
	if m, ok := t.Underlying().(*types.Map); ok {
		return m.Elem()
	}
	return nil
}
