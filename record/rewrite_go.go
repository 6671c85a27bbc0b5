package record

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
)

// goStmt rewrites `go F(ARGS)` so that the parent logs the fork and the
// child registers itself before running F, with F and ARGS evaluated by
// the parent as the go statement does:
//
//	{ c := Fork(site); f, a0, … := F, ARGS…; go func() { Start(c); defer func() { End(recover()) }(); f(a0, …) }() }
func (r *fileRewriter) goStmt(x *ast.GoStmt) []ast.Stmt {
	site := r.lit(r.site(x))
	call := x.Call
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if _, builtin := r.info.Uses[id].(*types.Builtin); builtin {
			x.Call = r.rv(call).(*ast.CallExpr)
			return []ast.Stmt{x}
		}
	}
	c := r.newTmp("c")
	var lhs, rhs []ast.Expr
	var last ast.Stmt // the call the new goroutine makes
	if fn := r.calledFunc(call); fn != nil && fn.Pkg() != nil && (fn.Pkg().Path() == "sync" || fn.Pkg().Path() == "sync/atomic") {
		r.inFunc(false, func() { last = exprStmt(r.rv(call)) }) // go wg.Done() and the like: logged by the child, without a mark
	} else {
		fun := call.Fun
		if fn == nil || r.isMethodCall(call) {
			f := r.newTmp("f")
			lhs, rhs = append(lhs, f), append(rhs, r.rv(call.Fun))
			fun = f
		}
		var args []ast.Expr
		for _, a := range call.Args {
			if r.untyped(a) {
				args = append(args, a)
				continue
			}
			t := r.newTmp("a")
			lhs, rhs = append(lhs, t), append(rhs, r.rv(a))
			args = append(args, t)
		}
		last = exprStmt(&ast.CallExpr{Fun: fun, Args: args, Ellipsis: call.Ellipsis})
	}
	body := []ast.Stmt{
		exprStmt(r.rtCall("Start", c)),
		&ast.DeferStmt{Call: &ast.CallExpr{Fun: &ast.FuncLit{
			Type: &ast.FuncType{Params: &ast.FieldList{}},
			Body: &ast.BlockStmt{List: []ast.Stmt{exprStmt(r.rtCall("End", &ast.CallExpr{Fun: ast.NewIdent("recover")}))}},
		}}},
		last,
	}
	out := []ast.Stmt{&ast.AssignStmt{Lhs: []ast.Expr{c}, Tok: token.DEFINE, Rhs: []ast.Expr{r.rtCall("Fork", site)}}}
	if len(lhs) > 0 {
		out = append(out, &ast.AssignStmt{Lhs: lhs, Tok: token.DEFINE, Rhs: rhs})
	}
	out = append(out, &ast.GoStmt{Go: x.Go, Call: &ast.CallExpr{Fun: &ast.FuncLit{
		Type: &ast.FuncType{Params: &ast.FieldList{}},
		Body: &ast.BlockStmt{List: body},
	}}})
	return []ast.Stmt{&ast.BlockStmt{List: out}}
}

// isMethodCall reports whether call calls a method through a selector.
func (r *fileRewriter) isMethodCall(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s := r.info.Selections[sel]
	return s != nil
}

// rangeStmt rewrites range loops over channels (into receive loops) and
// maps (a map.range call before, a map.next call at each iteration).
func (r *fileRewriter) rangeStmt(x *ast.RangeStmt) []ast.Stmt {
	site := r.lit(r.site(x))
	switch r.typeOf(x.X).Underlying().(type) {
	case *types.Chan:
		// for v := range ch { B }  →  ch' := ch; for { v, ok := Recv2(ch'); if !ok { break }; B }
		r.funcBody(x.Body)
		ch, ok := r.newTmp("ch"), r.newTmp("ok")
		recv := &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent("_"), ok}, Tok: token.DEFINE, Rhs: []ast.Expr{r.rtCall("Recv2", ch, site)}}
		var bind []ast.Stmt
		switch {
		case x.Key != nil && x.Tok == token.DEFINE:
			recv.Lhs[0] = x.Key
		case x.Key != nil: // for v = range ch
			v := r.newTmp("v")
			recv.Lhs[0] = v
			bind = r.assignTargets(&ast.AssignStmt{Lhs: []ast.Expr{x.Key}, Tok: token.ASSIGN, Rhs: []ast.Expr{v}})
		}
		stop := &ast.IfStmt{Cond: &ast.UnaryExpr{Op: token.NOT, X: ok}, Body: &ast.BlockStmt{List: []ast.Stmt{&ast.BranchStmt{Tok: token.BREAK}}}}
		list := append([]ast.Stmt{recv, stop}, bind...)
		loop := &ast.ForStmt{For: x.For, Body: &ast.BlockStmt{List: append(list, x.Body.List...)}}
		def := &ast.AssignStmt{Lhs: []ast.Expr{ch}, Tok: token.DEFINE, Rhs: []ast.Expr{r.rv(x.X)}}
		return []ast.Stmt{def, loop}
	case *types.Map:
		r.funcBody(x.Body)
		m := r.newTmp("m")
		def := &ast.AssignStmt{Lhs: []ast.Expr{m}, Tok: token.DEFINE, Rhs: []ast.Expr{r.rv(x.X)}}
		x.X = m
		if x.Tok == token.ASSIGN {
			x.Key, x.Value = r.loc(x.Key), r.loc(x.Value)
		}
		next := exprStmt(r.rtCall("MapNext", m, site))
		x.Body.List = append([]ast.Stmt{next}, x.Body.List...)
		return []ast.Stmt{def, exprStmt(r.rtCall("MapRange", m, site)), x}
	}
	x.X = r.rv(x.X)
	if x.Tok == token.ASSIGN {
		x.Key, x.Value = r.loc(x.Key), r.loc(x.Value)
	}
	r.funcBody(x.Body)
	return []ast.Stmt{x}
}

// selectStmt logs the case a select took, first in the case's body. A
// receive case gets an ok variable when it has none, so that a receive
// from a closed channel is known. The channels and sent values are
// evaluated before the select, in order, as the select itself does; the
// returned statements do that, and then ask the runtime for the id of
// the select over those channels (record/rt Select), which writes the
// select's directive the first time and its note before a select that
// may block (SelectSending, given the values of its send cases, when it
// has some); each case's event carries the id. The site's description
// (its cases' directions, its default) is a package-level variable of the
// file, made once (selectSite).
func (r *fileRewriter) selectStmt(x *ast.SelectStmt) (pre []ast.Stmt) {
	var kinds []byte
	var chans, sends []ast.Expr
	dflt := false
	id := r.newTmp("sel")
	for _, c := range x.Body.List {
		cc := c.(*ast.CommClause)
		site := r.lit(r.site(cc))
		switch comm := cc.Comm.(type) {
		case *ast.SendStmt:
			ch := r.newTmp("ch")
			pre = append(pre, &ast.AssignStmt{Lhs: []ast.Expr{ch}, Tok: token.DEFINE, Rhs: []ast.Expr{r.rv(comm.Chan)}})
			kinds, chans = append(kinds, 's'), append(chans, ch)
			elem := elemType(r.typeOf(comm.Chan))
			comm.Chan = ch
			if !r.untyped(comm.Value) {
				v := r.newTmp("v")
				val := r.conv("ElemOf", ch, comm.Value, r.rv(comm.Value), elem)
				pre = append(pre, &ast.AssignStmt{Lhs: []ast.Expr{v}, Tok: token.DEFINE, Rhs: []ast.Expr{val}})
				comm.Value = v
			}
			sent := comm.Value
			if r.untyped(sent) { // as the element type, as SelSend's argument is
				sent = &ast.CallExpr{Fun: r.rtCall("ElemOf", ch), Args: []ast.Expr{sent}}
			}
			sends = append(sends, sent)
			cc.Body = append([]ast.Stmt{exprStmt(r.rtCall("SelSend", id, ch, comm.Value, site))}, r.stmts(cc.Body)...)
		case *ast.ExprStmt: // case <-ch:
			u := ast.Unparen(comm.X).(*ast.UnaryExpr)
			ch, v, ok := r.newTmp("ch"), r.newTmp("v"), r.newTmp("ok")
			pre = append(pre, &ast.AssignStmt{Lhs: []ast.Expr{ch}, Tok: token.DEFINE, Rhs: []ast.Expr{r.rv(u.X)}})
			kinds, chans = append(kinds, 'r'), append(chans, ch)
			cc.Comm = &ast.AssignStmt{Lhs: []ast.Expr{v, ok}, Tok: token.DEFINE, Rhs: []ast.Expr{&ast.UnaryExpr{Op: token.ARROW, X: ch}}}
			log := exprStmt(r.rtCall("SelRecv", id, ch, v, ok, site))
			cc.Body = append([]ast.Stmt{log, &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent("_"), ast.NewIdent("_")}, Tok: token.ASSIGN, Rhs: []ast.Expr{v, ok}}}, r.stmts(cc.Body)...)
		case *ast.AssignStmt: // case v[, ok] := <-ch / = <-ch
			u := ast.Unparen(comm.Rhs[0]).(*ast.UnaryExpr)
			ch, v, ok := r.newTmp("ch"), r.newTmp("v"), r.newTmp("ok")
			pre = append(pre, &ast.AssignStmt{Lhs: []ast.Expr{ch}, Tok: token.DEFINE, Rhs: []ast.Expr{r.rv(u.X)}})
			kinds, chans = append(kinds, 'r'), append(chans, ch)
			orig := comm.Lhs
			cc.Comm = &ast.AssignStmt{Lhs: []ast.Expr{v, ok}, Tok: token.DEFINE, Rhs: []ast.Expr{&ast.UnaryExpr{Op: token.ARROW, X: ch}}}
			log := exprStmt(r.rtCall("SelRecv", id, ch, v, ok, site))
			rhs := []ast.Expr{v, ok}[:len(orig)]
			bind := &ast.AssignStmt{Lhs: orig, Tok: comm.Tok, Rhs: rhs}
			body := []ast.Stmt{log}
			body = append(body, r.assignTargets(bind)...)
			body = append(body, &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent("_"), ast.NewIdent("_")}, Tok: token.ASSIGN, Rhs: []ast.Expr{v, ok}})
			cc.Body = append(body, r.stmts(cc.Body)...)
		default: // default:
			dflt = true
			cc.Body = append([]ast.Stmt{exprStmt(r.rtCall("SelDefault", id, site))}, r.stmts(cc.Body)...)
		}
	}
	desc := r.selectSite(r.site(x), string(kinds), dflt)
	call := r.rtCall("Select", append([]ast.Expr{addr(desc)}, chans...)...)
	if !dflt && len(sends) > 0 { // its note names a send it may wait in, with the value
		values := &ast.CompositeLit{Type: &ast.ArrayType{Elt: &ast.InterfaceType{Methods: &ast.FieldList{}}}, Elts: sends}
		call = r.rtCall("SelectSending", append([]ast.Expr{addr(desc), values}, chans...)...)
	}
	if len(x.Body.List) == 0 {
		return append(pre, exprStmt(call)) // select {}: no case to carry the id
	}
	return append(pre, &ast.AssignStmt{Lhs: []ast.Expr{id}, Tok: token.DEFINE, Rhs: []ast.Expr{call}})
}

// selectSite declares the package-level variable that describes a select
// statement at site, of the channel cases kinds ('r' a receive, 's' a
// send, in order) and a default case if dflt (record/rt SelectSite), and
// returns its name. The names count the file's selects and the file's
// place in its package, so that no two files of a package declare one
// name.
func (r *fileRewriter) selectSite(site, kinds string, dflt bool) *ast.Ident {
	file := 0
	for i, f := range r.files {
		if f == r.file {
			file = i
		}
	}
	name := fmt.Sprintf("_gpselect%d_%d", file, len(r.selectSites)+1)
	lit := &ast.CompositeLit{Type: &ast.SelectorExpr{X: ast.NewIdent(rtName), Sel: ast.NewIdent("SelectSite")}, Elts: []ast.Expr{
		&ast.KeyValueExpr{Key: ast.NewIdent("Site"), Value: r.lit(site)},
		&ast.KeyValueExpr{Key: ast.NewIdent("Cases"), Value: r.lit(kinds)},
		&ast.KeyValueExpr{Key: ast.NewIdent("Default"), Value: ast.NewIdent(strconv.FormatBool(dflt))},
	}}
	r.selectSites = append(r.selectSites, &ast.ValueSpec{Names: []*ast.Ident{ast.NewIdent(name)}, Values: []ast.Expr{lit}})
	return &ast.Ident{Name: name, NamePos: r.pos}
}

// callbacks prepares the function literals passed to a function that is
// not instrumented (testing.T.Run, time.AfterFunc, http.HandleFunc …),
// which may run them on a goroutine of its own: a token made before the
// call links the parent to the callback's goroutine (record/rt Token),
// and, after the call returns, the parent to the callback's end if it has
// ended by then. It returns the statements to put before and after.
func (r *fileRewriter) callbacks(call *ast.CallExpr) (pre, post []ast.Stmt) {
	fn := r.calledFunc(call)
	if fn == nil || fn.Pkg() == nil || r.instr(fn.Pkg()) {
		return nil, nil
	}
	if fn.Pkg().Path() == "sync" {
		return nil, nil // sync.Once.Do and WaitGroup.Go are the runtime's
	}
	var tk *ast.Ident
	for _, a := range call.Args {
		lit, ok := a.(*ast.FuncLit)
		if !ok {
			continue
		}
		if tk == nil {
			tk = r.newTmp("tk")
		}
		site := r.lit(r.site(lit))
		enter := &ast.DeferStmt{Call: &ast.CallExpr{Fun: &ast.CallExpr{Fun: &ast.SelectorExpr{X: tk, Sel: ast.NewIdent("Enter")}, Args: []ast.Expr{site}}}}
		r.funcLit(lit)
		r.prepend(lit.Body, enter)
	}
	if tk == nil {
		return nil, nil
	}
	newToken := "NewToken"
	if fn.Pkg().Path() == "runtime" && (fn.Name() == "SetFinalizer" || fn.Name() == "AddCleanup") {
		newToken = "NewFinalizerToken"
	}
	pre = []ast.Stmt{&ast.AssignStmt{Lhs: []ast.Expr{tk}, Tok: token.DEFINE, Rhs: []ast.Expr{r.rtCall(newToken)}}}
	post = []ast.Stmt{exprStmt(&ast.CallExpr{Fun: &ast.SelectorExpr{X: tk, Sel: ast.NewIdent("After")}, Args: []ast.Expr{r.lit(r.site(call))}})}
	return pre, post
}

// funcLit rewrites the body of a function literal, once.
func (r *fileRewriter) funcLit(x *ast.FuncLit) {
	if r.done[x] {
		return
	}
	r.done[x] = true
	r.inFunc(true, func() {
		r.funcBody(x.Body)
		r.handlerHook(r.typeOf(x), x.Body)
		r.resultsHook(r.typeOf(x), x.Type, x.Body)
	})
	r.shadow(x.Body)
}

// handlerHook adds `defer gpredictrt.HTTPHandler(site)()` on entry of a
// function of type sig that is an HTTP handler: its parameters are an
// http.ResponseWriter and an *http.Request (rt_io.go).
func (r *fileRewriter) handlerHook(sig types.Type, body *ast.BlockStmt) {
	s, ok := sig.(*types.Signature)
	if !ok || body == nil || s.Params().Len() != 2 {
		return
	}
	if !isNamed(s.Params().At(0).Type(), "net/http", "ResponseWriter") {
		return
	}
	p, ok := s.Params().At(1).Type().(*types.Pointer)
	if !ok || !isNamed(p.Elem(), "net/http", "Request") {
		return
	}
	hook := &ast.DeferStmt{Call: &ast.CallExpr{Fun: r.rtCall("HTTPHandler", r.lit(r.site(body)))}}
	body.List = append([]ast.Stmt{hook}, body.List...)
}

// isNamed reports whether t is the named type pkg.name.
func isNamed(t types.Type, pkg, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}
