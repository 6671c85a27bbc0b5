package replay

import (
	"sort"

	"gpredict/trace"
)

// Runs of steps in a compact Witness. A witness that follows the
// recorded order of a trace written thread by thread (a Deadlock
// witness: every thread of the cycle up to its request, one after the
// other) is a few long runs of one thread's steps: kept as runs it takes
// a few bytes instead of one per step. On a lock-order-heavy trace of
// 160K events the Deadlock built-in keeps 10,000 such witnesses, which
// took 1.8 GB of resident memory one byte a step. Compact chooses runs
// when they are at least sixteen times fewer than the steps (and the
// witness has no commit steps).

// threadRun is a run of own steps of one thread, ending (exclusive) at
// own position end.
type threadRun struct {
	thread uint32
	end    uint32
}

// runsOf returns sched as runs when that is worth it, else nil.
func runsOf(sched []Step) []threadRun {
	if len(sched) == 0 {
		return nil
	}
	n := 1
	for i := 1; i < len(sched); i++ {
		if sched[i].Ref.Thread != sched[i-1].Ref.Thread {
			n++
		}
	}
	if 16*n > len(sched) {
		return nil
	}
	out := make([]threadRun, 0, n)
	for i, s := range sched {
		if i > 0 && s.Ref.Thread == sched[i-1].Ref.Thread {
			out[len(out)-1].end++
			continue
		}
		out = append(out, threadRun{thread: uint32(s.Ref.Thread), end: uint32(i + 1)})
	}
	return out
}

// runAt is the index of the run holding own step i.
func (w Witness) runAt(i int) int {
	return sort.Search(len(w.runs), func(k int) bool { return int(w.runs[k].end) > i })
}

// runStart is the own position where run k starts.
func (w Witness) runStart(k int) int {
	if k == 0 {
		return 0
	}
	return int(w.runs[k-1].end)
}

// runsBefore adds to counts[t] the number of thread t's steps among the
// first n own steps.
func (w Witness) runsBefore(n int, counts []int) {
	for k, r := range w.runs {
		a := w.runStart(k)
		if a >= n {
			return
		}
		counts[r.thread] += min(int(r.end), n) - a
	}
}

// runsStepOf is StepOf over the own steps: the own position of thread
// t's step k, or -1.
func (w Witness) runsStepOf(t trace.ThreadID, k int) int {
	for i, r := range w.runs {
		if trace.ThreadID(r.thread) != t {
			continue
		}
		a := w.runStart(i)
		if l := int(r.end) - a; k < l {
			return a + k
		} else {
			k -= l
		}
	}
	return -1
}

// runsTally is Tally over own steps [a, b).
func (w Witness) runsTally(a, b int, note func(trace.ThreadID, int)) {
	for k := w.runAt(a); k < len(w.runs) && w.runStart(k) < b; k++ {
		r := w.runs[k]
		note(trace.ThreadID(r.thread), min(int(r.end), b)-max(w.runStart(k), a))
	}
}
