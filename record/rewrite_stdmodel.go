package record

import (
	"go/ast"
	"go/types"
	"strings"
)

// The standard library is not instrumented, so what it does to the
// user's objects is unseen. Two kinds of its objects are modelled instead
// (record/rt rt_stdbuf.go, rt_exec.go; docs/recording.md, What is
// recorded): the buffers that are documented as unsafe for concurrent
// use, bytes.Buffer and strings.Builder, whose method calls become
// accesses of one variable per buffer; and os/exec's goroutines that copy
// a process's input and output from and to such buffers, which become a
// fork at Start and an order at Wait.

// stdBufMethods maps the methods of bytes.Buffer and strings.Builder to
// the runtime function that calls them and logs the access (each takes
// the receiver, the method's arguments, the receiver's description and
// the site). Every method is here: one left out would change the buffer
// unseen, and a later read would read a version no write made.
var stdBufMethods = map[string]string{
	"(*bytes.Buffer).Available":       "BufferAvailable",
	"(*bytes.Buffer).AvailableBuffer": "BufferAvailableBuffer",
	"(*bytes.Buffer).Bytes":           "BufferBytes",
	"(*bytes.Buffer).Cap":             "BufferCap",
	"(*bytes.Buffer).Grow":            "BufferGrow",
	"(*bytes.Buffer).Len":             "BufferLen",
	"(*bytes.Buffer).Next":            "BufferNext",
	"(*bytes.Buffer).Peek":            "BufferPeek",
	"(*bytes.Buffer).Read":            "BufferRead",
	"(*bytes.Buffer).ReadByte":        "BufferReadByte",
	"(*bytes.Buffer).ReadBytes":       "BufferReadBytes",
	"(*bytes.Buffer).ReadFrom":        "BufferReadFrom",
	"(*bytes.Buffer).ReadRune":        "BufferReadRune",
	"(*bytes.Buffer).ReadString":      "BufferReadString",
	"(*bytes.Buffer).Reset":           "BufferReset",
	"(*bytes.Buffer).String":          "BufferString",
	"(*bytes.Buffer).Truncate":        "BufferTruncate",
	"(*bytes.Buffer).UnreadByte":      "BufferUnreadByte",
	"(*bytes.Buffer).UnreadRune":      "BufferUnreadRune",
	"(*bytes.Buffer).Write":           "BufferWrite",
	"(*bytes.Buffer).WriteByte":       "BufferWriteByte",
	"(*bytes.Buffer).WriteRune":       "BufferWriteRune",
	"(*bytes.Buffer).WriteString":     "BufferWriteString",
	"(*bytes.Buffer).WriteTo":         "BufferWriteTo",

	"(*strings.Builder).Cap":         "BuilderCap",
	"(*strings.Builder).Grow":        "BuilderGrow",
	"(*strings.Builder).Len":         "BuilderLen",
	"(*strings.Builder).Reset":       "BuilderReset",
	"(*strings.Builder).String":      "BuilderString",
	"(*strings.Builder).Write":       "BuilderWrite",
	"(*strings.Builder).WriteByte":   "BuilderWriteByte",
	"(*strings.Builder).WriteRune":   "BuilderWriteRune",
	"(*strings.Builder).WriteString": "BuilderWriteString",
}

// fmtFuncs are the fmt functions that write to an io.Writer; when the
// writer is statically a *bytes.Buffer or *strings.Builder, the runtime's
// version (which takes the writer, its description and the site before
// the function's other arguments) logs the write. Each calls Write once,
// even for empty output.
var fmtFuncs = map[string]string{
	"fmt.Fprint":   "FmtFprint",
	"fmt.Fprintf":  "FmtFprintf",
	"fmt.Fprintln": "FmtFprintln",
}

// execMethods are the methods of os/exec.Cmd that start and await its
// copying goroutines (rt_exec.go); each takes the receiver, its
// description and the site.
var execMethods = map[string]string{
	"(*os/exec.Cmd).Start": "ExecStart",
	"(*os/exec.Cmd).Wait":  "ExecWait",
	"(*os/exec.Cmd).Run":   "ExecRun",
}

// stdModelRuntime is the runtime function of a modelled method, if fn
// is one (stdBufMethods, execMethods).
func stdModelRuntime(fn *types.Func) (string, bool) {
	if rt, ok := stdBufMethods[fn.FullName()]; ok {
		return rt, true
	}
	rt, ok := execMethods[fn.FullName()]
	return rt, ok
}

// stdModelCall rewrites a call of a modelled method or fmt function;
// nil for other calls (left as they are: unrecorded).
func (r *fileRewriter) stdModelCall(x *ast.CallExpr, fn *types.Func, site ast.Expr) ast.Expr {
	if rt, ok := fmtFuncs[fn.FullName()]; ok {
		if len(x.Args) == 0 || !isStdBuf(r.typeOf(x.Args[0])) {
			return nil // a writer of another type, or one only known as an io.Writer
		}
		args := []ast.Expr{r.rv(x.Args[0]), r.lit(r.bufDesc(x.Args[0])), site}
		for _, a := range x.Args[1:] {
			args = append(args, r.rv(a))
		}
		call := r.rtCall(rt, args...)
		call.Ellipsis = x.Ellipsis
		if r.kept == nil {
			r.kept = map[string]ast.Expr{}
		}
		r.kept[types.ExprString(x.Fun)] = posless(ast.Unparen(x.Fun))
		return call
	}
	rt, ok := stdModelRuntime(fn)
	sel, isSel := ast.Unparen(x.Fun).(*ast.SelectorExpr)
	if !ok || !isSel {
		return nil
	}
	selection := r.info.Selections[sel]
	if selection == nil || selection.Kind() != types.MethodVal {
		return nil // a method expression such as (*bytes.Buffer).Write
	}
	// The runtime function performs the call, so that a deferred call or
	// a go statement logs when the method runs, with the receiver and
	// arguments evaluated where Go evaluates them.
	recv, desc := r.syncReceiver(sel, selection)
	desc = bufTypeDesc(desc)
	args := []ast.Expr{recv}
	for _, a := range x.Args {
		args = append(args, r.rv(a))
	}
	return r.rtCall(rt, append(args, r.lit(desc), site)...)
}

// isStdBuf reports whether t is *bytes.Buffer or *strings.Builder.
func isStdBuf(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	switch n.Obj().Pkg().Path() + "." + n.Obj().Name() {
	case "bytes.Buffer", "strings.Builder":
		return true
	}
	return false
}

// bufDesc describes the buffer a pointer expression points to: the
// location L of &L when it is recorded, else the buffer's type.
func (r *fileRewriter) bufDesc(e ast.Expr) string {
	if d, ok := r.locationOfPointer(ast.Unparen(e)); ok {
		return d
	}
	return bufTypeDesc(strings.TrimPrefix(shortType(r.typeOf(e)), "*"))
}

// bufTypeDesc qualifies a description that is a buffer's bare type,
// "Buffer" → "bytes.Buffer", so that its variable (Buffer@1) is not
// mistaken for the object a pointer to it is named (rt_names.go's objName,
// also Buffer@N, counted apart).
func bufTypeDesc(desc string) string {
	switch desc {
	case "Buffer":
		return "bytes.Buffer"
	case "Builder":
		return "strings.Builder"
	}
	return desc
}

// posless copies a function's name, fmt.Fprintf or Fprintf (a dot
// import), without positions, to refer to it at the end of the file.
func posless(fun ast.Expr) ast.Expr {
	if sel, ok := fun.(*ast.SelectorExpr); ok {
		if id, ok := sel.X.(*ast.Ident); ok {
			return &ast.SelectorExpr{X: ast.NewIdent(id.Name), Sel: ast.NewIdent(sel.Sel.Name)}
		}
	}
	if id, ok := fun.(*ast.Ident); ok {
		return ast.NewIdent(id.Name)
	}
	return fun
}
