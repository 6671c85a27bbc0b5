package spec

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"gpredict/trace"
)

// Helpers that build traces and pointcut ASTs by hand, so that matching is
// tested independently of the readers and of the parser.

// traceBuilder wraps trace.Builder with one-line event helpers.
type traceBuilder struct {
	t    testing.TB
	b    *trace.Builder
	line int
}

func newTraceBuilder(t testing.TB) *traceBuilder {
	return &traceBuilder{t: t, b: trace.NewBuilder()}
}

// evOpt sets an optional key of an event.
type evOpt func(*traceBuilder, *trace.Event)

func withTarget(obj string) evOpt {
	return func(x *traceBuilder, e *trace.Event) { e.Target = x.sym(obj) }
}

func withResult(v string) evOpt {
	return func(x *traceBuilder, e *trace.Event) { e.Result = x.sym(v) }
}

func withLoc(l string) evOpt { return func(x *traceBuilder, e *trace.Event) { e.Loc = x.sym(l) } }

func withArgs(vs ...string) evOpt {
	return func(x *traceBuilder, e *trace.Event) {
		list := make([]trace.Sym, len(vs))
		for i, v := range vs {
			list[i] = x.sym(v)
		}
		e.Args = x.b.Args(list)
	}
}

func (x *traceBuilder) sym(s string) trace.Sym { return x.b.Syms().Intern(s) }

// ev appends an event: obj is the operand (signature, variable, lock,
// thread), val the value of read/write.
func (x *traceBuilder) ev(thread string, op trace.Op, obj, val string, opts ...evOpt) *traceBuilder {
	x.t.Helper()
	x.line++
	e := trace.Event{Op: op, Obj: x.sym(obj)}
	if val != "" {
		e.Val = x.sym(val)
	}
	for _, o := range opts {
		o(x, &e)
	}
	if err := x.b.Event(trace.Pos{File: "test.trace", Line: x.line}, x.sym(thread), e); err != nil {
		x.t.Fatal(err)
	}
	return x
}

func (x *traceBuilder) call(th, sig string, opts ...evOpt) *traceBuilder {
	return x.ev(th, trace.OpCall, sig, "", opts...)
}
func (x *traceBuilder) enter(th, sig string, opts ...evOpt) *traceBuilder {
	return x.ev(th, trace.OpEnter, sig, "", opts...)
}
func (x *traceBuilder) exit(th, sig string, opts ...evOpt) *traceBuilder {
	return x.ev(th, trace.OpExit, sig, "", opts...)
}
func (x *traceBuilder) read(th, v, val string) *traceBuilder {
	return x.ev(th, trace.OpRead, v, val)
}
func (x *traceBuilder) write(th, v, val string) *traceBuilder {
	return x.ev(th, trace.OpWrite, v, val)
}
func (x *traceBuilder) object(obj, typ string) *traceBuilder {
	x.b.Object(x.sym(obj), x.sym(typ))
	return x
}
func (x *traceBuilder) finish() *trace.Trace { return x.b.Finish() }

// --- pointcut AST constructors ---

// tp parses a type pattern written as in a spec: "Collection+", "*".
func mTP(s string) *TypePattern {
	if s == "" {
		return nil
	}
	return &TypePattern{Name: strings.TrimSuffix(s, "+"), Subtypes: strings.HasSuffix(s, "+")}
}

// sig builds `RET DECL.NAME(PARAMS)`; "" for a pattern not written.
func mSig(ret, decl, name string, params ...string) *SigPattern {
	sp := &SigPattern{Ret: mTP(ret), Decl: mTP(decl), Name: name}
	for _, p := range params {
		if p == ".." {
			sp.Params = append(sp.Params, ParamPattern{Ellipsis: true})
		} else {
			sp.Params = append(sp.Params, ParamPattern{Type: mTP(p)})
		}
	}
	return sp
}

func mCall(s *SigPattern) Pointcut { return &PcInvocation{Sig: s} }
func mExec(s *SigPattern) Pointcut {
	return &PcInvocation{Execution: true, Sig: s}
}
func mGet(typ, decl, name string) Pointcut {
	return &PcField{Field: &FieldPattern{Type: mTP(typ), Decl: mTP(decl), Name: name}}
}
func mSet(typ, decl, name string) Pointcut {
	return &PcField{Set: true, Field: &FieldPattern{Type: mTP(typ), Decl: mTP(decl), Name: name}}
}
func mTarget(n string) Pointcut   { return &PcTarget{Name: n} }
func mLocation(n string) Pointcut { return &PcLocation{Name: n} }
func mWithin(t string) Pointcut   { return &PcWithin{Type: mTP(t)} }
func mLock() Pointcut             { return &PcLock{} }
func mUnlock() Pointcut           { return &PcLock{Unlock: true} }
func mVolatile() Pointcut         { return &PcVolatile{} }
func mIf(x Expr) Pointcut         { return &PcIf{X: x} }
func mNot(x Pointcut) Pointcut    { return &PcNot{X: x} }

// argsPc builds args(...): "*" any one, ".." any number, else a name.
func mArgs(names ...string) Pointcut {
	pc := &PcArgs{}
	for _, n := range names {
		switch n {
		case "*":
			pc.Args = append(pc.Args, ArgPattern{Any: true})
		case "..":
			pc.Args = append(pc.Args, ArgPattern{Ellipsis: true})
		default:
			pc.Args = append(pc.Args, ArgPattern{Name: n})
		}
	}
	return pc
}

func mAnd(ps ...Pointcut) Pointcut {
	out := ps[0]
	for _, p := range ps[1:] {
		out = &PcAnd{L: out, R: p}
	}
	return out
}

func mOr(ps ...Pointcut) Pointcut {
	out := ps[0]
	for _, p := range ps[1:] {
		out = &PcOr{L: out, R: p}
	}
	return out
}

// --- if(...) expressions ---

func xName(n string) Expr            { return &ExprName{Name: n} }
func xStr(s string) Expr             { return &ExprLit{Kind: LitString, Value: s} }
func xNum(s string) Expr             { return &ExprLit{Kind: LitNumber, Value: s} }
func xBool(s string) Expr            { return &ExprLit{Kind: LitBool, Value: s} }
func xNull() Expr                    { return &ExprLit{Kind: LitNull} }
func xBin(op string, l, r Expr) Expr { return &ExprBinary{Op: op, L: l, R: r} }
func xNot(x Expr) Expr               { return &ExprNot{X: x} }
func xMethod(recv Expr, m string, arg Expr) Expr {
	return &ExprMethod{Recv: recv, Method: m, Arg: arg}
}

// params parses "Type name" strings.
func mParams(ps ...string) []*Param {
	var out []*Param
	for _, p := range ps {
		typ, n, _ := strings.Cut(p, " ")
		out = append(out, &Param{Type: typ, Name: n})
	}
	return out
}

// decl builds an event declaration; returning is "Type name" or "".
func mDecl(n string, adv Advice, advParams []string, returning string, pc Pointcut) *EventDecl {
	d := &EventDecl{Name: n, Advice: adv, Params: mParams(advParams...), Pointcut: pc}
	if returning != "" {
		d.Returning = mParams(returning)[0]
	}
	return d
}

func mProperty(n string, ps []string, decls ...*EventDecl) *Property {
	return &Property{Name: n, Params: mParams(ps...), Events: decls}
}

// render prints property events as "decl T#k p=v ..." (unbound
// parameters left out, "if" appended for a residual condition).
func renderPropEvents(p *Property, tr *trace.Trace, evs [][]PropEvent) []string {
	var out []string
	for _, list := range evs {
		for _, e := range list {
			var b strings.Builder
			fmt.Fprintf(&b, "%s %s", p.Events[e.Decl].Name, tr.ID(e.Ref))
			for i, v := range e.Values {
				if v != trace.NoSym {
					fmt.Fprintf(&b, " %s=%s", p.Params[i].Name, tr.Str(v))
				}
			}
			if e.Residual != nil {
				b.WriteString(" if")
			}
			out = append(out, b.String())
		}
	}
	return out
}

// matchCase is one row of the matching tests: a trace, a property, and
// its property events as renderPropEvents prints them.
type matchCase struct {
	name  string
	trace func(*traceBuilder)
	prop  *Property
	want  []string
}

func runMatchCases(t *testing.T, cases []matchCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			x := newTraceBuilder(t)
			tt.trace(x)
			tr := x.finish()
			evs, err := Match(tt.prop, tr)
			if err != nil {
				t.Fatal(err)
			}
			if got := renderPropEvents(tt.prop, tr, evs); !slices.Equal(got, tt.want) {
				t.Errorf("got\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(tt.want, "\n  "))
			}
		})
	}
}
