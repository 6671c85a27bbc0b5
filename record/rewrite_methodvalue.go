package record

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
)

// syncMethodValue rewrites a method value of a sync method that the
// recorder logs (syncMethods; also stdBufMethods and execMethods) —
// `n.cond.Wait` handed to a function that calls it later,
// `time.AfterFunc(d, wg.Done)` — into a function that calls the
// runtime's version:
//
//	func() func(P…) R { r := RECV; return func(a0 P…) R { return gpredictrt.M(r, a0…, DESC, SITE) } }()
//
// The receiver is evaluated where the method value is, as Go does. Left
// as it was, the call runs in the sync package unseen: GoBench's
// kubernetes/11298 runs `After(n.cond.Wait)`, whose unlock and relock of
// the mutex were missing, so the trace had two goroutines hold it at once.
// It returns nil (the expression stays as it is) for other selections and
// for a signature with a type that would need a package name (such as
// bytes.Buffer's ReadFrom(io.Reader): such a method value is not
// recorded).
func (r *fileRewriter) syncMethodValue(x *ast.SelectorExpr, sel *types.Selection) ast.Expr {
	fn, ok := sel.Obj().(*types.Func)
	if !ok || sel.Kind() != types.MethodVal || fn.Pkg() == nil {
		return nil
	}
	rtName, ok := syncMethods[fn.FullName()]
	if !ok {
		// The buffers' and os/exec's methods (rewrite_stdmodel.go) the
		// same way: a method value of one is called later, where the
		// runtime's version logs it.
		rtName, ok = stdModelRuntime(fn)
	}
	if !ok {
		return nil
	}
	sig, ok := sel.Type().(*types.Signature)
	if !ok || sig.Variadic() {
		return nil
	}
	site := r.lit(r.site(x))
	var params, results []*ast.Field
	var args []ast.Expr
	for i := range sig.Params().Len() {
		t, ok := universeType(sig.Params().At(i).Type())
		if !ok {
			return nil
		}
		a := ast.NewIdent(fmt.Sprintf("_gpa%d", i))
		params = append(params, &ast.Field{Names: []*ast.Ident{a}, Type: t})
		args = append(args, a)
	}
	for i := range sig.Results().Len() {
		t, ok := universeType(sig.Results().At(i).Type())
		if !ok {
			return nil
		}
		results = append(results, &ast.Field{Type: t})
	}
	recv, desc := r.syncReceiver(x, sel)
	tmp := r.newTmp("recv")
	recvArgs := []ast.Expr{tmp}
	if markedSync[rtName] { // the literal's own mark: shadow below gives it one
		recvArgs = []ast.Expr{&ast.Ident{Name: markName, NamePos: r.pos}, tmp}
	}
	call := r.rtCall(rtName, append(append(recvArgs, args...), r.lit(desc), site)...)
	var body ast.Stmt = exprStmt(call)
	if len(results) > 0 {
		body = &ast.ReturnStmt{Results: []ast.Expr{call}}
	}
	inner := &ast.FuncType{Params: &ast.FieldList{List: params}, Results: &ast.FieldList{List: results}}
	lit := &ast.FuncLit{Type: inner, Body: &ast.BlockStmt{List: []ast.Stmt{body}}}
	r.shadow(lit.Body)
	outerType := &ast.FuncType{Params: &ast.FieldList{}, Results: &ast.FieldList{List: []*ast.Field{{Type: inner}}}}
	return &ast.CallExpr{Fun: &ast.FuncLit{Type: outerType, Body: &ast.BlockStmt{List: []ast.Stmt{
		&ast.AssignStmt{Lhs: []ast.Expr{tmp}, Tok: token.DEFINE, Rhs: []ast.Expr{recv}},
		&ast.ReturnStmt{Results: []ast.Expr{lit}},
	}}}}
}

// universeType writes t as an expression if it needs no package name
// (int, bool, func()): the types of the sync methods' parameters.
func universeType(t types.Type) (ast.Expr, bool) {
	qualified := false
	s := types.TypeString(t, func(*types.Package) string { qualified = true; return "" })
	if qualified {
		return nil, false
	}
	e, err := parser.ParseExpr(s)
	return e, err == nil
}
