package record

import (
	"go/ast"
	"go/token"
	"go/types"
)

// funcBody rewrites the statements of a function body in place.
func (r *fileRewriter) funcBody(b *ast.BlockStmt) {
	if b != nil {
		b.List = r.stmts(b.List)
	}
}

func (r *fileRewriter) stmts(list []ast.Stmt) []ast.Stmt {
	out := make([]ast.Stmt, 0, len(list))
	for _, s := range list {
		out = append(out, r.stmt(s)...)
	}
	return out
}

// block wraps statements into one (a block if there are several).
func block(ss []ast.Stmt) ast.Stmt {
	if len(ss) == 1 {
		return ss[0]
	}
	return &ast.BlockStmt{List: ss}
}

func exprStmt(e ast.Expr) ast.Stmt { return &ast.ExprStmt{X: e} }

// stmt rewrites one statement into one or more.
func (r *fileRewriter) stmt(s ast.Stmt) []ast.Stmt {
	defer r.at(s)()
	switch x := s.(type) {
	case *ast.BlockStmt:
		r.funcBody(x)
	case *ast.ExprStmt:
		return r.exprStmt(x)
	case *ast.SendStmt:
		site := r.lit(r.site(x))
		ch := r.rv(x.Chan)
		v := r.conv("ElemOf", ch, x.Value, r.rv(x.Value), elemType(r.typeOf(x.Chan)))
		return []ast.Stmt{exprStmt(r.rtCall("Send", ch, v, site))}
	case *ast.IncDecStmt:
		op := token.ADD
		if x.Tok == token.DEC {
			op = token.SUB
		}
		one := &ast.BasicLit{Kind: token.INT, Value: "1"}
		if out := r.update(x.X, op, one, x); out != nil {
			return out
		}
		x.X = r.loc(x.X)
	case *ast.AssignStmt:
		return r.assign(x)
	case *ast.GoStmt:
		return r.goStmt(x)
	case *ast.DeferStmt:
		if e, ok := r.rv(x.Call).(*ast.CallExpr); ok {
			x.Call = e
		}
	case *ast.ReturnStmt:
		for i := range x.Results {
			x.Results[i] = r.rv(x.Results[i])
		}
	case *ast.IfStmt:
		pre := r.init(&x.Init)
		x.Cond = r.rv(x.Cond)
		r.funcBody(x.Body)
		if x.Else != nil {
			x.Else = block(r.stmt(x.Else))
		}
		return hoisted(pre, x)
	case *ast.ForStmt:
		pre := r.init(&x.Init)
		x.Cond = r.rv(x.Cond)
		if x.Post != nil {
			x.Post = r.post(x.Post)
		}
		r.funcBody(x.Body)
		return hoisted(pre, x)
	case *ast.RangeStmt:
		return r.rangeStmt(x)
	case *ast.SwitchStmt:
		pre := r.init(&x.Init)
		if len(pre) > 0 {
			r.switchBody(x)
			return hoisted(pre, x)
		}
		r.switchBody(x)
	case *ast.TypeSwitchStmt:
		if pre := r.init(&x.Init); len(pre) > 0 {
			r.typeSwitchBody(x)
			return hoisted(pre, x)
		}
		r.typeSwitchBody(x)
	case *ast.SelectStmt:
		return append(r.selectStmt(x), x)
	case *ast.LabeledStmt:
		inner := r.stmt(x.Stmt)
		x.Stmt = inner[len(inner)-1]
		return append(inner[:len(inner)-1:len(inner)-1], x)
	case *ast.DeclStmt:
		if g, ok := x.Decl.(*ast.GenDecl); ok && g.Tok == token.VAR {
			for _, sp := range g.Specs {
				vs := sp.(*ast.ValueSpec)
				for i := range vs.Values {
					vs.Values[i] = r.rv(vs.Values[i])
				}
			}
		}
	}
	return []ast.Stmt{s}
}

func (r *fileRewriter) switchBody(x *ast.SwitchStmt) {
	x.Tag = r.rv(x.Tag)
	for _, c := range x.Body.List {
		cc := c.(*ast.CaseClause)
		for i := range cc.List {
			cc.List[i] = r.rv(cc.List[i])
		}
		cc.Body = r.stmts(cc.Body)
	}
}

func (r *fileRewriter) typeSwitchBody(x *ast.TypeSwitchStmt) {
	switch a := x.Assign.(type) {
	case *ast.AssignStmt:
		a.Rhs[0] = r.rv(a.Rhs[0])
	case *ast.ExprStmt:
		a.X = r.rv(a.X)
	}
	for _, c := range x.Body.List {
		c.(*ast.CaseClause).Body = r.stmts(c.(*ast.CaseClause).Body)
	}
}

// init rewrites the init statement of an if, for or switch. It must stay
// one simple statement: when the rewrite gives more (a recorded write is
// a block), the statements are returned to run before the whole
// statement instead — an init that declares nothing can run there.
func (r *fileRewriter) init(s *ast.Stmt) []ast.Stmt {
	if *s == nil {
		return nil
	}
	out := r.stmt(*s)
	if len(out) == 1 {
		if _, isBlock := out[0].(*ast.BlockStmt); !isBlock {
			*s = out[0]
			return nil
		}
	}
	*s = nil
	return out
}

// hoisted puts pre before s, in a block of their own.
func hoisted(pre []ast.Stmt, s ast.Stmt) []ast.Stmt {
	if len(pre) == 0 {
		return []ast.Stmt{s}
	}
	return []ast.Stmt{&ast.BlockStmt{List: append(pre, s)}}
}

// post rewrites the post statement of a for loop, which must stay one
// simple statement: an increment or update of a recorded location is
// written as one expression (its address evaluated twice), other
// recorded writes there are not logged.
func (r *fileRewriter) post(s ast.Stmt) ast.Stmt {
	var l, v ast.Expr
	var op token.Token
	switch x := s.(type) {
	case *ast.IncDecStmt:
		l, v, op = x.X, &ast.BasicLit{Kind: token.INT, Value: "1"}, token.ADD
		if x.Tok == token.DEC {
			op = token.SUB
		}
	case *ast.AssignStmt:
		if o, ok := assignOps[x.Tok]; ok && len(x.Lhs) == 1 {
			l, v, op = x.Lhs[0], x.Rhs[0], o
		}
	}
	if l != nil {
		if desc, ok := r.location(l); ok {
			site := r.lit(r.site(s))
			loc := r.loc(l)
			old := r.rtCall("Read", r.mark(), addr(loc), r.lit(desc), site)
			return exprStmt(r.rtCall("Write", r.mark(), addr(loc), &ast.BinaryExpr{X: old, Op: op, Y: &ast.ParenExpr{X: r.rv(v)}}, r.lit(desc), site))
		}
	}
	out := r.stmt(s)
	if len(out) == 1 {
		if _, isBlock := out[0].(*ast.BlockStmt); !isBlock {
			return out[0]
		}
	}
	return s
}

// exprStmt handles expressions used as statements: a receive, log.Fatal*,
// callbacks handed to code that is not instrumented.
func (r *fileRewriter) exprStmt(x *ast.ExprStmt) []ast.Stmt {
	site := r.lit(r.site(x))
	if u, ok := ast.Unparen(x.X).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
		return []ast.Stmt{exprStmt(r.rtCall("Recv", r.rv(u.X), site))}
	}
	call, ok := ast.Unparen(x.X).(*ast.CallExpr)
	if !ok {
		x.X = r.rv(x.X)
		return []ast.Stmt{x}
	}
	var pre []ast.Stmt
	if fn := r.calledFunc(call); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "log" {
		switch fn.Name() {
		case "Fatal", "Fatalf", "Fatalln":
			pre = append(pre, exprStmt(r.rtCall("Flush"))) // log.Fatal exits without deferred calls
		}
	}
	tk, post := r.callbacks(call)
	ioPre, ioPost := r.ioHooks(call)
	x.X = r.rv(call)
	out := append(pre, tk...)
	out = append(out, ioPre...)
	out = append(out, x)
	out = append(out, ioPost...)
	return append(out, post...)
}

// assign rewrites an assignment: writes to recorded locations and maps,
// receives and map reads with ok, and reads on the right.
func (r *fileRewriter) assign(x *ast.AssignStmt) []ast.Stmt {
	site := r.lit(r.site(x))
	if len(x.Lhs) == 2 && len(x.Rhs) == 1 { // v, ok = <-ch / m[k] / x.(T)
		switch rhs := ast.Unparen(x.Rhs[0]).(type) {
		case *ast.UnaryExpr:
			if rhs.Op == token.ARROW {
				x.Rhs[0] = r.rtCall("Recv2", r.rv(rhs.X), site)
				return r.assignTargets(x)
			}
		case *ast.IndexExpr:
			if _, isMap := r.typeOf(rhs.X).Underlying().(*types.Map); isMap {
				m := r.rv(rhs.X)
				x.Rhs[0] = r.rtCall("MapRead2", r.mark(), m, r.conv("KeyOf", m, rhs.Index, r.rv(rhs.Index), keyType(r.typeOf(rhs.X))), site)
				return r.assignTargets(x)
			}
		}
	}
	if x.Tok != token.ASSIGN && x.Tok != token.DEFINE {
		op := assignOps[x.Tok]
		if out := r.update(x.Lhs[0], op, x.Rhs[0], x); out != nil {
			return out
		}
		x.Lhs[0] = r.loc(x.Lhs[0])
		x.Rhs[0] = r.rv(x.Rhs[0])
		return []ast.Stmt{x}
	}
	tk, post := []ast.Stmt(nil), []ast.Stmt(nil)
	if len(x.Rhs) == 1 {
		if call, ok := ast.Unparen(x.Rhs[0]).(*ast.CallExpr); ok {
			tk, post = r.callbacks(call)
			ioPre, ioPost := r.ioHooks(call)
			tk, post = append(tk, ioPre...), append(ioPost, post...)
		}
	}
	for i := range x.Rhs {
		x.Rhs[i] = r.rv(x.Rhs[i])
	}
	out := append(tk, r.assignTargets(x)...)
	return append(out, post...)
}

var assignOps = map[token.Token]token.Token{
	token.ADD_ASSIGN: token.ADD, token.SUB_ASSIGN: token.SUB, token.MUL_ASSIGN: token.MUL,
	token.QUO_ASSIGN: token.QUO, token.REM_ASSIGN: token.REM, token.AND_ASSIGN: token.AND,
	token.OR_ASSIGN: token.OR, token.XOR_ASSIGN: token.XOR, token.SHL_ASSIGN: token.SHL,
	token.SHR_ASSIGN: token.SHR, token.AND_NOT_ASSIGN: token.AND_NOT,
}

// assignTargets finishes an assignment whose right side is rewritten:
// targets that are recorded locations or map elements are written
// through the runtime, from temporaries when there are several.
func (r *fileRewriter) assignTargets(x *ast.AssignStmt) []ast.Stmt {
	if x.Tok == token.DEFINE {
		return []ast.Stmt{x} // new variables (a captured one is declared here, not accessed)
	}
	special := false
	for _, l := range x.Lhs {
		if r.isRecordedTarget(l) {
			special = true
		}
	}
	if !special {
		for i := range x.Lhs {
			x.Lhs[i] = r.loc(x.Lhs[i])
		}
		return []ast.Stmt{x}
	}
	if len(x.Lhs) == 1 && len(x.Rhs) == 1 {
		return []ast.Stmt{r.write(x.Lhs[0], x.Rhs[0], x)}
	}
	// Several targets: evaluate the right side into temporaries first
	// (constants and nil are used as they are).
	tmps := make([]ast.Expr, len(x.Lhs))
	var names, values []ast.Expr
	for i := range x.Lhs {
		if len(x.Rhs) == len(x.Lhs) && r.untyped(x.Rhs[i]) {
			tmps[i] = x.Rhs[i]
			continue
		}
		t := r.newTmp("v")
		tmps[i], names = t, append(names, t)
		if len(x.Rhs) == len(x.Lhs) {
			values = append(values, x.Rhs[i])
		}
	}
	if len(x.Rhs) != len(x.Lhs) {
		values = x.Rhs // one call or receive with several results
	}
	var out []ast.Stmt
	if len(names) > 0 {
		out = append(out, &ast.AssignStmt{Lhs: names, Tok: token.DEFINE, Rhs: values})
	}
	for i, l := range x.Lhs {
		if id, ok := l.(*ast.Ident); ok && id.Name == "_" {
			out = append(out, &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent("_")}, Tok: token.ASSIGN, Rhs: []ast.Expr{tmps[i]}})
			continue
		}
		out = append(out, r.write(l, tmps[i], x))
	}
	return []ast.Stmt{&ast.BlockStmt{List: out}}
}

// isRecordedTarget reports whether assigning to l is logged.
func (r *fileRewriter) isRecordedTarget(l ast.Expr) bool {
	if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok {
		if _, isMap := r.typeOf(ix.X).Underlying().(*types.Map); isMap {
			return true
		}
	}
	_, ok := r.location(l)
	return ok
}

// write is `l = v` (v already rewritten) for a target l.
func (r *fileRewriter) write(l, v ast.Expr, at ast.Node) ast.Stmt {
	site := r.lit(r.site(at))
	if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok {
		if _, isMap := r.typeOf(ix.X).Underlying().(*types.Map); isMap {
			// { m := M; MapWrite(m, K, ValOf(m)(v)) }: the map expression
			// is evaluated once, as the assignment does (ValOf and KeyOf
			// only need its type), and before the key and the value.
			m := r.newTmp("m")
			def := &ast.AssignStmt{Lhs: []ast.Expr{m}, Tok: token.DEFINE, Rhs: []ast.Expr{r.rv(ix.X)}}
			k := r.conv("KeyOf", m, ix.Index, r.rv(ix.Index), keyType(r.typeOf(ix.X)))
			return &ast.BlockStmt{List: []ast.Stmt{def,
				exprStmt(r.rtCall("MapWrite", r.mark(), m, k, &ast.CallExpr{Fun: r.rtCall("ValOf", m), Args: []ast.Expr{v}}, site))}}
		}
	}
	if desc, ok := r.location(l); ok {
		// { p := &L; n := *p; n = v; Write(p, n, …) }: the assignment
		// to n converts v to L's type as the original did (v may be of
		// another type assignable to it), and Write logs the write
		// before it stores (rt_mem.go: a racing read must not name L
		// with the value stored as its init).
		p, n := r.newTmp("p"), r.newTmp("n")
		return &ast.BlockStmt{List: []ast.Stmt{
			&ast.AssignStmt{Lhs: []ast.Expr{p}, Tok: token.DEFINE, Rhs: []ast.Expr{addr(r.loc(l))}},
			&ast.AssignStmt{Lhs: []ast.Expr{n}, Tok: token.DEFINE, Rhs: []ast.Expr{&ast.StarExpr{X: p}}},
			&ast.AssignStmt{Lhs: []ast.Expr{n}, Tok: token.ASSIGN, Rhs: []ast.Expr{v}},
			exprStmt(r.rtCall("Write", r.mark(), p, n, r.lit(desc), site)),
		}}
	}
	return &ast.AssignStmt{Lhs: []ast.Expr{r.loc(l)}, Tok: token.ASSIGN, Rhs: []ast.Expr{v}}
}

// update is `l op= v` and `l++` for a recorded target: a read and a write.
// It returns nil when l is not recorded.
func (r *fileRewriter) update(l ast.Expr, op token.Token, v ast.Expr, at ast.Node) []ast.Stmt {
	site := r.lit(r.site(at))
	v = &ast.ParenExpr{X: r.rv(v)}
	if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok {
		if _, isMap := r.typeOf(ix.X).Underlying().(*types.Map); isMap {
			m, k := r.newTmp("m"), r.newTmp("k")
			defM := &ast.AssignStmt{Lhs: []ast.Expr{m}, Tok: token.DEFINE, Rhs: []ast.Expr{r.rv(ix.X)}}
			kv := r.conv("KeyOf", m, ix.Index, r.rv(ix.Index), keyType(r.typeOf(ix.X)))
			defK := &ast.AssignStmt{Lhs: []ast.Expr{k}, Tok: token.DEFINE, Rhs: []ast.Expr{kv}}
			old := r.rtCall("MapRead", r.mark(), m, k, site)
			upd := exprStmt(r.rtCall("MapWrite", r.mark(), m, k, &ast.BinaryExpr{X: old, Op: op, Y: v}, site))
			return []ast.Stmt{&ast.BlockStmt{List: []ast.Stmt{defM, defK, upd}}}
		}
	}
	desc, ok := r.location(l)
	if !ok {
		return nil
	}
	p := r.newTmp("p")
	def := &ast.AssignStmt{Lhs: []ast.Expr{p}, Tok: token.DEFINE, Rhs: []ast.Expr{addr(r.loc(l))}}
	old := r.rtCall("Read", r.mark(), p, r.lit(desc), site)
	upd := exprStmt(r.rtCall("Write", r.mark(), p, &ast.BinaryExpr{X: old, Op: op, Y: v}, r.lit(desc), site))
	return []ast.Stmt{&ast.BlockStmt{List: []ast.Stmt{def, upd}}}
}
