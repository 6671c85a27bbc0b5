package record

import (
	"go/ast"
	"go/token"
)

// shadow starts body, a function's, with
//
//	_gpmark := gpredictrt.Enter()
//	defer gpredictrt.Leave(_gpmark)
//
// which keeps the goroutine's shadow stack of instrumented frames, from
// which the runtime takes each event's call stack instead of walking the
// frame pointers (record/rt rt_shadow.go). The mark Enter returns holds
// the goroutine's state, and the hottest events of the body (reads,
// writes, map reads and writes, Lock and Unlock) take it as their first
// argument (mark), so that they need not find their goroutine by its id.
// Every function literal's body that logs an event has its own: the
// literal may run on another goroutine. A body that calls nothing
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
	m := &ast.Ident{Name: markName, NamePos: body.Lbrace}
	enter := &ast.AssignStmt{Lhs: []ast.Expr{m}, Tok: token.DEFINE, Rhs: []ast.Expr{r.rtCall("Enter")}}
	leave := &ast.DeferStmt{Defer: body.Lbrace, Call: r.rtCall("Leave", &ast.Ident{Name: markName, NamePos: body.Lbrace})}
	body.List = append([]ast.Stmt{enter, leave}, body.List...)
	r.shadowed[body] = true
}

// markName is the variable of a body's mark (shadow).
const markName = "_gpmark"

// mark is the first argument of the events that take the mark of the
// function they are in (shadow): markName inside a function body — one
// that logs an event calls something, so it has its shadow statements —
// and the zero Mark outside any (a package-level variable's initialiser)
// or in the body of the function literal that a `go` statement starts,
// which runs on the new goroutine and has no shadow statements.
func (r *fileRewriter) mark() ast.Expr {
	if r.inBody {
		return &ast.Ident{Name: markName, NamePos: r.pos}
	}
	return &ast.CompositeLit{Type: &ast.SelectorExpr{X: &ast.Ident{Name: rtName, NamePos: r.pos}, Sel: ast.NewIdent("Mark")}}
}

// inFunc runs f with inBody set to in (a function body, or not).
func (r *fileRewriter) inFunc(in bool, f func()) {
	old := r.inBody
	r.inBody = in
	defer func() { r.inBody = old }()
	f()
}

// prepend puts stmts at the start of body, after its shadow statements
// if it has them.
func (r *fileRewriter) prepend(body *ast.BlockStmt, stmts ...ast.Stmt) {
	at := 0
	if r.shadowed[body] {
		at = 2
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
