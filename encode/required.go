package encode

import "gpredict/trace"

// closeRequired extends the down-closed set s with what its required
// reads need, until nothing changes, and returns done: per thread t, the
// reads of events from[t] to done[t]-1 are required (from nil: from the
// start). Reads before from[t] are not looked at, and with a budget > 0
// the closure stops once it has looked at that many events; both only
// leave reads unsettled, never call one required that is not.
//
// A read of s is required when its requirer (index.go) is in s, or when a
// later write of its thread is the source of a required read (that write
// must be concrete: every read before it is consistent). Required reads
// form a prefix of a thread's reads, since requirers never decrease. For
// each required read, source names the write it reads from, if one is
// known; that write and what must happen before it join s.
//
// With holds (Freeze), a thread of s that would stop inside a lock hold
// anywhere but at an event of holds also gets the rest of the hold.
func (x *Index) closeRequired(s *Slice, from []int, budget int, holds []trace.EventRef, source func(trace.EventRef, *trace.Event) (trace.EventRef, bool)) []int {
	tr := x.Trace
	need := func(e trace.EventRef) bool {
		if int(e.Index) < s.Prefix[e.Thread] {
			return false
		}
		JoinClock(x, s.Prefix, e)
		return true
	}
	atHold := func(t, n int) bool {
		for _, r := range holds {
			if int(r.Thread) == t && int(r.Index) == n-1 {
				return true
			}
		}
		return false
	}
	done := make([]int, len(s.Prefix)) // reads from from[t] below done[t] are settled
	copy(done, from)
	looked := 0
	concrete := make([]int, len(s.Prefix))
	for t := range concrete {
		concrete[t] = -1 // the last write of t that is a required read's source
	}
	for changed := true; changed; {
		changed = false
		for t, n := range s.Prefix {
			if holds != nil && n > 0 && !atHold(t, n) {
				if end := x.holdReach[t][n-1]; int(end) >= n {
					changed = need(trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(end)}) || changed
				}
			}
			th := tr.Threads[t]
			for ; done[t] < s.Prefix[t]; done[t]++ {
				if looked++; budget > 0 && looked > budget {
					return done
				}
				i := done[t]
				ev := &th.Events[i]
				if ev.Op != trace.OpRead {
					continue
				}
				if req := requirer(th, i, x.model()); (req < 0 || req >= s.Prefix[t]) && i > concrete[t] {
					break
				}
				if w, ok := source(trace.EventRef{Thread: th.ID, Index: uint32(i)}, ev); ok {
					changed = need(w) || changed
					if int(w.Index) > concrete[w.Thread] {
						concrete[w.Thread] = int(w.Index)
						changed = true
					}
				}
			}
		}
	}
	return done
}
