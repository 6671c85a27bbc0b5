package deadlock

import (
	"slices"

	"gpredict/encode"
	"gpredict/trace"
)

// A blocked end is a stop per thread, and endOf's constraints each speak
// of a few threads: the users of a channel or a lock, a forker and the
// thread it forks, a joiner and the joined thread, an event and its hb
// sources, an event and the threads it must happen after. A thread left
// with one stop (pruneStops) is the same in every end; among the others,
// threads that no constraint links fall into independent components, and
// the ends are exactly the combinations of each component's own ends
// (findEnds). Searching the components one by one costs their sum where
// one search over all threads costs their product: on a recorded test
// suite each test's goroutines are one component, and the tests are many.

// components splits the threads with more than one stop into the
// components of the constraints that link them, each in thread order,
// the components in the order of their first thread; fixed lists the
// threads with one stop.
func components(tr *trace.Trace, sc *scopes, opts [][]threadStop) (comps [][]trace.ThreadID, fixed []trace.ThreadID) {
	n := len(tr.Threads)
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	free := func(t trace.ThreadID) bool { return len(opts[t]) > 1 }
	link := func(a, b trace.ThreadID) {
		if free(a) && free(b) {
			parent[find(int(a))] = find(int(b))
		}
	}
	// Users of one channel or one lock, through the first free one.
	first := map[trace.Sym]trace.ThreadID{}
	for t, th := range tr.Threads {
		for i := range th.Events {
			ev := &th.Events[i]
			if !ev.Op.IsChan() && !ev.Op.IsLock() && !ev.Op.IsRequest() && ev.Op != trace.OpWait && ev.Op != trace.OpRecvWait {
				continue
			}
			objs := []trace.Sym{ev.Obj}
			if sel, ok := tr.SelectAt(trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)}); ok {
				for _, c := range sel.Cases {
					objs = append(objs, c.Chan)
				}
			}
			for _, o := range objs {
				if u, ok := first[o]; ok {
					link(u, trace.ThreadID(t))
				} else if free(trace.ThreadID(t)) {
					first[o] = trace.ThreadID(t)
				}
			}
		}
	}
	minPerf := make([]uint32, n)
	for t, stops := range opts {
		minPerf[t] = uint32(len(tr.Threads[t].Events))
		for _, s := range stops {
			minPerf[t] = min(minPerf[t], s.performed)
		}
	}
	need := make([]uint32, n)
	for ti, th := range tr.Threads {
		t := trace.ThreadID(ti)
		if !free(t) {
			continue
		}
		if th.HasFork {
			link(th.ForkedBy.Thread, t)
		}
		for _, r := range sc.reqs[t] {
			if r.isJoin {
				link(r.joins, t)
			}
			for _, src := range r.sources {
				link(src.Thread, t)
			}
		}
		for _, u := range dependsOn(sc.x, sc.model, t, opts[t], minPerf, need) {
			link(u, t)
		}
	}
	byRoot := map[int]int{}
	for ti := range tr.Threads {
		t := trace.ThreadID(ti)
		if !free(t) {
			fixed = append(fixed, t)
			continue
		}
		r := find(ti)
		k, ok := byRoot[r]
		if !ok {
			k = len(comps)
			byRoot[r] = k
			comps = append(comps, nil)
		}
		comps[k] = append(comps[k], t)
	}
	return comps, fixed
}

// dependsOn lists the threads whose stops scopes.ordered may compare
// with a stop of t: those of which some stop of t needs more events
// (must-happen-before, and under the implicit model the one write a last
// read needs) than their fewest kept, minPerf. need is scratch.
func dependsOn(x *encode.Index, model trace.BranchModel, t trace.ThreadID, stops []threadStop, minPerf, need []uint32) []trace.ThreadID {
	clear(need)
	tr := x.Trace
	for _, s := range stops {
		if s.performed == 0 {
			continue
		}
		ref := trace.EventRef{Thread: t, Index: s.performed - 1}
		join(need, x.Clock(ref))
		if model == trace.BranchesImplicit && tr.Event(ref).Op == trace.OpRead {
			if w, kind := x.Source(ref); kind == encode.OneWrite {
				join(need, x.Clock(w))
			}
		}
	}
	var out []trace.ThreadID
	for u, v := range need {
		if trace.ThreadID(u) != t && v > minPerf[u] {
			out = append(out, trace.ThreadID(u))
		}
	}
	return slices.Clip(out)
}
