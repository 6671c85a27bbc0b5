package record

import (
	"go/ast"
	"go/types"
)

// resultsHook adds, on entry of a function whose named results a
// closure shares (findCaptured: a goroutine or a deferred literal may
// write them), `defer func() { gpredictrt.Read(&r, "r", SITE) }()` for
// each such result. The function's return reads its results to hand them
// to its caller, after every deferred call has run: the hook is deferred
// first so that it runs last, and reads the values the caller gets.
// Without it a goroutine that writes a named result while the function
// returns (GoBench's moby/18412: `exitCode = 1` in the goroutine that
// waits for the command, a bare `return` after a time-out) races with a
// read that the trace does not hold. The site is the closing brace of
// the body: which return statement fired is not known at that point.
func (r *fileRewriter) resultsHook(sig types.Type, ft *ast.FuncType, body *ast.BlockStmt) {
	s, ok := sig.(*types.Signature)
	if !ok || body == nil || ft == nil || ft.Results == nil {
		return
	}
	var reads []ast.Stmt
	end := &ast.Ident{NamePos: body.Rbrace}
	defer r.at(end)()
	for _, field := range ft.Results.List {
		for _, name := range field.Names {
			v, ok := r.info.Defs[name].(*types.Var)
			// A shared local is described by its name, as varLocation
			// does; sync types are the runtime's own events.
			if !ok || !r.captured[v] || isSyncType(v.Type()) {
				continue
			}
			id := &ast.Ident{Name: name.Name, NamePos: body.Rbrace}
			reads = append(reads, exprStmt(r.rtCall("Read", r.mark(), addr(id), r.lit(v.Name()), r.lit(r.site(end)))))
		}
	}
	if len(reads) == 0 || s.Results().Len() == 0 {
		return
	}
	hook := &ast.DeferStmt{Defer: body.Rbrace, Call: &ast.CallExpr{Fun: &ast.FuncLit{
		Type: &ast.FuncType{Func: body.Rbrace, Params: &ast.FieldList{}},
		Body: &ast.BlockStmt{Lbrace: body.Rbrace, List: reads, Rbrace: body.Rbrace},
	}}}
	body.List = append([]ast.Stmt{hook}, body.List...)
}
