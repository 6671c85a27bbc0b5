package explain

import (
	"fmt"
	"slices"
	"strings"

	"gpredict/trace"
)

// Verify checks a fact against the trace: the events it names exist and
// stand in the relation its kind states (program order, a fork, the only
// writes of a value, two holds of a lock...), its sentence names each of
// them, and a rule of one branch model is stated only under that model.
// It is written from the trace alone, independently of the code that
// builds facts, so that tests can hold every explanation to it.
func Verify(tr *trace.Trace, model trace.BranchModel, f Fact) error {
	for _, e := range f.Events {
		if int(e.Thread) >= len(tr.Threads) || int(e.Index) >= len(tr.Threads[e.Thread].Events) {
			return fmt.Errorf("%s: no such event (thread %d, index %d)", f.Kind, e.Thread, e.Index)
		}
		if id := tr.ID(e); !containsID(f.Text, id) {
			return fmt.Errorf("%s: the sentence %q does not name %s", f.Kind, f.Text, id)
		}
	}
	want := func(n int) error {
		if len(f.Events) != n {
			return fmt.Errorf("%s: %d events, want %d", f.Kind, len(f.Events), n)
		}
		return nil
	}
	op := func(i int) trace.Op { return tr.Event(f.Events[i]).Op }
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%s %q: %s", f.Kind, f.Text, fmt.Sprintf(format, args...))
	}
	switch f.Kind {
	case AskedOrder:
		return want(2)
	case AskedRead, ReadValue:
		if err := want(1); err != nil {
			return err
		}
		ev := tr.Event(f.Events[0])
		if ev.Op != trace.OpRead || tr.Str(ev.Obj) != f.Var {
			return bad("%s is not a read of %s", tr.ID(f.Events[0]), f.Var)
		}
		if f.Kind == ReadValue && tr.Str(ev.Val) != f.Value {
			return bad("%s reads %s, not %s", tr.ID(f.Events[0]), tr.Str(ev.Val), f.Value)
		}
		return verifyWriters(tr, f, bad)
	case ProgramOrder:
		if len(f.Events) < 2 {
			return bad("want 2 events or more")
		}
		for i := 1; i < len(f.Events); i++ {
			if a, b := f.Events[i-1], f.Events[i]; a.Thread != b.Thread || a.Index >= b.Index {
				return bad("not in program order")
			}
		}
	case WaitParts:
		if err := want(1); err != nil {
			return err
		}
		if op(0) != trace.OpWait {
			return bad("not a wait")
		}
	case Fork:
		if err := want(2); err != nil {
			return err
		}
		if op(0) != trace.OpFork || tr.Str(tr.Event(f.Events[0]).Obj) != tr.ThreadName(f.Events[1].Thread) || f.Events[1].Index != 0 {
			return bad("%s does not fork the thread whose first event is %s", tr.ID(f.Events[0]), tr.ID(f.Events[1]))
		}
	case Join:
		if err := want(2); err != nil {
			return err
		}
		last := f.Events[0]
		if op(1) != trace.OpJoin || tr.Str(tr.Event(f.Events[1]).Obj) != tr.ThreadName(last.Thread) ||
			int(last.Index) != len(tr.Threads[last.Thread].Events)-1 {
			return bad("%s does not join the thread whose last event is %s", tr.ID(f.Events[1]), tr.ID(last))
		}
	case MustReadFrom:
		return verifyMustReadFrom(tr, model, f, bad)
	case LockExclusion:
		return verifyLock(tr, f, bad)
	case ReadRequired:
		if err := want(2); err != nil {
			return err
		}
		r, next := f.Events[0], f.Events[1]
		if model != trace.BranchesImplicit || op(0) != trace.OpRead || next.Thread != r.Thread || next.Index != r.Index+1 {
			return bad("not a read followed by the next event of its thread under the implicit model")
		}
	case BranchRequired:
		if err := want(2); err != nil {
			return err
		}
		b, r := f.Events[0], f.Events[1]
		if model != trace.BranchesExplicit || op(0) != trace.OpBranch || op(1) != trace.OpRead || r.Thread != b.Thread || r.Index >= b.Index {
			return bad("not a branch after a read of its thread under the explicit model")
		}
		for i := r.Index + 1; i < b.Index; i++ {
			if tr.Event(trace.EventRef{Thread: b.Thread, Index: i}).Op == trace.OpRead {
				return bad("%s is not the last read before the branch", tr.ID(r))
			}
		}
	case Concrete:
		if err := want(1); err != nil {
			return err
		}
		if op(0) != trace.OpRead {
			return bad("not a read")
		}
	case NotifyWindow, NotifyNeeded, NotifyOnce:
		return verifyNotify(tr, f, bad)
	case WriteAfter, Overwritten:
		return verifyExcluded(tr, f, bad)
	case PatternEvent, PatternOrder, PatternBlock, PatternOutside, Pattern:
		if len(f.Events) == 0 {
			return bad("no events")
		}
	case Model:
		if f.Text == "" {
			return bad("no sentence")
		}
	default:
		return bad("unknown kind")
	}
	return nil
}

// containsID reports whether id occurs in s as a whole id (T1#1 is not
// found in "T1#12").
func containsID(s, id string) bool {
	for i := 0; ; {
		k := strings.Index(s[i:], id)
		if k < 0 {
			return false
		}
		end := i + k + len(id)
		if end == len(s) || s[end] < '0' || s[end] > '9' {
			return true
		}
		i = end
	}
}

// verifyWriters checks that Writers are exactly the writes of Value to
// Var, Others the other writes of Var, that the sentence names them (a
// long list of others: its first ones and how many more), and that
// Initial says whether Value is Var's initial value.
func verifyWriters(tr *trace.Trace, f Fact, bad func(string, ...any) error) error {
	var same, others []string
	for _, th := range tr.Threads {
		for i := range th.Events {
			ev := &th.Events[i]
			if ev.Op != trace.OpWrite || tr.Str(ev.Obj) != f.Var {
				continue
			}
			id := tr.ID(trace.EventRef{Thread: th.ID, Index: uint32(i)})
			if tr.Str(ev.Val) == f.Value {
				same = append(same, id)
			} else {
				others = append(others, id)
			}
		}
	}
	for _, c := range []struct {
		what       string
		want       []string
		got        []trace.EventRef
		checkNames bool
	}{{"writes of " + f.Var + " = " + f.Value, same, f.Writers, true}, {"other writes of " + f.Var, others, f.Others, f.Kind != MustReadFrom}} {
		var got []string
		for _, w := range c.got {
			got = append(got, tr.ID(w))
		}
		slices.Sort(got)
		slices.Sort(c.want)
		if c.checkNames && !slices.Equal(c.want, got) {
			return bad("the %s are %v, not %v", c.what, c.want, got)
		}
	}
	for _, w := range f.Writers {
		if !containsID(f.Text, tr.ID(w)) {
			return bad("the sentence does not name the write %s", tr.ID(w))
		}
	}
	// The sentence names the other writes when they are where the read
	// must not be: after it (the initial value, nobody else writes it)
	// or between it and its only source.
	namesOthers := (len(f.Writers) == 0 && f.Initial) || (len(f.Writers) == 1 && !f.Initial)
	if n := len(f.Others); n > 0 && namesOthers && f.Kind != MustReadFrom {
		shown := f.Others
		if n > listMax {
			shown = f.Others[:listMax-1]
			if !strings.Contains(f.Text, fmt.Sprintf(" and %d more", n-listMax+1)) {
				return bad("the sentence does not count the other writes")
			}
		}
		for _, w := range shown {
			if !containsID(f.Text, tr.ID(w)) {
				return bad("the sentence does not name the other write %s", tr.ID(w))
			}
		}
	}
	init := "0"
	for v, val := range tr.Init {
		if tr.Str(v) == f.Var {
			init = tr.Str(val)
		}
	}
	if (init == f.Value) != f.Initial {
		return bad("%s's initial value is %s", f.Var, init)
	}
	return nil
}

func verifyMustReadFrom(tr *trace.Trace, model trace.BranchModel, f Fact, bad func(string, ...any) error) error {
	if len(f.Events) != 3 {
		return bad("want 3 events")
	}
	w, r, s := f.Events[0], f.Events[1], f.Events[2]
	ev := tr.Event(r)
	if ev.Op != trace.OpRead || tr.Str(ev.Obj) != f.Var || tr.Str(ev.Val) != f.Value {
		return bad("%s does not read %s = %s", tr.ID(r), f.Var, f.Value)
	}
	only := Fact{Kind: MustReadFrom, Var: f.Var, Value: f.Value, Writers: []trace.EventRef{w}, Text: f.Text}
	if err := verifyWriters(tr, only, bad); err != nil {
		return err
	}
	if w.Thread == r.Thread || s.Thread != r.Thread || s.Index <= r.Index {
		return bad("the write must be of another thread and %s after %s in its thread", tr.ID(s), tr.ID(r))
	}
	if model == trace.BranchesImplicit {
		if s.Index != r.Index+1 {
			return bad("under the implicit model the read is required by the next event")
		}
		return nil
	}
	for i := r.Index + 1; i < s.Index; i++ {
		if tr.Event(trace.EventRef{Thread: r.Thread, Index: i}).Op == trace.OpBranch {
			return bad("an earlier branch than %s requires the read", tr.ID(s))
		}
	}
	if tr.Event(s).Op != trace.OpBranch {
		return bad("under the explicit model a branch requires the read")
	}
	return nil
}

// verifyLock checks a LockExclusion: two holds of Lock by different
// threads, each from an outermost acquire (or a wait's re-acquire, or an
// outermost racquire for a shared hold) to the release (rrelease) that
// frees the lock (or the next wait on it), as Ends says.
func verifyLock(tr *trace.Trace, f Fact, bad func(string, ...any) error) error {
	if len(f.Events) != 2 || len(f.Ends) != 2 {
		return bad("want 2 holds")
	}
	if f.Events[0].Thread == f.Events[1].Thread {
		return bad("the holds are of one thread")
	}
	for k, s := range f.Events {
		th := tr.Threads[s.Thread]
		depth := 0
		start, end := -1, -1
		for i := 0; i < len(th.Events) && end < 0; i++ {
			ev := &th.Events[i]
			if tr.Str(ev.Obj) != f.Lock {
				continue
			}
			// A shared hold (racquire … rrelease) counts its own depth;
			// an exclusive one acquires and releases.
			acq, rel := trace.OpAcquire, trace.OpRelease
			if th.Events[s.Index].Op == trace.OpRAcquire {
				acq, rel = trace.OpRAcquire, trace.OpRRelease
			}
			switch ev.Op {
			case acq:
				if depth == 0 && i == int(s.Index) {
					start = i
				}
				depth++
			case rel:
				depth--
				if depth == 0 && start >= 0 {
					end = i
				}
			case trace.OpWait:
				if start >= 0 && i > start {
					end = i
				} else if i == int(s.Index) {
					start = i
				}
			}
		}
		if start < 0 {
			return bad("%s does not start a hold of %s", tr.ID(s), f.Lock)
		}
		if end != f.Ends[k] {
			return bad("the hold from %s ends at index %d, not %d", tr.ID(s), end, f.Ends[k])
		}
		if end >= 0 && !containsID(f.Text, tr.ID(trace.EventRef{Thread: s.Thread, Index: uint32(end)})) {
			return bad("the sentence does not say where the hold from %s ends", tr.ID(s))
		}
	}
	return nil
}

func verifyNotify(tr *trace.Trace, f Fact, bad func(string, ...any) error) error {
	isWait := func(e trace.EventRef) bool { return tr.Event(e).Op == trace.OpWait }
	signal := func(e trace.EventRef) string { return tr.Str(tr.Event(e).Val) }
	notifies := func(n, w trace.EventRef, one bool) bool {
		ev := tr.Event(n)
		return (ev.Op == trace.OpNotify || (!one && ev.Op == trace.OpNotifyAll)) && tr.Str(ev.Obj) == signal(w) && n.Thread != w.Thread
	}
	switch {
	case f.Kind == NotifyNeeded && len(f.Events) == 1 && isWait(f.Events[0]) && signal(f.Events[0]) == f.Signal:
		var want, got []trace.EventRef
		for _, th := range tr.Threads {
			for i := range th.Events {
				n := trace.EventRef{Thread: th.ID, Index: uint32(i)}
				if notifies(n, f.Events[0], false) {
					want = append(want, n)
				}
			}
		}
		got = append(got, f.Notifies...)
		less := func(a, b trace.EventRef) int { return strings.Compare(tr.ID(a), tr.ID(b)) }
		slices.SortFunc(want, less)
		slices.SortFunc(got, less)
		if !slices.Equal(want, got) {
			return bad("the notifies of %s by other threads are %v", f.Signal, want)
		}
		for i, n := range got {
			if i < listMax-1 && !containsID(f.Text, tr.ID(n)) {
				return bad("the sentence does not name the notify %s", tr.ID(n))
			}
		}
	case f.Kind == NotifyWindow && len(f.Events) == 2 && isWait(f.Events[0]) && notifies(f.Events[1], f.Events[0], false):
	case f.Kind == NotifyOnce && len(f.Events) == 3 && isWait(f.Events[1]) && isWait(f.Events[2]) &&
		notifies(f.Events[0], f.Events[1], true) && notifies(f.Events[0], f.Events[2], true):
	default:
		return bad("not a wait and a notify of its signal as stated")
	}
	return nil
}

// verifyExcluded checks a write that a read cannot read from: WriteAfter
// [r, w], w a write of r's variable that must happen after r; Overwritten
// [w, w2, r], w2 a write of Var = Value that must happen after w and
// before r. "Must happen" is program order, fork and join (mustHB); a
// sentence that says "in program order" must be about one thread.
func verifyExcluded(tr *trace.Trace, f Fact, bad func(string, ...any) error) error {
	isWrite := func(e trace.EventRef, v string) bool {
		ev := tr.Event(e)
		return ev.Op == trace.OpWrite && tr.Str(ev.Obj) == v
	}
	switch {
	case f.Kind == WriteAfter && len(f.Events) == 2:
		r, w := f.Events[0], f.Events[1]
		if tr.Event(r).Op != trace.OpRead || !isWrite(w, tr.Str(tr.Event(r).Obj)) || !mustHB(tr, r, w) {
			return bad("%s is not a write of the variable that must come after %s", tr.ID(w), tr.ID(r))
		}
	case f.Kind == Overwritten && len(f.Events) == 3:
		w, w2, r := f.Events[0], f.Events[1], f.Events[2]
		ok := tr.Event(r).Op == trace.OpRead && tr.Str(tr.Event(r).Obj) == f.Var && isWrite(w, f.Var) && isWrite(w2, f.Var) &&
			tr.Str(tr.Event(w2).Val) == f.Value && mustHB(tr, w, w2) && mustHB(tr, w2, r)
		if !ok {
			return bad("%s does not write %s = %s between %s and %s", tr.ID(w2), f.Var, f.Value, tr.ID(w), tr.ID(r))
		}
	default:
		return bad("wrong events")
	}
	if strings.Contains(f.Text, "in program order") && slices.ContainsFunc(f.Events, func(e trace.EventRef) bool { return e.Thread != f.Events[0].Thread }) {
		return bad("says program order of events of different threads")
	}
	return nil
}

// mustHB reports whether a must happen before b through program order, fork
// (before the forked thread's first event) and join (after the joined
// thread's last event): a search from a, written from docs/semantics.md
// rules 1 and 2 alone.
func mustHB(tr *trace.Trace, a, b trace.EventRef) bool {
	seen := map[trace.EventRef]bool{a: true}
	work := []trace.EventRef{a}
	for len(work) > 0 {
		e := work[len(work)-1]
		work = work[:len(work)-1]
		var next []trace.EventRef
		th := tr.Threads[e.Thread]
		if int(e.Index)+1 < len(th.Events) {
			next = append(next, trace.EventRef{Thread: e.Thread, Index: e.Index + 1})
		}
		if ev := tr.Event(e); ev.Op == trace.OpFork {
			if c, ok := tr.ThreadByName(tr.Str(ev.Obj)); ok && len(tr.Threads[c].Events) > 0 {
				next = append(next, trace.EventRef{Thread: c})
			}
		}
		if int(e.Index) == len(th.Events)-1 {
			for _, u := range tr.Threads {
				for i := range u.Events {
					if ev := &u.Events[i]; ev.Op == trace.OpJoin && tr.Str(ev.Obj) == tr.ThreadName(e.Thread) {
						next = append(next, trace.EventRef{Thread: u.ID, Index: uint32(i)})
					}
				}
			}
		}
		for _, n := range next {
			if n == b {
				return true
			}
			if !seen[n] {
				seen[n] = true
				work = append(work, n)
			}
		}
	}
	return false
}
