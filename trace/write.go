package trace

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// The writers emit the directives first, then the events in writeOrder:
// each thread's events in thread order, threads interleaved only as far as
// needed to keep their numbering. Reading the output back gives the same
// events, ids, directives and thread numbering.

// sortedSyms returns the keys of m in interning order (first appearance).
func sortedSyms[V any](m map[Sym]V) []Sym {
	keys := make([]Sym, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(a, b int) bool { return keys[a] < keys[b] })
	return keys
}

// WriteText writes t in the text format of docs/trace-format.md.
func WriteText(w io.Writer, t *Trace) error {
	bw := bufio.NewWriter(w)
	tw := textWriter{w: bw, t: t}
	for _, v := range sortedSyms(t.Init) {
		tw.line("init", tw.name(t.Str(v)), tw.name(t.Str(t.Init[v])))
	}
	for _, v := range sortedSyms(t.Volatile) {
		tw.line("volatile", tw.name(t.Str(v)))
	}
	for _, d := range t.TypeDecls {
		tw.line(append([]string{"type", d.Name, ":"}, d.Supers...)...)
	}
	for _, o := range sortedSyms(t.Objects) {
		tw.line("object", tw.name(t.Str(o)), ":", tw.name(t.Str(t.Objects[o])))
	}
	for _, l := range sortedSyms(t.LockKinds) {
		tw.line("lock", tw.name(t.Str(l)), ":", t.LockKinds[l].String())
	}
	for _, c := range sortedSyms(t.ChanCaps) {
		tw.line("chan", tw.name(t.Str(c)), ":", strconv.Itoa(t.ChanCaps[c]))
	}
	for _, f := range t.HB() {
		tw.line("hb", hbText(t.ID(f.From)), hbText(t.ID(f.To)))
	}
	for _, id := range sortedSyms(t.Selects) {
		toks := []string{"select", tw.name(t.Str(id))}
		for _, c := range t.Selects[id].caseTokens(t) {
			toks = append(toks, tw.name(c))
		}
		tw.line(toks...)
	}
	for _, id := range sortedSyms(t.Stacks) {
		toks := []string{"stack", tw.name(t.Str(id))}
		for _, f := range t.Stacks[id] {
			toks = append(toks, tw.name(f.String()))
		}
		tw.line(toks...)
	}
	for _, th := range t.Threads {
		if name := t.Str(th.Name); isDirective(name) && len(th.Events) > 0 {
			tw.fail("thread name %q is a directive keyword of the text format", name)
		}
	}
	for _, r := range writeOrder(t) {
		tw.event(t.ThreadName(r.Thread), t.Event(r), t.StackID(r))
	}
	if tw.err != nil {
		return tw.err
	}
	return bw.Flush()
}

type textWriter struct {
	w   *bufio.Writer
	t   *Trace
	err error
	buf []string
}

func (tw *textWriter) fail(format string, args ...any) {
	if tw.err == nil {
		tw.err = fmt.Errorf("cannot write the trace as text: "+format, args...)
	}
}

// name returns s after checking that it reads back as one token.
func (tw *textWriter) name(s string) string {
	if p := textTokenProblem(s); p != "" {
		tw.fail("%q %s", s, p)
	}
	return s
}

// line writes tokens separated by spaces.
func (tw *textWriter) line(toks ...string) {
	if tw.err == nil {
		tw.w.WriteString(strings.Join(toks, " "))
		tw.w.WriteByte('\n')
	}
}

func (tw *textWriter) event(thread string, ev *Event, stack Sym) {
	check := func(s string, embedded bool) string {
		if !embedded {
			return tw.name(s)
		}
		if p := embeddedProblem(s); p != "" {
			tw.fail("%q %s", s, p)
		}
		return s
	}
	toks := operandTokens(tw.t, ev, stack, append(tw.buf[:0], tw.name(thread), ev.Op.String()), check)
	if stack != NoSym {
		toks = append(toks, "stack="+tw.name(tw.t.Str(stack)))
	}
	if ev.Loc != NoSym {
		loc := tw.t.Str(ev.Loc)
		if p := embeddedProblem(loc); p != "" {
			tw.fail("location %q %s", loc, p)
		}
		toks = append(toks, "@"+loc)
	}
	tw.buf = toks
	tw.line(toks...)
}

// operandTokens appends the operands of ev to toks as the text format
// writes them (a wait on its lock names its signal when a stack= key
// follows), each name passed through check (embedded: a value after a
// key such as target=, which may hold characters a token may not).
func operandTokens(t *Trace, ev *Event, stack Sym, toks []string, check func(s string, embedded bool) string) []string {
	str := func(s Sym) string { return check(t.Str(s), false) }
	embedded := func(s Sym) string { return check(t.Str(s), true) }
	switch ev.Op {
	case OpBegin, OpEnd, OpBranch, OpFence:
	case OpRead, OpWrite:
		toks = append(toks, str(ev.Obj), str(ev.Val))
	case OpSend, OpRecv, OpRecvClosed:
		toks = append(toks, str(ev.Obj))
		if ev.Op != OpRecvClosed {
			toks = append(toks, str(ev.Val))
		}
		if ev.Target != NoSym {
			toks = append(toks, "select="+str(ev.Target))
		}
	case OpWait:
		toks = append(toks, str(ev.Obj))
		if ev.Val != ev.Obj || stack != NoSym {
			toks = append(toks, str(ev.Val)) // explicit before stack=, which a second operand would be taken for
		}
	case OpCall, OpEnter, OpExit:
		// A signature may hold one space, between return and declaring type.
		for _, part := range strings.SplitN(t.Str(ev.Obj), " ", 2) {
			toks = append(toks, check(part, false))
		}
		if ev.Target != NoSym {
			toks = append(toks, "target="+embedded(ev.Target))
		}
		if ev.Args != NoArgs {
			args := t.Args(ev.Args)
			parts := make([]string, len(args))
			for i, a := range args {
				parts[i] = embedded(a)
			}
			toks = append(toks, "args="+strings.Join(parts, ","))
		}
		if ev.Result != NoSym {
			toks = append(toks, "result="+embedded(ev.Result))
		}
	default:
		toks = append(toks, str(ev.Obj))
	}
	return toks
}

// jsonlRecord is one line of the JSONL format; the field order is the key
// order of the output.
type jsonlRecord struct {
	Directive string    `json:"directive,omitempty"`
	Thread    string    `json:"thread,omitempty"`
	Op        string    `json:"op,omitempty"`
	ID        string    `json:"id,omitempty"`
	Var       string    `json:"var,omitempty"`
	Chan      string    `json:"chan,omitempty"`
	Value     *string   `json:"value,omitempty"`
	Lock      string    `json:"lock,omitempty"`
	Signal    string    `json:"signal,omitempty"`
	Child     string    `json:"child,omitempty"`
	Sig       string    `json:"sig,omitempty"`
	Target    string    `json:"target,omitempty"`
	Args      *[]string `json:"args,omitempty"`
	Result    string    `json:"result,omitempty"`
	Object    string    `json:"object,omitempty"`
	Type      string    `json:"type,omitempty"`
	Supers    []string  `json:"supers,omitempty"`
	From      string    `json:"from,omitempty"`
	To        string    `json:"to,omitempty"`
	Kind      string    `json:"kind,omitempty"`
	Cap       string    `json:"cap,omitempty"`
	Loc       string    `json:"loc,omitempty"`
	Stack     string    `json:"stack,omitempty"`
	Frames    []string  `json:"frames,omitempty"`
	Select    string    `json:"select,omitempty"`
	Cases     []string  `json:"cases,omitempty"`
	Latch     string    `json:"latch,omitempty"`
}

// WriteJSONL writes t in the JSON Lines format, one object per directive
// and per event; events carry their id.
func WriteJSONL(w io.Writer, t *Trace) error { return writeJSONL(w, t, writeOrder(t)) }

// WriteJSONLInArrivalOrder is WriteJSONL with the events in the order the
// reader delivered them (Thread.Arrival), which for a recording written
// in the order things happened keeps that order (docs/engine.md uses it
// as the first guess of a schedule).
func WriteJSONLInArrivalOrder(w io.Writer, t *Trace) error { return writeJSONL(w, t, ArrivalOrder(t)) }

func writeJSONL(w io.Writer, t *Trace, order []EventRef) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	var err error
	put := func(r *jsonlRecord) {
		if err == nil {
			err = enc.Encode(r)
		}
	}
	for _, v := range sortedSyms(t.Init) {
		val := t.Str(t.Init[v])
		put(&jsonlRecord{Directive: "init", Var: t.Str(v), Value: &val})
	}
	for _, v := range sortedSyms(t.Volatile) {
		put(&jsonlRecord{Directive: "volatile", Var: t.Str(v)})
	}
	for _, d := range t.TypeDecls {
		put(&jsonlRecord{Directive: "type", Type: d.Name, Supers: d.Supers})
	}
	for _, o := range sortedSyms(t.Objects) {
		put(&jsonlRecord{Directive: "object", Object: t.Str(o), Type: t.Str(t.Objects[o])})
	}
	for _, l := range sortedSyms(t.LockKinds) {
		put(&jsonlRecord{Directive: "lock", Lock: t.Str(l), Kind: t.LockKinds[l].String()})
	}
	for _, c := range sortedSyms(t.ChanCaps) {
		put(&jsonlRecord{Directive: "chan", Chan: t.Str(c), Cap: strconv.Itoa(t.ChanCaps[c])})
	}
	for _, f := range t.HB() {
		put(&jsonlRecord{Directive: "hb", From: t.ID(f.From), To: t.ID(f.To)})
	}
	for _, id := range sortedSyms(t.Selects) {
		put(&jsonlRecord{Directive: "select", Select: t.Str(id), Cases: t.Selects[id].caseTokens(t)})
	}
	for _, id := range sortedSyms(t.Stacks) {
		frames := make([]string, len(t.Stacks[id]))
		for i, f := range t.Stacks[id] {
			frames[i] = f.String()
		}
		put(&jsonlRecord{Directive: "stack", Stack: t.Str(id), Frames: frames})
	}
	for _, ref := range order {
		name, ev := t.ThreadName(ref.Thread), t.Event(ref)
		r := jsonlRecord{Thread: name, Op: ev.Op.String(), ID: t.ID(ref), Loc: t.Str(ev.Loc), Stack: t.Str(t.StackID(ref))}
		switch ev.Op {
		case OpFork, OpJoin:
			r.Child = t.Str(ev.Obj)
		case OpRead, OpWrite:
			val := t.Str(ev.Val)
			r.Var, r.Value = t.Str(ev.Obj), &val
		case OpAcquire, OpRelease, OpRAcquire, OpRRelease, OpRequest, OpRRequest:
			r.Lock = t.Str(ev.Obj)
		case OpWait:
			r.Lock = t.Str(ev.Obj)
			if ev.Val != ev.Obj {
				r.Signal = t.Str(ev.Val)
			}
		case OpNotify, OpNotifyAll:
			r.Signal = t.Str(ev.Obj)
		case OpSend, OpRecv:
			val := t.Str(ev.Val)
			r.Chan, r.Value, r.Select = t.Str(ev.Obj), &val, t.Str(ev.Target)
		case OpRecvClosed:
			r.Chan, r.Select = t.Str(ev.Obj), t.Str(ev.Target)
		case OpClose, OpRecvWait:
			r.Chan = t.Str(ev.Obj)
		case OpDefault:
			r.Select = t.Str(ev.Obj)
		case OpLatchWait:
			r.Latch = t.Str(ev.Obj)
		case OpCall, OpEnter, OpExit:
			r.Sig, r.Target, r.Result = t.Str(ev.Obj), t.Str(ev.Target), t.Str(ev.Result)
			if ev.Args != NoArgs {
				args := make([]string, 0, len(t.Args(ev.Args)))
				for _, a := range t.Args(ev.Args) {
					args = append(args, t.Str(a))
				}
				r.Args = &args
			}
		}
		put(&r)
	}
	if err != nil {
		return err
	}
	return bw.Flush()
}
