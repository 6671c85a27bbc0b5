package deadlock

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

// A blocked request is not performed, so it is not in the witness; but
// the thread has *reached* it, and that is more than having performed the
// events before it:
//
//   - under the implicit branch model the request, like any next step of
//     the thread, may depend on every read before it, so those reads must
//     return their recorded values (else the thread might not request the
//     lock at all);
//   - a thread whose last event before the request is a wait has reached
//     the request only when the wait is complete (woken and re-acquired),
//     while a schedule may hold just the wait's release part.
//
// Both hold exactly when a step of the thread at the request's place is in
// the schedule, so the request is replaced by a stand-in: an event of the
// thread that the causal model does not otherwise constrain (`begin`: no
// lock, no value, no signal, and not a branch, so under the explicit model
// it asks for no read). The stand-in keeps the request's id and arrival
// position.

// standIn is the stand-in for the request at ev.
func standIn(ev *trace.Event) trace.Event {
	return trace.Event{Op: trace.OpBegin, Obj: trace.NoSym, Val: trace.NoSym,
		Target: trace.NoSym, Result: trace.NoSym, Args: trace.NoArgs, Loc: ev.Loc}
}

// withStandIns returns a copy of cut, the trace orig cut right before the
// requests at reqs (truncate), sharing what it does not change, in which
// each thread of reqs ends with the stand-in of its request.
func withStandIns(cut, orig *trace.Trace, reqs []trace.EventRef) *trace.Trace {
	out := *cut
	out.Threads = append([]*trace.Thread(nil), cut.Threads...)
	for _, r := range reqs {
		th, from := *cut.Threads[r.Thread], orig.Threads[r.Thread]
		i := int(r.Index)
		th.Events = append(th.Events[:i:i], standIn(&from.Events[i]))
		th.Arrival = append(th.Arrival[:i:i], from.Arrival[i])
		out.Threads[r.Thread] = &th
	}
	return &out
}
