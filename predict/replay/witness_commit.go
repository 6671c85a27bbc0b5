package replay

import "gpredict/trace"

// Commit steps in a compact Witness. A commit step (TSO, PSO) belongs to
// its write's thread but is not one of the thread's events, so the
// thread of each step no longer says which step it is: the witness keeps
// the positions of its commit steps aside, and everything that counts a
// thread's steps (tallies, StepOf, Tally, Steps) skips them.

// commitsOf lists the positions of sched's commit steps (nil if none).
func commitsOf(sched []Step) map[int]trace.EventRef {
	var out map[int]trace.EventRef
	for i, s := range sched {
		if s.Part == Commit {
			if out == nil {
				out = map[int]trace.EventRef{}
			}
			out[i] = s.Ref
		}
	}
	return out
}

// isCommit reports whether own step i is a commit step.
func (w Witness) isCommit(i int) bool {
	_, ok := w.commits[i]
	return ok
}

// CommitAt returns the write whose commit is step i, if step i is one.
func (w Witness) CommitAt(i int) (trace.EventRef, bool) {
	if i < w.headLen {
		return w.head.CommitAt(i)
	}
	r, ok := w.commits[i-w.headLen]
	return r, ok
}

// othersOf lists the positions of sched's steps that take another case
// of a select (nil if none).
func othersOf(sched []Step) map[int]Part {
	var out map[int]Part
	for i, s := range sched {
		if s.Part.Other() {
			if out == nil {
				out = map[int]Part{}
			}
			out[i] = s.Part
		}
	}
	return out
}

// PartAt is the part of step i when it takes another case of a select
// than the recorded one (Whole otherwise; for a wait's or a commit step
// see Steps and CommitAt).
func (w Witness) PartAt(i int) Part {
	if i < w.headLen {
		return w.head.PartAt(i)
	}
	return w.others[i-w.headLen]
}
