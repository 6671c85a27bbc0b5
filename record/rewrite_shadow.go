package record

import (
	"go/ast"
)

// shadow starts body, a function's, with
//
//	defer gpredictrt.Leave(gpredictrt.Enter())
//
// which keeps the goroutine's shadow stack of instrumented frames, from
// which the runtime takes each event's call stack instead of walking the
// frame pointers (record/rt rt_shadow.go). A body that calls nothing
// needs no frame there: nothing can log an event under it. The
// statement alone does not make a file changed: a file without events
// is not rewritten, and the runtime finds its frames by walking them.
// It must be the body's first statement, so that its deferred Leave
// runs after every other deferred call of the body (which may log
// events in the function's frame); prepend adds hooks after it.
func (r *fileRewriter) shadow(body *ast.BlockStmt) {
	if body == nil || !callsAnything(body) {
		return
	}
	changed := r.changed
	defer func() { r.changed = changed }()
	defer r.at(body)()
	leave := &ast.DeferStmt{Defer: body.Lbrace, Call: r.rtCall("Leave", r.rtCall("Enter"))}
	body.List = append([]ast.Stmt{leave}, body.List...)
	r.shadowed[body] = true
}

// prepend puts stmts at the start of body, after its shadow statement if
// it has one.
func (r *fileRewriter) prepend(body *ast.BlockStmt, stmts ...ast.Stmt) {
	at := 0
	if r.shadowed[body] {
		at = 1
	}
	list := append([]ast.Stmt(nil), body.List[:at]...)
	list = append(list, stmts...)
	body.List = append(list, body.List[at:]...)
}

// callsAnything reports whether body makes a call (a conversion counts,
// harmlessly) outside the function literals it holds, which have bodies
// of their own.
func callsAnything(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			found = true
		}
		return !found
	})
	return found
}
