package props

import "gpredict/trace"

// truncate returns the trace whose threads stop where a deadlocked
// schedule leaves them: thread t keeps its first cut[t] events (cut[t] <
// 0: all of them). A schedule of the result is a schedule of tr, and a
// schedule of tr that leaves the cut threads exactly at their cut points
// is one of the result, provided the cut is closed:
//
//   - a thread forked by an event that is cut away never starts, so it
//     keeps no events;
//   - a thread that joins a thread that lost events cannot get past that
//     join (in tr the join needs the lost events), so it is cut there.
//
// truncate closes cut under both rules (it only ever lowers cut points).
// Threads keep their ids and event indexes, so refs carry over unchanged.
func truncate(tr *trace.Trace, cut []int) *trace.Trace {
	n := len(tr.Threads)
	keep := make([]int, n)
	for t, th := range tr.Threads {
		keep[t] = len(th.Events)
		if cut[t] >= 0 && cut[t] < keep[t] {
			keep[t] = cut[t]
		}
	}
	for changed := true; changed; {
		changed = false
		for t, th := range tr.Threads {
			for i := 0; i < keep[t]; i++ {
				ev := &th.Events[i]
				if ev.Op != trace.OpJoin {
					continue
				}
				if j, ok := tr.ThreadByName(tr.Str(ev.Obj)); ok && keep[j] < len(tr.Threads[j].Events) {
					keep[t], changed = i, true
					break
				}
			}
		}
		for t, th := range tr.Threads {
			if th.HasFork && keep[t] > 0 && int(th.ForkedBy.Index) >= keep[th.ForkedBy.Thread] {
				keep[t], changed = 0, true
			}
		}
	}
	out := *tr
	out.Threads = make([]*trace.Thread, n)
	for t, th := range tr.Threads {
		c := *th
		c.Events = th.Events[:keep[t]:keep[t]]
		if len(c.Arrival) > keep[t] {
			c.Arrival = th.Arrival[:keep[t]:keep[t]]
		}
		if keep[t] == 0 {
			// A thread that never starts constrains nothing; its fork may
			// be cut away, so it must not point at it.
			c.HasFork = false
		}
		out.Threads[t] = &c
	}
	return &out
}
