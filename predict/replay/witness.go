package replay

import "gpredict/trace"

// Witness is a schedule kept compactly. A valid schedule is determined by
// which thread takes each step: a thread's steps follow its events in
// order, a wait's three parts in turn (rule 1). So only the thread of
// each step is kept, one byte per step when the trace has at most 256
// threads. A witness of a long recording holds every thread's past, a
// hundred thousand steps or more, and a run keeps one per report; most
// of them start with the same prefix of the recorded order, which they
// then share (Then) rather than copy.
type Witness struct {
	// head's first headLen steps come before the witness's own steps.
	head    *Witness
	headLen int
	narrow  []uint8
	wide    []uint32
}

// Then is the witness made of w's first n steps followed by steps (which
// must continue them: every step its thread's next one). The result
// shares w's steps.
func (w *Witness) Then(n int, tr *trace.Trace, steps []Step) Witness {
	own := Compact(tr, steps)
	own.head, own.headLen = w, n
	return own
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
func (w Witness) Len() int { return w.headLen + len(w.narrow) + len(w.wide) }

// thread is the thread of step i.
func (w Witness) thread(i int) trace.ThreadID {
	if i < w.headLen {
		return w.head.thread(i)
	}
	i -= w.headLen
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

// Thread is the thread of step i.
func (w Witness) Thread(i int) trace.ThreadID { return w.thread(i) }

// Tally adds to counts[t] the number of steps of thread t among steps
// [a, b) of w, and appends to order every thread met there whose seen
// entry is false (setting it): one tight pass, without spelling out the
// steps, so that a report can summarise a stretch of a long witness.
func (w Witness) Tally(a, b int, counts []int, seen []bool, order []trace.ThreadID) []trace.ThreadID {
	if a < w.headLen {
		order = w.head.Tally(a, min(b, w.headLen), counts, seen, order)
		a = w.headLen
	}
	if a >= b {
		return order
	}
	note := func(t trace.ThreadID) {
		counts[t]++
		if !seen[t] {
			seen[t] = true
			order = append(order, t)
		}
	}
	if w.narrow != nil {
		for _, t := range w.narrow[a-w.headLen : b-w.headLen] {
			note(trace.ThreadID(t))
		}
		return order
	}
	for _, t := range w.wide[a-w.headLen : b-w.headLen] {
		note(trace.ThreadID(t))
	}
	return order
}
