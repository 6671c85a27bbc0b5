package explore

import (
	"slices"
	"strings"

	"gpredict/predict/replay"
	"gpredict/trace"
)

// Deadlocks finds, by visiting every reachable state (every feasible
// schedule prefix of docs/semantics.md), each deadlock of tr under model: a
// cycle of threads each of which has reached an acquire of a lock that the
// next thread of the cycle holds. A thread has reached its next event when
// it is not inside a wait and, under the implicit branch model, every read
// it has made returned its recorded value (its next event may depend on any
// of them; under the explicit model an acquire depends on none). A deadlock
// is given as the requests of its threads in id order; the list is sorted
// by the ids and has no duplicates. model must be resolved.
func Deadlocks(tr *trace.Trace, model trace.BranchModel) [][]trace.EventRef {
	seen := map[string]bool{}
	found := map[string][]trace.EventRef{}
	var visit func(s *state)
	visit = func(s *state) {
		var b strings.Builder
		s.key(&b)
		if seen[b.String()] {
			return
		}
		seen[b.String()] = true
		for _, d := range stateDeadlocks(tr, model, s) {
			found[idList(tr, d)] = d
		}
		for _, n := range successors(tr, model, s) {
			visit(n)
		}
	}
	visit(newState(tr))
	keys := make([]string, 0, len(found))
	for k := range found {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out := make([][]trace.EventRef, len(keys))
	for i, k := range keys {
		out[i] = found[k]
	}
	return out
}

// stateDeadlocks returns the cycles of the waits-for relation of s: t
// waits for u when t has reached an acquire of a lock u holds.
func stateDeadlocks(tr *trace.Trace, model trace.BranchModel, s *state) [][]trace.EventRef {
	waitsFor := map[trace.ThreadID]trace.ThreadID{}
	for ti, th := range tr.Threads {
		t := trace.ThreadID(ti)
		if s.part[t] != replay.Whole || int(s.started[t]) == len(th.Events) || (model == trace.BranchesImplicit && s.bad[t]) {
			continue
		}
		ev := &th.Events[s.started[t]]
		if h, held := s.holder[ev.Obj]; ev.Op == trace.OpAcquire && held && h.thread != t {
			waitsFor[t] = h.thread
		}
	}
	var out [][]trace.EventRef
	for start := range waitsFor {
		// Follow the relation from start; a cycle through start is
		// reported from its smallest thread only.
		var cyc []trace.EventRef
		t, ok := start, true
		for len(cyc) <= len(tr.Threads) {
			cyc = append(cyc, trace.EventRef{Thread: t, Index: s.started[t]})
			if t, ok = waitsFor[t]; !ok || t == start {
				break
			}
		}
		if ok && t == start && slices.IndexFunc(cyc, func(r trace.EventRef) bool { return r.Thread < start }) < 0 {
			slices.SortFunc(cyc, func(a, b trace.EventRef) int { return int(a.Thread) - int(b.Thread) })
			out = append(out, cyc)
		}
	}
	return out
}

func idList(tr *trace.Trace, refs []trace.EventRef) string {
	ids := make([]string, len(refs))
	for i, r := range refs {
		ids[i] = tr.ID(r)
	}
	return strings.Join(ids, " ")
}
