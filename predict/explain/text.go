package explain

import (
	"fmt"
	"strings"

	"gpredict/trace"
)

// All wording of explanations is here, one case per kind, so that it can
// be reviewed in one place. A sentence names events by id and says only
// what its Fact holds (Verify checks the Fact).

// StepName is an event id with a wait's part ("T1#4.wake").
func StepName(tr *trace.Trace, r trace.EventRef, part uint8) string {
	return trace.Step{Ref: r, Part: trace.Part(part)}.Format(tr)
}

// render sets f.Text from its fields.
func (f *Fact) render(tr *trace.Trace) {
	id := func(i int) string { return tr.ID(f.Events[i]) }
	var s string
	switch f.Kind {
	case AskedOrder:
		s = fmt.Sprintf("you ask for %s before %s", StepName(tr, f.Events[0], f.Steps[0]), StepName(tr, f.Events[1], f.Steps[1]))
	case AskedRead:
		s = fmt.Sprintf("you ask that %s reads %s = %s, %s", id(0), f.Var, f.Value, f.readRule(tr))
	case ProgramOrder:
		if len(f.Events) == 2 {
			s = fmt.Sprintf("%s comes before %s in program order", id(0), id(1))
		} else {
			s = fmt.Sprintf("%s follow one another in program order", ids(tr, f.Events))
		}
	case WaitParts:
		s = fmt.Sprintf("wait %s releases its lock, wakes up and re-acquires it in that order", id(0))
	case Fork:
		s = fmt.Sprintf("%s forks %s, whose first event is %s", id(0), tr.ThreadName(f.Events[1].Thread), id(1))
	case Join:
		s = fmt.Sprintf("%s joins %s, whose last event is %s", id(1), tr.ThreadName(f.Events[0].Thread), id(0))
	case MustReadFrom:
		s = fmt.Sprintf("once %s runs, %s must have read %s = %s, which only %s writes, so %s comes before %s",
			id(2), id(1), f.Var, f.Value, id(0), id(0), id(2))
	case LockExclusion:
		s = fmt.Sprintf("%s and %s cannot hold %s at once: %s, %s", tr.ThreadName(f.Events[0].Thread), tr.ThreadName(f.Events[1].Thread),
			f.Lock, f.hold(tr, 0), f.hold(tr, 1))
	case ReadValue:
		s = fmt.Sprintf("%s reads %s = %s, %s", id(0), f.Var, f.Value, f.readRule(tr))
	case ReadRequired:
		s = fmt.Sprintf("once %s runs, %s before it must have read its recorded value (implicit branch model)", id(1), id(0))
	case BranchRequired:
		s = fmt.Sprintf("once branch %s runs, the reads of %s up to %s must have read their recorded values (explicit branch model)",
			id(0), tr.ThreadName(f.Events[0].Thread), id(1))
	case Concrete:
		s = fmt.Sprintf("a write of %s after %s writes a known value only if the reads of %s up to %s read their recorded values",
			tr.ThreadName(f.Events[0].Thread), id(0), tr.ThreadName(f.Events[0].Thread), id(0))
	case WriteAfter:
		s = fmt.Sprintf("%s comes after %s%s, so %s cannot read its value", id(1), id(0), samePO(f.Events...), id(0))
	case Overwritten:
		s = fmt.Sprintf("%s writes %s = %s after %s and before %s%s, so %s cannot read %s's value",
			id(1), f.Var, f.Value, id(0), id(2), samePO(f.Events...), id(2), id(0))
	case NotifyWindow:
		s = fmt.Sprintf("%s can wake %s only while it waits (between %s and %s)", id(1), id(0),
			StepName(tr, f.Events[0], 1), StepName(tr, f.Events[0], 2))
	case NotifyNeeded:
		s = fmt.Sprintf("wait %s wakes up only after a notify on %s issued while it waits", id(0), f.Signal)
		switch len(f.Notifies) {
		case 0:
			s += fmt.Sprintf(", and no other thread notifies %s", f.Signal)
		case 1:
			s += fmt.Sprintf(", and only %s notifies %s", tr.ID(f.Notifies[0]), f.Signal)
		default:
			s += fmt.Sprintf(", and only %s notify %s", listed(tr, f.Notifies), f.Signal)
		}
	case NotifyOnce:
		s = fmt.Sprintf("notify %s wakes at most one of %s and %s", id(0), id(1), id(2))
	case PatternEvent:
		s = fmt.Sprintf("the pattern needs %s (%s) in the schedule", id(0), f.Names[0])
	case PatternOrder:
		s = fmt.Sprintf("the pattern puts %s (%s) before %s (%s)", id(0), f.Names[0], id(1), f.Names[1])
	case PatternBlock:
		s = fmt.Sprintf("the pattern needs %s next to each other, with nothing in between", f.named(tr, f.Events))
	case PatternOutside:
		s = fmt.Sprintf("%s may not come between %s", id(0), f.named(tr, f.Events[1:]))
	case Pattern:
		s = fmt.Sprintf("the pattern's condition on %s", f.named(tr, f.Events))
	default:
		s = f.Text // Model: encode's own sentence
	}
	f.Text = s
}

// named lists events with their pattern names where the fact has them.
func (f *Fact) named(tr *trace.Trace, rs []trace.EventRef) string {
	items := make([]string, len(rs))
	for i, r := range rs {
		items[i] = tr.ID(r)
		if k := len(f.Events) - len(rs) + i; k < len(f.Names) && f.Names[k] != "" {
			items[i] += " (" + f.Names[k] + ")"
		}
	}
	return andList(items)
}

// hold describes the hold starting at Events[i].
func (f *Fact) hold(tr *trace.Trace, i int) string {
	start := f.Events[i]
	if f.Ends[i] < 0 {
		return fmt.Sprintf("%s holds it from %s to the end", tr.ThreadName(start.Thread), tr.ID(start))
	}
	end := trace.EventRef{Thread: start.Thread, Index: uint32(f.Ends[i])}
	return fmt.Sprintf("%s holds it from %s to %s", tr.ThreadName(start.Thread), tr.ID(start), tr.ID(end))
}

// readRule says what reading Var = Value takes (rule 5): where the value
// can come from, and so where the read must lie among the writes of Var.
func (f *Fact) readRule(tr *trace.Trace) string {
	r := tr.ID(f.Events[0])
	switch {
	case len(f.Writers) == 0 && !f.Initial:
		return fmt.Sprintf("a value no event writes (%s starts as %s)", f.Var, f.initialValue(tr))
	case len(f.Writers) == 0 && len(f.Others) == 0:
		return "the initial value, which no event changes"
	case len(f.Writers) == 0:
		return fmt.Sprintf("the initial value, so %s must come before every write of %s (%s)", r, f.Var, listed(tr, f.Others))
	case f.Initial:
		return fmt.Sprintf("the initial value, which also %s write%s: %s must come before every write of %s, or read from one of those",
			ids(tr, f.Writers), verbS(len(f.Writers)), r, f.Var)
	case len(f.Writers) > 1:
		return fmt.Sprintf("which only %s write: the last write of %s before %s must be one of them", ids(tr, f.Writers), f.Var, r)
	case len(f.Others) == 0:
		return fmt.Sprintf("which only %s writes, so %s must come before %s", ids(tr, f.Writers), ids(tr, f.Writers), r)
	}
	w := ids(tr, f.Writers)
	return fmt.Sprintf("which only %s writes, so %s must come before %s with no other write of %s (%s) in between", w, w, r, f.Var, listed(tr, f.Others))
}

// listMax is how many events a list in a sentence names; longer lists
// name that many and count the rest.
const listMax = 6

// listed names the events of rs, or the first listMax-1 and how many more.
func listed(tr *trace.Trace, rs []trace.EventRef) string {
	if len(rs) <= listMax {
		return ids(tr, rs)
	}
	names := make([]string, listMax-1)
	for i, r := range rs[:listMax-1] {
		names[i] = tr.ID(r)
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names, ", "), len(rs)-listMax+1)
}

func verbS(n int) string {
	if n == 1 {
		return "s"
	}
	return ""
}

// initialValue is Var's initial value.
func (f *Fact) initialValue(tr *trace.Trace) string {
	v, _ := tr.Syms.Lookup(f.Var)
	return tr.Str(tr.InitValue(v))
}

// samePO says " in program order" when the events are of one thread
// (their order needs no other fact), else nothing (chains of facts
// follow the sentence).
func samePO(rs ...trace.EventRef) string {
	for _, r := range rs {
		if r.Thread != rs[0].Thread {
			return ""
		}
	}
	return " in program order"
}
