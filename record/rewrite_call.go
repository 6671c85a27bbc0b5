package record

import (
	"go/ast"
	"go/types"
	"strings"
)

// syncMethods maps the methods of package sync that the recorder logs to
// the runtime function that performs and logs them. Each takes a pointer
// to the receiver, the receiver's description and the site, after the
// method's own arguments.
// markedSync are the runtime's sync methods that take the mark of the
// function they are called in first (rewrite_shadow.go's mark).
var markedSync = map[string]bool{"Lock": true, "Unlock": true}

var syncMethods = map[string]string{
	"(*sync.Mutex).Lock":       "Lock",
	"(*sync.Mutex).Unlock":     "Unlock",
	"(*sync.Mutex).TryLock":    "TryLock",
	"(*sync.RWMutex).Lock":     "RWLock",
	"(*sync.RWMutex).Unlock":   "RWUnlock",
	"(*sync.RWMutex).TryLock":  "RWTryLock",
	"(*sync.RWMutex).RLock":    "RLock",
	"(*sync.RWMutex).RUnlock":  "RUnlock",
	"(*sync.RWMutex).TryRLock": "TryRLock",
	"(*sync.WaitGroup).Add":    "WGAdd",
	"(*sync.WaitGroup).Done":   "WGDone",
	"(*sync.WaitGroup).Wait":   "WGWait",
	"(*sync.WaitGroup).Go":     "WGGo",
	"(*sync.Once).Do":          "OnceDo",
	"(*sync.Cond).Wait":        "CondWait",
	"(*sync.Cond).Signal":      "CondSignal",
	"(*sync.Cond).Broadcast":   "CondBroadcast",
	"(sync.Locker).Lock":       "LockerLock",
	"(sync.Locker).Unlock":     "LockerUnlock",

	"(*sync.Pool).Put":             "PoolPut",
	"(*sync.Pool).Get":             "PoolGet",
	"(*sync.Map).Load":             "SyncMapLoad",
	"(*sync.Map).Store":            "SyncMapStore",
	"(*sync.Map).LoadOrStore":      "SyncMapLoadOrStore",
	"(*sync.Map).LoadAndDelete":    "SyncMapLoadAndDelete",
	"(*sync.Map).Delete":           "SyncMapDelete",
	"(*sync.Map).Swap":             "SyncMapSwap",
	"(*sync.Map).CompareAndSwap":   "SyncMapCompareAndSwap",
	"(*sync.Map).CompareAndDelete": "SyncMapCompareAndDelete",
	"(*sync.Map).Range":            "SyncMapRange",
	"(*sync.Map).Clear":            "SyncMapClear",
}

// contextFuncs maps the functions and methods of package context that the
// recorder wraps (rt_ctx.go) to the runtime function that performs them;
// each takes the call's arguments (a method: its receiver first), then
// the site.
var contextFuncs = map[string]string{
	"context.WithCancel":        "CtxWithCancel",
	"context.WithCancelCause":   "CtxWithCancelCause",
	"context.WithTimeout":       "CtxWithTimeout",
	"context.WithTimeoutCause":  "CtxWithTimeoutCause",
	"context.WithDeadline":      "CtxWithDeadline",
	"context.WithDeadlineCause": "CtxWithDeadlineCause",
	"context.Cause":             "CtxCause",
	"(context.Context).Done":    "CtxDone",
	"(context.Context).Err":     "CtxErr",
}

// timerFuncs maps the functions of package time that make a channel the
// time package sends on to the runtime function that marks it so
// (rt_timer.go): a receive from such a channel must not wait for a send
// by instrumented code, which never comes. A reaper that selects on a
// fresh time.After in a loop otherwise waits partnerWait at every turn.
var timerFuncs = map[string]string{
	"time.After":     "TimerChan",
	"time.Tick":      "TickChan",
	"time.NewTimer":  "Timer",
	"time.NewTicker": "Ticker",
}

// timerMethods maps the methods of *time.Timer that change whether it
// will fire to the runtime function that calls them and notes it
// (rt_timer.go): a goroutine left waiting for a timer that will fire is
// not blocked, one left waiting for a stopped timer is.
var timerMethods = map[string]string{
	"(*time.Timer).Stop":  "TimerStop",
	"(*time.Timer).Reset": "TimerReset",
}

// fullName is fn's full name, or "" for no function.
func fullName(fn *types.Func) string {
	if fn == nil {
		return ""
	}
	return fn.FullName()
}

// atomicKinds are the operations of sync/atomic by name prefix.
var atomicKinds = []string{"CompareAndSwap", "Load", "Store", "Add", "Swap", "And", "Or"}

func atomicKind(name string) string {
	for _, k := range atomicKinds {
		if strings.HasPrefix(name, k) {
			return k
		}
	}
	return ""
}

// call rewrites a call expression in value position.
func (r *fileRewriter) call(x *ast.CallExpr) ast.Expr {
	if tv, ok := r.info.Types[x.Fun]; ok && tv.IsType() {
		for i := range x.Args {
			x.Args[i] = r.rv(x.Args[i])
		}
		return x // a conversion
	}
	if e := r.builtin(x); e != nil {
		return e
	}
	fn := r.calledFunc(x)
	if fn != nil {
		if e := r.special(x, fn); e != nil {
			return e
		}
	}
	site := r.site(x)
	x.Fun = r.rv(x.Fun)
	for i := range x.Args {
		x.Args[i] = r.rv(x.Args[i])
	}
	if wrap, ok := timerFuncs[fullName(fn)]; ok {
		return r.rtCall(wrap, x)
	}
	if isIO(fn) && fn.Type().(*types.Signature).Results().Len() == 1 {
		// IOResult(IOStart(site), call): arguments are evaluated left
		// to right, so the release comes before the call.
		return r.rtCall("IOResult", r.rtCall("IOStart", r.lit(site)), x)
	}
	return x
}

// builtin rewrites close, delete and clear of a map; nil for other calls.
func (r *fileRewriter) builtin(x *ast.CallExpr) ast.Expr {
	id, ok := ast.Unparen(x.Fun).(*ast.Ident)
	if !ok {
		return nil
	}
	if _, isBuiltin := r.info.Uses[id].(*types.Builtin); !isBuiltin {
		return nil
	}
	site := r.lit(r.site(x))
	switch id.Name {
	case "close":
		return r.rtCall("Close", r.rv(x.Args[0]), site)
	case "delete":
		m := r.rv(x.Args[0])
		return r.rtCall("MapDelete", m, r.conv("KeyOf", m, x.Args[1], r.rv(x.Args[1]), keyType(r.typeOf(x.Args[0]))), site)
	case "clear":
		if _, isMap := r.typeOf(x.Args[0]).Underlying().(*types.Map); isMap {
			return r.rtCall("MapClear", r.rv(x.Args[0]), site)
		}
	case "append", "copy":
		// Both write elements of a slice (append: past the old length,
		// in capacity a shorter slice may have left): the runtime logs
		// writes of those elements that the recording has seen before,
		// whose next read would otherwise read a value no write
		// produced. A string source (append([]byte, s...), copy from a
		// string) keeps the builtin: its bytes are new elements.
		if len(x.Args) < 2 || (x.Ellipsis.IsValid() || id.Name == "copy") && isString(r.typeOf(x.Args[len(x.Args)-1])) {
			return nil
		}
		if id.Name == "copy" {
			return r.rtCall("Copy", r.rv(x.Args[0]), r.rv(x.Args[1]), site)
		}
		// Append(s, site)(ELEMS...): the elements convert to the element
		// type as append's do, and are evaluated after s, as append's.
		var elems []ast.Expr
		for _, a := range x.Args[1:] {
			elems = append(elems, r.rv(a))
		}
		call := &ast.CallExpr{Fun: r.rtCall("Append", r.rv(x.Args[0]), site), Args: elems, Ellipsis: x.Ellipsis}
		return call
	}
	return nil
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// calledFunc is the function or method a call calls statically, if any.
func (r *fileRewriter) calledFunc(x *ast.CallExpr) *types.Func {
	switch f := ast.Unparen(x.Fun).(type) {
	case *ast.Ident:
		fn, _ := r.info.Uses[f].(*types.Func)
		return fn
	case *ast.SelectorExpr:
		fn, _ := r.info.Uses[f.Sel].(*types.Func)
		return fn
	case *ast.IndexExpr: // an explicit instantiation
		if id, ok := f.X.(*ast.Ident); ok {
			fn, _ := r.info.Uses[id].(*types.Func)
			return fn
		}
	}
	return nil
}

// special rewrites calls the recorder logs: sync methods, sync/atomic,
// os.Exit, the standard library's buffers and os/exec
// (rewrite_stdmodel.go). It returns nil for any other call.
func (r *fileRewriter) special(x *ast.CallExpr, fn *types.Func) ast.Expr {
	if fn.Pkg() == nil {
		return nil
	}
	site := r.lit(r.site(x))
	switch fn.Pkg().Path() {
	case "sync":
		rt, ok := syncMethods[fn.FullName()]
		sel, isSel := ast.Unparen(x.Fun).(*ast.SelectorExpr)
		if !ok || !isSel {
			return nil
		}
		selection := r.info.Selections[sel]
		if selection == nil {
			return nil // a method expression such as (*sync.Mutex).Lock
		}
		recv, desc := r.syncReceiver(sel, selection)
		args := []ast.Expr{recv}
		if markedSync[rt] {
			args = []ast.Expr{r.mark(), recv}
		}
		for _, a := range x.Args {
			args = append(args, r.rv(a))
		}
		return r.rtCall(rt, append(args, r.lit(desc), site)...)
	case "sync/atomic":
		return r.atomicCall(x, fn, site)
	case "context":
		rt, ok := contextFuncs[fn.FullName()]
		if !ok {
			return nil
		}
		var args []ast.Expr
		if sel, isSel := ast.Unparen(x.Fun).(*ast.SelectorExpr); isSel && r.info.Selections[sel] != nil {
			args = append(args, r.rv(sel.X)) // the context of a method call
		}
		for _, a := range x.Args {
			args = append(args, r.rv(a))
		}
		return r.rtCall(rt, append(args, site)...)
	case "bytes", "strings", "fmt", "os/exec":
		return r.stdModelCall(x, fn, site)
	case "time":
		return r.timerMethod(x, fn)
	case "os":
		if fn.Name() == "Exit" && fn.Type().(*types.Signature).Recv() == nil {
			return r.rtCall("Exit", r.rv(x.Args[0]))
		}
	}
	return nil
}

// timerMethod rewrites t.Stop() and t.Reset(d) of a *time.Timer t into
// their runtime functions (timerMethods); nil for other calls, and for a
// timer reached through an embedded field or a method expression, which
// stay as they are (the timer is then taken to fire: a leak missed, not
// one made up).
func (r *fileRewriter) timerMethod(x *ast.CallExpr, fn *types.Func) ast.Expr {
	rt, ok := timerMethods[fn.FullName()]
	sel, isSel := ast.Unparen(x.Fun).(*ast.SelectorExpr)
	if !ok || !isSel {
		return nil
	}
	selection := r.info.Selections[sel]
	if selection == nil || len(selection.Index()) != 1 {
		return nil
	}
	if _, isPtr := r.typeOf(sel.X).Underlying().(*types.Pointer); !isPtr {
		return nil
	}
	args := []ast.Expr{r.rv(sel.X)}
	for _, a := range x.Args {
		args = append(args, r.rv(a))
	}
	return r.rtCall(rt, args...)
}

// isIO reports whether fn does network I/O: a function or method of
// package net or net/... (rt_io.go).
func isIO(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	p := fn.Pkg().Path()
	return p == "net" || strings.HasPrefix(p, "net/")
}

// ioResults is the number of results of an I/O call, -1 for other calls.
func (r *fileRewriter) ioResults(call *ast.CallExpr) int {
	fn := r.calledFunc(call)
	if !isIO(fn) {
		return -1
	}
	return fn.Type().(*types.Signature).Results().Len()
}

// ioHooks are the statements around an I/O call with other than one
// result (one with one result is wrapped where it stands, see call).
func (r *fileRewriter) ioHooks(call *ast.CallExpr) (pre, post []ast.Stmt) {
	if n := r.ioResults(call); n < 0 || n == 1 {
		return nil, nil
	}
	site := r.lit(r.site(call))
	return []ast.Stmt{exprStmt(r.rtCall("IORelease", site))}, []ast.Stmt{exprStmt(r.rtCall("IOAcquire", site))}
}

// syncReceiver returns a pointer to the receiver of a sync method call
// (following embedded fields) and its description.
func (r *fileRewriter) syncReceiver(sel *ast.SelectorExpr, selection *types.Selection) (ast.Expr, string) {
	path := selection.Index()
	cur := sel.X
	t := r.typeOf(sel.X)
	for _, i := range path[:len(path)-1] {
		st := t
		if p, ok := st.Underlying().(*types.Pointer); ok {
			st = p.Elem()
		}
		f := st.Underlying().(*types.Struct).Field(i)
		cur = &ast.SelectorExpr{X: cur, Sel: ast.NewIdent(f.Name())}
		t = f.Type()
	}
	desc := shortType(t)
	switch {
	case len(path) > 1:
		desc = embeddedDesc(r.typeOf(sel.X), path[:len(path)-1])
	case isPointer(t):
		desc = strings.TrimPrefix(desc, "*") // the object pointed to: named by its type
	default:
		if d, ok := r.describe(sel.X); ok {
			desc = d
		}
	}
	if _, isIface := t.Underlying().(*types.Interface); isIface {
		return r.rv(cur), desc
	}
	if _, isPtr := t.Underlying().(*types.Pointer); isPtr {
		return r.rv(cur), desc
	}
	if len(path) > 1 {
		// cur is sel.X.F1...: rewrite sel.X as a location, keep the path.
		sel.X = r.loc(sel.X)
		return addr(cur), desc
	}
	return addr(r.loc(cur)), desc
}

func isPointer(t types.Type) bool { _, ok := t.Underlying().(*types.Pointer); return ok }

// embeddedDesc is "Outer.Field" for the last embedded field of path.
func embeddedDesc(t types.Type, path []int) string {
	desc := ""
	for _, i := range path {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		name := "struct"
		if n, ok := types.Unalias(t).(*types.Named); ok {
			name = n.Obj().Name()
		}
		f := t.Underlying().(*types.Struct).Field(i)
		desc, t = name+"."+f.Name(), f.Type()
	}
	return desc
}

// atomicCall rewrites a sync/atomic function or method call into
// gpredictrt.Atomic(p, kind, desc, site, func(q *T) R { return OP(q, args) }).
func (r *fileRewriter) atomicCall(x *ast.CallExpr, fn *types.Func, site ast.Expr) ast.Expr {
	kind := atomicKind(fn.Name())
	if kind == "" {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	var ptr ast.Expr // the pointer operand
	var ptrT types.Type
	var rest []ast.Expr
	q := r.newTmp("q")
	var op ast.Expr // the call, with q for the pointer
	var desc string
	if sig.Recv() != nil {
		sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
		if !ok || r.info.Selections[sel] == nil {
			return nil
		}
		recvT := r.typeOf(sel.X)
		desc, _ = r.describe(sel.X)
		if _, isPtr := recvT.Underlying().(*types.Pointer); isPtr {
			ptr, ptrT = r.rv(sel.X), recvT
		} else {
			ptr, ptrT = addr(r.loc(sel.X)), types.NewPointer(recvT)
		}
		if named, ok := types.Unalias(ptrT.(*types.Pointer).Elem()).(*types.Named); ok && named.TypeArgs().Len() > 0 {
			// atomic.Pointer[T]: generic, so it has runtime functions
			// of its own, called with the method's arguments.
			if desc == "" {
				desc = "atomic.Pointer"
			}
			args := []ast.Expr{ptr}
			for _, a := range x.Args {
				args = append(args, r.rv(a))
			}
			return r.rtCall("Ptr"+fn.Name(), append(args, r.lit(desc), site)...)
		}
		rest = x.Args
		op = &ast.SelectorExpr{X: q, Sel: ast.NewIdent(fn.Name())}
	} else {
		if len(x.Args) == 0 {
			return nil
		}
		desc, _ = r.locationOfPointer(x.Args[0])
		ptr, ptrT = r.rv(x.Args[0]), r.typeOf(x.Args[0])
		rest = x.Args[1:]
		op = &ast.SelectorExpr{X: ast.NewIdent(r.atomicPkg), Sel: ast.NewIdent(fn.Name())}
	}
	typeExpr, ok := r.atomicTypeExpr(ptrT)
	if !ok {
		return nil
	}
	if desc == "" {
		desc = shortType(ptrT.(*types.Pointer).Elem())
	}
	var args []ast.Expr
	if sig.Recv() == nil {
		args = append(args, q)
	}
	for _, a := range rest {
		args = append(args, r.rv(a))
	}
	body := &ast.CallExpr{Fun: op, Args: args}
	params := &ast.FieldList{List: []*ast.Field{{Names: []*ast.Ident{q}, Type: typeExpr}}}
	r.atomic = true
	if sig.Results().Len() == 0 {
		lit := &ast.FuncLit{Type: &ast.FuncType{Params: params}, Body: &ast.BlockStmt{List: []ast.Stmt{&ast.ExprStmt{X: body}}}}
		return r.rtCall("AtomicVoid", ptr, r.lit(kind), r.lit(desc), site, lit)
	}
	resT, ok := basicTypeExpr(sig.Results().At(0).Type())
	if !ok {
		return nil
	}
	lit := &ast.FuncLit{
		Type: &ast.FuncType{Params: params, Results: &ast.FieldList{List: []*ast.Field{{Type: resT}}}},
		Body: &ast.BlockStmt{List: []ast.Stmt{&ast.ReturnStmt{Results: []ast.Expr{body}}}},
	}
	return r.rtCall("Atomic", ptr, r.lit(kind), r.lit(desc), site, lit)
}

// locationOfPointer describes what &L points to, when the pointer is
// written &L with L a recorded location.
func (r *fileRewriter) locationOfPointer(e ast.Expr) (string, bool) {
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op.String() == "&" {
		if d, ok := r.describe(u.X); ok {
			return d, true
		}
		if id, ok := u.X.(*ast.Ident); ok {
			if v, ok := r.info.Uses[id].(*types.Var); ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
				return "=" + v.Pkg().Name() + "." + v.Name(), true
			}
		}
	}
	return "", false
}

// atomicTypeExpr writes the pointer type of an atomic operand: *int32 …
// *uintptr, or *atomic.Int64 etc. (through the file's name of sync/atomic).
func (r *fileRewriter) atomicTypeExpr(t types.Type) (ast.Expr, bool) {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return nil, false
	}
	if b, ok := basicTypeExpr(p.Elem()); ok {
		return &ast.StarExpr{X: b}, true
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "sync/atomic" {
		return nil, false
	}
	return &ast.StarExpr{X: &ast.SelectorExpr{X: ast.NewIdent(r.atomicPkg), Sel: ast.NewIdent(n.Obj().Name())}}, true
}

// basicTypeExpr writes a basic type by name (int32, bool, …), or any
// (atomic.Value's).
func basicTypeExpr(t types.Type) (ast.Expr, bool) {
	if i, ok := t.Underlying().(*types.Interface); ok && i.Empty() {
		return ast.NewIdent("any"), true
	}
	b, ok := t.(*types.Basic)
	if !ok || b.Kind() == types.UnsafePointer {
		return nil, false
	}
	return ast.NewIdent(b.Name()), true
}
