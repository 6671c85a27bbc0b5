package deadlock

import (
	"slices"

	"gpredict/trace"
)

// pruneStops drops the stops that no blocked end can contain, whatever
// the other threads' stops: a stop is kept only while every other thread
// it needs something of has a kept stop that gives it. Each test below
// is one of endOf's constraints asked of one thread's stop against the
// *sets* of the others' stops, so a dropped stop fails endOf in every
// combination and the ends are exactly those of the unpruned search;
// what changes is that the search no longer tries them. Dropping stops
// can take away what another stop needed (a holder of a lock, a stop
// before a fork), so it repeats until nothing changes.
//
// On a recorded test suite most stops are acquires whose lock no other
// thread can hold at any stop (a lock held across no wait, a channel
// operation or a nested acquire), and a thread that keeps one stop (its
// end) is fixed: it no longer ties the threads it shares something with
// into one component (ends_components.go).
func pruneStops(tr *trace.Trace, sc *scopes, opts [][]threadStop) [][]threadStop {
	for {
		sets := summarize(tr, opts)
		changed := false
		for t := range opts {
			kept := slices.DeleteFunc(slices.Clone(opts[t]), func(s threadStop) bool {
				return !sets.supported(tr, sc, trace.ThreadID(t), s)
			})
			if len(kept) != len(opts[t]) {
				opts[t] = kept
				changed = true
			}
		}
		if !changed {
			return opts
		}
	}
}

// stopSets summarizes every thread's kept stops for pruneStops.
type stopSets struct {
	// minPerf and maxPerf are the fewest and most events a kept stop of
	// the thread performs (all of them: endOf's "finished", which a join
	// needs).
	minPerf, maxPerf []uint32
	// holders lists, per resource, up to two threads with a kept stop
	// that holds it (two are enough to know whether one is not t).
	holders map[resource][]trace.ThreadID
}

func summarize(tr *trace.Trace, opts [][]threadStop) *stopSets {
	n := len(opts)
	ss := &stopSets{minPerf: make([]uint32, n), maxPerf: make([]uint32, n), holders: map[resource][]trace.ThreadID{}}
	for t, stops := range opts {
		total := uint32(len(tr.Threads[t].Events))
		ss.minPerf[t] = total
		for _, s := range stops {
			ss.minPerf[t] = min(ss.minPerf[t], s.performed)
			ss.maxPerf[t] = max(ss.maxPerf[t], s.performed)
			for r := range s.held {
				if h := ss.holders[r]; len(h) < 2 && !slices.Contains(h, trace.ThreadID(t)) {
					ss.holders[r] = append(h, trace.ThreadID(t))
				}
			}
		}
	}
	return ss
}

// supported reports whether stop s of thread t can be part of an end as
// far as the others' kept stops go (see pruneStops).
func (ss *stopSets) supported(tr *trace.Trace, sc *scopes, t trace.ThreadID, s threadStop) bool {
	th := tr.Threads[t]
	// The fork: absent needs a stop of the forker before it, any other
	// stop one after it.
	if th.HasFork && len(th.Events) > 0 {
		f := th.ForkedBy
		if s.kind == stopAbsent {
			if ss.minPerf[f.Thread] > f.Index {
				return false
			}
		} else if ss.maxPerf[f.Thread] <= f.Index {
			return false
		}
	}
	// What it performed needs the joined threads finished and the hb
	// sources performed.
	for _, r := range sc.reqs[t] {
		if r.index >= s.performed {
			break
		}
		if r.isJoin && int(ss.maxPerf[r.joins]) < len(tr.Threads[r.joins].Events) {
			return false
		}
		for _, src := range r.sources {
			if ss.maxPerf[src.Thread] <= src.Index {
				return false
			}
		}
	}
	ref := trace.EventRef{Thread: t, Index: s.at}
	switch {
	case s.kind == stopPending:
		ev := tr.Event(ref)
		if ev.Op.IsPending() {
			return true
		}
		return ss.canKeep(tr, t, s, ev.Obj, ev.Op == trace.OpRRequest)
	case s.kind != stopAt:
		return true
	case len(tr.HBSources(ref)) > 0:
		return true // it may wait for an hb source, whatever its op
	}
	ev := tr.Event(ref)
	switch ev.Op {
	case trace.OpJoin:
		v, ok := tr.ThreadByName(tr.Str(ev.Obj))
		return ok && int(ss.minPerf[v]) < len(tr.Threads[v].Events)
	case trace.OpAcquire, trace.OpRAcquire:
		return ss.canKeep(tr, t, s, ev.Obj, ev.Op == trace.OpRAcquire)
	}
	return true
}

// canKeep reports whether some choice of the others' kept stops keeps
// lock l from thread t at its stop s, as lockKept asks of one choice:
// t's own hold at s, or another thread's kept stop that holds it.
func (ss *stopSets) canKeep(tr *trace.Trace, t trace.ThreadID, s threadStop, l trace.Sym, shared bool) bool {
	kind := tr.Kind(l)
	if _, ok := s.held[resource{l, modeX}]; ok && !kind.Reentrant() {
		return true
	}
	if _, ok := s.held[resource{l, modeS}]; ok && !shared {
		return true
	}
	other := func(m mode) bool {
		return slices.ContainsFunc(ss.holders[resource{l, m}], func(u trace.ThreadID) bool { return u != t })
	}
	return other(modeX) || !shared && other(modeS) || shared && kind.WriterPreference() && other(modeW)
}
