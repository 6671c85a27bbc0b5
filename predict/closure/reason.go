package closure

import (
	"fmt"

	"gpredict/trace"
)

// reason is the sentence of a derived order or a refutation, formatted
// only when it is kept. A rule states its reason each time it runs, and
// most of those orders are known already: formatting every one took
// about a twentieth of saturate's time on a 16-thread lock-heavy trace.
type reason struct {
	format string
	args   []any
}

func because(format string, args ...any) reason { return reason{format, args} }

func (r reason) String() string { return fmt.Sprintf(r.format, r.args...) }

// named prints as an event's id, a symbol or a thread's name when a
// reason is formatted.
type named struct {
	tr   *trace.Trace
	kind byte // 'e' event, 's' symbol, 't' thread
	ref  trace.EventRef
	sym  trace.Sym
}

func (n named) String() string {
	switch n.kind {
	case 'e':
		return n.tr.ID(n.ref)
	case 's':
		return n.tr.Str(n.sym)
	}
	return n.tr.ThreadName(n.ref.Thread)
}

func (s *saturation) ref(r trace.EventRef) named { return named{tr: s.x.Trace, kind: 'e', ref: r} }

func (s *saturation) sym(v trace.Sym) named { return named{tr: s.x.Trace, kind: 's', sym: v} }

func (s *saturation) thread(t trace.ThreadID) named {
	return named{tr: s.x.Trace, kind: 't', ref: trace.EventRef{Thread: t}}
}
