package greedy

import (
	"gpredict/encode"
	"gpredict/predict/closure"
	"gpredict/trace"
)

// Cut picks where a window of the candidate begins: about k events before
// the end of every thread's part of the must-set (res.Cut), and at or
// before every chosen event, moved back until no thread is inside a lock
// hold there, exclusive or shared (a window then holds no release
// without its acquire), and
// until the events before the cut are down-closed (what must happen
// before one of them is before the cut too).
func Cut(x *encode.Index, ch closure.Chain, res closure.Result, k int) []int {
	start := make([]int, len(res.Cut))
	for t, n := range res.Cut {
		start[t] = max(0, n-k)
	}
	for _, c := range ch.Events() {
		start[c.Thread] = min(start[c.Thread], int(c.Index))
	}
	for changed := true; changed; {
		changed = false
		// A derived order into the prefix from after the cut cannot be
		// kept: its target leaves the prefix.
		for _, e := range res.Edges {
			if int(e.To.Index) < start[e.To.Thread] && int(e.From.Index) >= start[e.From.Thread] {
				start[e.To.Thread], changed = int(e.To.Index), true
			}
		}
		for t := range start {
			tid := trace.ThreadID(t)
			for start[t] > 0 {
				if open := x.OpenAfter(tid, start[t]-1); len(open) > 0 {
					start[t], changed = int(open[0]), true
					continue
				}
				if s := x.OpenSharedAfter(tid, start[t]-1); s >= 0 {
					start[t], changed = s, true
					continue
				}
				// Lock kinds: a cut right after a request of an rwmutex
				// would leave its thread waiting in the past, which the
				// window's trace cannot say (writer preference,
				// docs/semantics.md rule 3): cut before the request.
				if ev := &x.Trace.Threads[t].Events[start[t]-1]; ev.Op == trace.OpRequest && x.Trace.Kind(ev.Obj).WriterPreference() {
					start[t], changed = start[t]-1, true
					continue
				}
				last := trace.EventRef{Thread: tid, Index: uint32(start[t] - 1)}
				fits := true
				for u, v := range x.Clock(last) {
					if u != t && int(v) > start[u] {
						fits = false
						break
					}
				}
				if fits {
					break
				}
				start[t], changed = start[t]-1, true
			}
		}
	}
	return start
}
