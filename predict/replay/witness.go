package replay

import "gpredict/trace"

// Witness is a schedule kept compactly. A valid schedule is determined by
// which thread takes each step: a thread's steps follow its events in
// order, a wait's three parts in turn (rule 1). So only the thread of
// each step is kept, one byte per step when the trace has at most 256
// threads. A witness of a long recording holds every thread's past, a
// hundred thousand steps or more, and a run keeps one per report.
type Witness struct {
	narrow []uint8
	wide   []uint32
}

// Compact keeps sched, a schedule in which every step is its thread's
// next one (as every valid schedule is), as a Witness.
func Compact(tr *trace.Trace, sched []Step) Witness {
	if len(tr.Threads) <= 256 {
		w := make([]uint8, len(sched))
		for i, s := range sched {
			w[i] = uint8(s.Ref.Thread)
		}
		return Witness{narrow: w}
	}
	w := make([]uint32, len(sched))
	for i, s := range sched {
		w[i] = uint32(s.Ref.Thread)
	}
	return Witness{wide: w}
}

// Len is the number of steps.
func (w Witness) Len() int { return len(w.narrow) + len(w.wide) }

// thread is the thread of step i.
func (w Witness) thread(i int) trace.ThreadID {
	if w.narrow != nil {
		return trace.ThreadID(w.narrow[i])
	}
	return trace.ThreadID(w.wide[i])
}

// Steps expands the witness back into its schedule over tr (the trace it
// was made from).
func (w Witness) Steps(tr *trace.Trace) []Step {
	n := w.Len()
	out := make([]Step, n)
	next := make([]uint32, len(tr.Threads))
	part := make([]Part, len(tr.Threads)) // the part of the wait in progress
	for i := 0; i < n; i++ {
		t := w.thread(i)
		r := trace.EventRef{Thread: t, Index: next[t]}
		if tr.Threads[t].Events[r.Index].Op != trace.OpWait {
			out[i] = Step{Ref: r}
			next[t]++
			continue
		}
		part[t]++ // Release, Wake, Reacquire
		out[i] = Step{Ref: r, Part: part[t]}
		if part[t] == Reacquire {
			part[t] = Whole
			next[t]++
		}
	}
	return out
}
