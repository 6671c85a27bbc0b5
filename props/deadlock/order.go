package deadlock

import (
	"gpredict/encode"
	"gpredict/trace"
)

// Most cycles of a recorded program are no deadlock because its threads
// are ordered: one thread's nested section must be over (it read a value
// that the other thread writes after its own section, or it was forked
// there) before another's starts. The ladder finds that too, but only
// over the trace cut at the cycle's requests, whose facts (vector clocks,
// lock holds, base order) it computes for each cycle: on the recorded
// jigsaw program that was 368 of its 398 cycles, nearly all of the
// built-in's time. The must-happen-before clocks of the whole trace,
// computed once, refute them before any cut is made.

// outOfOrder reports whether must-happen-before alone rules c out: for
// some thread of c to reach its point, an event of a thread of c beyond
// the events it performs there (candidate.stop) must have been
// performed, while in the deadlocked state every thread of c has
// performed exactly those. x is the index of the whole trace under the
// resolved branch model.
//
// What thread t must have performed to reach its point r is
//
//   - every event that must happen before the last event it performs
//     there — the one just before r, or r itself for a pending request,
//     and the `end` of an ended holder (an event t has performed, so every
//     fact of x about it applies: its clock, with program order, fork,
//     join, hb facts and must-read-from edges) — an acquire at r is not
//     performed, so the facts x states about it (an hb fact into it, say)
//     are not used;
//   - under the implicit branch model, if that event is a read, the one
//     write that can give its value (encode.OneWrite) and what must
//     happen before it: r is reached only with every read before it
//     consistent (reachable's stand-in asks the same; the explorer's
//     states too), and the clock of the event before r does not hold
//     that edge, which x puts at r. (A write of t after the read is then
//     an event of t at or after r: the read can never be consistent.) A
//     read whose value no write gives (encode.Impossible) can never be
//     consistent either, so r is never reached.
//
// Every fact used holds in every feasible schedule of the whole trace,
// and a deadlocked state is one (a schedule whose threads of c stop
// before their requests), so a cycle ruled out here has no witness.
func outOfOrder(x *encode.Index, model trace.BranchModel, c candidate) bool {
	tr := x.Trace
	stop := c.stop(tr)
	need := make([]uint32, len(tr.Threads))
	for t, n := range stop {
		if n <= 0 {
			continue // performs nothing (or is not of c)
		}
		clear(need)
		last := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(n - 1)}
		join(need, x.Clock(last))
		if model == trace.BranchesImplicit && tr.Event(last).Op == trace.OpRead {
			switch w, kind := x.Source(last); {
			case kind == encode.Impossible:
				return true
			case kind == encode.OneWrite:
				join(need, x.Clock(w))
			}
		}
		for u, m := range stop {
			if m >= 0 && need[u] > uint32(m) {
				return true
			}
		}
	}
	return false
}

// join raises each entry of into to that of clock.
func join(into, clock []uint32) {
	for u, v := range clock {
		into[u] = max(into[u], v)
	}
}
