package atomicity

import (
	"fmt"
	"strings"

	"gpredict/trace"
)

// ReportOptions is what the writers need besides the result.
type ReportOptions struct {
	Version string
	Traces  []string
	// Atomic lists the signature patterns that declared blocks atomic.
	Atomic []string
	// All lists every violation; by default violations with the same
	// blamed block location and the same cycle locations are one report.
	All     bool
	Seconds float64
}

// report is one violation shown, standing for count violations.
type report struct {
	v     *Violation
	count int
}

// reports groups the violations as opts asks, keeping their order.
func reports(tr *trace.Trace, res *Result, opts ReportOptions) []report {
	var out []report
	index := map[string]int{}
	for _, v := range res.Violations {
		if opts.All {
			out = append(out, report{v, 1})
			continue
		}
		key := groupKey(tr, v)
		if i, ok := index[key]; ok {
			out[i].count++
			continue
		}
		index[key] = len(out)
		out = append(out, report{v, 1})
	}
	return out
}

// groupKey is the locations of the blamed block and of the cycle's events
// (an event's id where it has no location).
func groupKey(tr *trace.Trace, v *Violation) string {
	where := func(r trace.EventRef) string {
		if l := tr.Event(r).Loc; l != trace.NoSym {
			return "@" + tr.Str(l)
		}
		return tr.ID(r)
	}
	parts := []string{where(v.Blamed[len(v.Blamed)-1].Enter)}
	for _, e := range v.Cycle {
		parts = append(parts, where(e.From), where(e.To))
	}
	return strings.Join(parts, " ")
}

// eventText renders an event as in the text format: op and operands.
func eventText(tr *trace.Trace, r trace.EventRef, reacquire bool) string {
	ev := tr.Event(r)
	s := ev.Op.String()
	switch ev.Op {
	case trace.OpRead, trace.OpWrite:
		s += " " + tr.Str(ev.Obj) + " " + tr.Str(ev.Val)
	case trace.OpBegin, trace.OpEnd, trace.OpBranch, trace.OpFence:
	default:
		s += " " + tr.Str(ev.Obj)
	}
	if reacquire {
		s += " (re-acquire)"
	}
	return s
}

// loc is an event's location, "" if it has none.
func loc(tr *trace.Trace, r trace.EventRef) string { return tr.Str(tr.Event(r).Loc) }

// atLoc is loc with the trace format's @, "" if there is none.
func atLoc(tr *trace.Trace, r trace.EventRef) string {
	if l := loc(tr, r); l != "" {
		return "@" + l
	}
	return ""
}

// blockText names a block: signature, enter id and, once closed, exit id.
func blockText(tr *trace.Trace, b *Block) string {
	s := tr.Str(tr.Event(b.Enter).Obj) + " " + tr.ID(b.Enter) + ".."
	if b.Closed {
		return s + tr.ID(b.Exit)
	}
	return s + "(open)"
}

// txnText names the transaction an event of thread t is in.
func txnText(tr *trace.Trace, t trace.ThreadID, b *Block) string {
	if b == nil {
		return tr.ThreadName(t)
	}
	return tr.ThreadName(t) + " in " + tr.Str(tr.Event(b.Enter).Obj) + " " + tr.ID(b.Enter)
}

// conflictText says why e's events are ordered, for people.
func conflictText(tr *trace.Trace, e Edge) string {
	from, to := tr.Event(e.From), tr.Event(e.To)
	who := func(r trace.EventRef) string { return tr.ThreadName(r.Thread) }
	switch e.Kind {
	case Access:
		return fmt.Sprintf("%s %ss %s, then %s %ss it", who(e.From), from.Op, tr.Str(from.Obj), who(e.To), to.Op)
	case Lock:
		return fmt.Sprintf("%s releases %s, then %s acquires it", who(e.From), tr.Str(from.Obj), who(e.To))
	case Fork:
		return fmt.Sprintf("%s forks %s", who(e.From), who(e.To))
	case Join:
		return fmt.Sprintf("%s ends, then %s joins it", who(e.From), who(e.To))
	}
	return "thread order"
}

// meetText says how the cycle goes on inside one transaction, from the
// event it entered by (in) to the one it leaves by (out).
func meetText(in, out trace.EventRef) string {
	if in.Index <= out.Index {
		return "then, in the same transaction"
	}
	return "and earlier, in the same transaction"
}
