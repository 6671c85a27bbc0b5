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
	start, keep := make([]int, len(tr.Threads)), make([]int, len(tr.Threads))
	for t, th := range tr.Threads {
		keep[t] = len(th.Events)
		if cut[t] >= 0 && cut[t] < keep[t] {
			keep[t] = cut[t]
		}
	}
	tr.CloseEnds(start, keep)
	return tr.Window(start, keep, nil, 0)
}
