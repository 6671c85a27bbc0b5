package explore

import (
	"slices"
	"strings"

	"gpredict/predict/replay"
	"gpredict/trace"
)

// Deadlocks finds, by visiting every reachable state (every feasible
// schedule prefix of docs/semantics.md), each deadlock of tr under model
// (docs/semantics.md, Deadlocks). A thread is blocked when it has reached
// an acquire (or racquire) it cannot take — its next event, or the one a
// request at the end of its events announces — and it waits for every
// thread that keeps it from it: the holder of the lock exclusively (the
// thread itself, for a lock that is not re-entrant), for an exclusive
// acquire every holder of it shared (itself too: no lock is upgraded),
// and, for a shared acquire of an rwmutex, every other thread that waits
// to acquire it exclusively (writer preference). A thread has reached its
// next event when it is not inside a wait and, under the implicit branch
// model, every read it has made returned its recorded value (its next
// event may depend on any of them; under the explicit model an acquire
// depends on none).
//
// A deadlock is either a cycle of threads, each waiting for the next (a
// thread waiting for itself is a cycle of one), given as the events its
// threads are blocked at, or a blocked thread and a thread it waits for
// that has ended (performed all its events, the last one `end`) holding
// the lock, given as the blocked event and the `end`. Each list is in id
// order; the result is sorted by the ids and has no duplicates. model
// must be resolved.
func Deadlocks(tr *trace.Trace, model trace.BranchModel) [][]trace.EventRef {
	found := map[string][]trace.EventRef{}
	eachState(tr, model, func(s *state, _ []*state) {
		for _, d := range stateDeadlocks(tr, model, s) {
			found[idList(tr, d)] = d
		}
	})
	return byKey(found)
}

// eachState calls f once for every reachable state of tr under model
// (memoised by state key), with the state's successors.
func eachState(tr *trace.Trace, model trace.BranchModel, f func(s *state, next []*state)) {
	seen := map[string]bool{}
	var visit func(s *state)
	visit = func(s *state) {
		var b strings.Builder
		s.key(&b)
		if seen[b.String()] {
			return
		}
		seen[b.String()] = true
		next := successors(tr, model, s)
		f(s, next)
		for _, n := range next {
			visit(n)
		}
	}
	visit(newState(tr))
}

// byKey returns the values of m in the order of their keys.
func byKey[V any](m map[string]V) []V {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out := make([]V, len(keys))
	for i, k := range keys {
		out[i] = m[k]
	}
	return out
}

// blockedAt returns the event thread t of s is blocked at and the threads
// it waits for (see Deadlocks), or ok = false.
func blockedAt(tr *trace.Trace, model trace.BranchModel, s *state, t trace.ThreadID) (at trace.EventRef, by []trace.ThreadID, ok bool) {
	th := tr.Threads[t]
	if s.part[t] != replay.Whole || (model == trace.BranchesImplicit && s.bad[t]) || s.sendBlocks(tr, t) {
		return at, nil, false
	}
	i := int(s.started[t])
	var ev *trace.Event
	switch {
	case i < len(th.Events) && (th.Events[i].Op == trace.OpAcquire || th.Events[i].Op == trace.OpRAcquire):
		at, ev = trace.EventRef{Thread: t, Index: uint32(i)}, &th.Events[i]
	case i == len(th.Events) && i > 0 && th.Events[i-1].Op.IsRequest():
		at, ev = trace.EventRef{Thread: t, Index: uint32(i - 1)}, &th.Events[i-1]
	default:
		return at, nil, false
	}
	l, shared := ev.Obj, ev.Op.Requested() == trace.OpRAcquire
	for ui := range tr.Threads {
		u := trace.ThreadID(ui)
		h, held := s.holder[l]
		blocks := held && h.thread == u && (u != t || !tr.Kind(l).Reentrant())
		blocks = blocks || !shared && s.shared[l][u] > 0
		blocks = blocks || shared && u != t && isWaitingWriter(tr, s, l, u)
		if blocks {
			by = append(by, u)
		}
	}
	return at, by, len(by) > 0
}

// isWaitingWriter reports whether thread u of s waits to acquire the
// rwmutex l exclusively.
func isWaitingWriter(tr *trace.Trace, s *state, l trace.Sym, u trace.ThreadID) bool {
	if !tr.Kind(l).WriterPreference() || s.started[u] == 0 || s.part[u] != replay.Whole {
		return false
	}
	ev := tr.Event(trace.EventRef{Thread: u, Index: s.started[u] - 1})
	return ev.Op == trace.OpRequest && ev.Obj == l
}

// ended reports whether thread u of s has performed all its events, the
// last one `end`.
func ended(tr *trace.Trace, s *state, u trace.ThreadID) bool {
	evs := tr.Threads[u].Events
	return len(evs) > 0 && int(s.started[u]) == len(evs) && s.part[u] == replay.Whole && evs[len(evs)-1].Op == trace.OpEnd
}

// stateDeadlocks returns the deadlocks of s: the simple cycles of the
// waits-for relation (each found from its smallest thread) and the pairs
// of a blocked thread and an ended thread it waits for.
func stateDeadlocks(tr *trace.Trace, model trace.BranchModel, s *state) [][]trace.EventRef {
	n := len(tr.Threads)
	at := make([]trace.EventRef, n)
	waits := make([][]trace.ThreadID, n)
	for ti := range tr.Threads {
		t := trace.ThreadID(ti)
		if a, by, ok := blockedAt(tr, model, s, t); ok {
			at[t], waits[t] = a, by
		}
	}
	var out [][]trace.EventRef
	byRef := func(a, b trace.EventRef) int {
		if a.Less(b) {
			return -1
		}
		if b.Less(a) {
			return 1
		}
		return 0
	}
	for ti := range tr.Threads {
		t := trace.ThreadID(ti)
		for _, u := range waits[t] {
			if ended(tr, s, u) {
				d := []trace.EventRef{at[t], {Thread: u, Index: uint32(len(tr.Threads[u].Events) - 1)}}
				slices.SortFunc(d, byRef)
				out = append(out, d)
			}
		}
	}
	// Simple cycles through start whose other threads are larger than it.
	var path []trace.ThreadID
	onPath := make([]bool, n)
	var walk func(start, t trace.ThreadID)
	walk = func(start, t trace.ThreadID) {
		path = append(path, t)
		onPath[t] = true
		for _, u := range waits[t] {
			switch {
			case u == start:
				d := make([]trace.EventRef, len(path))
				for i, p := range path {
					d[i] = at[p]
				}
				slices.SortFunc(d, byRef)
				out = append(out, d)
			case u > start && !onPath[u] && len(waits[u]) > 0:
				walk(start, u)
			}
		}
		path = path[:len(path)-1]
		onPath[t] = false
	}
	for ti := range tr.Threads {
		if len(waits[ti]) > 0 {
			walk(trace.ThreadID(ti), trace.ThreadID(ti))
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
