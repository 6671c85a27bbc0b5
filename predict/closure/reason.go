package closure

import (
	"fmt"

	"gpredict/trace"
)

// reason is the sentence of a derived order, a stop or a refutation: a
// format and its arguments, each a small value (an event, a symbol, a
// thread, a read), formatted only when it is read. A rule states its
// reason each time it runs, most of those orders are known already, and
// the orders kept are read only when someone asks why. Formatting every
// kept order, and boxing the arguments as interfaces to defer it, took
// about a tenth of the CPU of a 300K-event lock-heavy run
// (gentrace -shape locks, STD twin): reasons are values and allocate
// nothing.
type reason struct {
	tr     *trace.Trace
	format string
	args   [maxReasonArgs]reasonArg
	n      uint8
}

// maxReasonArgs is the most arguments a rule's sentence has.
const maxReasonArgs = 6

// reasonArg is one argument of a reason.
type reasonArg struct {
	kind argKind
	ref  trace.EventRef
	sym  trace.Sym
}

type argKind uint8

const (
	argEvent  argKind = iota // the event's id
	argSym                   // the symbol's name
	argThread                // the thread's name (ref.Thread)
	argRead                  // "R reads V=VAL" of the read ref
)

// because is the reason with format and args; a rule never passes more
// than maxReasonArgs (a longer list panics: a bug of the rule).
func (s *saturation) because(format string, args ...reasonArg) reason {
	if len(args) > maxReasonArgs {
		panic("closure: a reason with more than maxReasonArgs arguments")
	}
	r := reason{tr: s.x.Trace, format: format, n: uint8(len(args))}
	copy(r.args[:], args)
	return r
}

func (r reason) String() string {
	vals := make([]any, r.n)
	for i, a := range r.args[:r.n] {
		vals[i] = a.text(r.tr)
	}
	return fmt.Sprintf(r.format, vals...)
}

func (a reasonArg) text(tr *trace.Trace) string {
	switch a.kind {
	case argEvent:
		return tr.ID(a.ref)
	case argSym:
		return tr.Str(a.sym)
	case argThread:
		return tr.ThreadName(a.ref.Thread)
	}
	ev := tr.Event(a.ref)
	return fmt.Sprintf("%s reads %s=%s", tr.ID(a.ref), tr.Str(ev.Obj), tr.Str(ev.Val))
}

func (s *saturation) ref(r trace.EventRef) reasonArg { return reasonArg{kind: argEvent, ref: r} }

func (s *saturation) sym(v trace.Sym) reasonArg { return reasonArg{kind: argSym, sym: v} }

func (s *saturation) thread(t trace.ThreadID) reasonArg {
	return reasonArg{kind: argThread, ref: trace.EventRef{Thread: t}}
}

// read says "R reads V=VAL" when formatted.
func (s *saturation) read(r trace.EventRef) reasonArg { return reasonArg{kind: argRead, ref: r} }

// text is a's words, for a refutation's sentence.
func (s *saturation) text(a reasonArg) string { return a.text(s.x.Trace) }
