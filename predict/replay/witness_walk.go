package replay

import "gpredict/trace"

// walk calls f for each of the first n steps in order, with the step's
// thread and, for the steps that are not their thread's next event's,
// what they are instead: the write a commit step commits (commit true),
// or the case a step takes instead of the recorded one (part; Whole
// otherwise). It reads the witness in one pass: Steps asked each step's
// thread, commit and part by position, each from the first witness of
// the chain of shared prefixes down and a run's by binary search, and
// that was a third of writing the JSON document of the 10K-event
// lock-heavy recording (11,528 reports).
func (w Witness) walk(n int, f func(t trace.ThreadID, c trace.EventRef, commit bool, part Part)) {
	if w.head != nil {
		w.head.walk(min(n, w.headLen), f)
	}
	n -= w.headLen
	at := func(i int, t trace.ThreadID) {
		var (
			c  trace.EventRef
			ok bool
		)
		if w.commits != nil {
			c, ok = w.commits[i]
		}
		part := Whole
		if w.others != nil {
			part = w.others[i]
		}
		f(t, c, ok, part)
	}
	switch {
	case w.runs != nil:
		for k, i := 0, 0; i < n; k++ {
			for end := min(n, int(w.runs[k].end)); i < end; i++ {
				at(i, trace.ThreadID(w.runs[k].thread))
			}
		}
	case w.narrow != nil:
		for i := range min(n, len(w.narrow)) {
			at(i, trace.ThreadID(w.narrow[i]))
		}
	default:
		for i := range min(n, len(w.wide)) {
			at(i, trace.ThreadID(w.wide[i]))
		}
	}
}
