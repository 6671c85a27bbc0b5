package reuse

import (
	"gpredict/predict/replay"
	"gpredict/trace"
)

// Add harvests sched, a schedule from the start of the trace that the
// caller found feasible (a bad one only spoils proposals, which the
// validator then rejects). At every point of it, each pair of threads
// whose next events can go next and are conflicting accesses, and each
// pair where one thread first runs on alone to its access, is recorded
// with that point, unless the pair has maxSpots proposals already.
//
// A schedule longer than MaxSchedule is not harvested, nor one with a
// step that is not a whole event (a wait's parts, a relaxed write's
// commit, another case of a select): the simulation here follows only
// whole events.
func (p *Pool) Add(sched []replay.Step) {
	if len(sched) == 0 || len(sched) > MaxSchedule {
		return
	}
	for _, st := range sched {
		if st.Part != trace.Whole {
			return
		}
	}
	id := len(p.scheds)
	p.scheds = append(p.scheds, sched)
	h := newHarvest(p)
	for k := 0; k <= len(sched); k++ {
		if k > 0 {
			h.apply(sched[k-1].Ref)
		}
		h.point(id, k)
	}
}

// harvest is the state of the trace along one schedule.
type harvest struct {
	p  *Pool
	tr *trace.Trace
	// next[t] is the number of thread t's events scheduled; stale[t]
	// says its last one was a read that saw another value than it
	// recorded, so the thread cannot go on.
	next  []uint32
	stale []bool
	val   map[trace.Sym]trace.Sym
	locks map[trace.Sym]lockHold
	// fronts groups, by variable, the accesses that can go next.
	fronts map[trace.Sym][]trace.EventRef
	// run is a thread's own writes and lock changes as it runs on alone.
	run runState
}

// lockHold is a lock's state: its exclusive holder and depth, and how
// many shared holds are open.
type lockHold struct {
	owner  trace.ThreadID
	depth  int
	shared int
}

func newHarvest(p *Pool) *harvest {
	tr := p.x.Trace
	n := len(tr.Threads)
	return &harvest{p: p, tr: tr, next: make([]uint32, n), stale: make([]bool, n),
		val: map[trace.Sym]trace.Sym{}, locks: map[trace.Sym]lockHold{}, fronts: map[trace.Sym][]trace.EventRef{}}
}

func (h *harvest) value(v trace.Sym) trace.Sym {
	if x, ok := h.val[v]; ok {
		return x
	}
	return h.tr.InitValue(v)
}

// apply performs event r, the next of its thread.
func (h *harvest) apply(r trace.EventRef) {
	t := r.Thread
	h.next[t] = r.Index + 1
	ev := h.tr.Event(r)
	h.stale[t] = ev.Op == trace.OpRead && h.value(ev.Obj) != ev.Val
	l := h.locks[ev.Obj]
	switch ev.Op {
	case trace.OpWrite:
		h.val[ev.Obj] = ev.Val
	case trace.OpAcquire:
		l.owner = t
		l.depth++
	case trace.OpRelease:
		l.depth--
	case trace.OpRAcquire:
		l.shared++
	case trace.OpRRelease:
		l.shared--
	default:
		return
	}
	h.locks[ev.Obj] = l
}

// ready reports whether everything that must happen before r (the
// index's clocks) is scheduled once thread r.Thread has run up to it.
func (h *harvest) ready(r trace.EventRef) bool {
	for u := range h.next {
		if trace.ThreadID(u) != r.Thread && h.p.x.ClockAt(r, trace.ThreadID(u)) > h.next[u] {
			return false
		}
	}
	return true
}

// canGo reports whether thread t has a next event and may take it.
func (h *harvest) canGo(t int) bool {
	return !h.stale[t] && int(h.next[t]) < len(h.tr.Threads[t].Events)
}

// point records the pairs available after the first k steps of
// schedule id.
func (h *harvest) point(id, k int) {
	clear(h.fronts)
	for t := range h.next {
		if !h.canGo(t) {
			continue
		}
		r := trace.EventRef{Thread: trace.ThreadID(t), Index: h.next[t]}
		if ev := h.tr.Event(r); ev.Op.IsAccess() && h.ready(r) {
			h.fronts[ev.Obj] = append(h.fronts[ev.Obj], r)
		}
	}
	if len(h.fronts) == 0 {
		return
	}
	for t := range h.next {
		if h.canGo(t) {
			h.runOn(id, k, trace.ThreadID(t))
		}
	}
}

// runOn runs thread b on alone from the point, pairing each of its
// accesses with the other threads' next accesses that conflict with it.
func (h *harvest) runOn(id, k int, b trace.ThreadID) {
	evs := h.tr.Threads[b].Events
	from := h.next[b]
	h.run.reset()
	for j := from; int(j) < len(evs) && j < from+maxRun; j++ {
		ev := &evs[j]
		e := trace.EventRef{Thread: b, Index: j}
		if ev.Op.IsAccess() {
			h.pairWith(id, k, e, ev, from)
		}
		if !h.run.pass(h, b, ev) {
			return
		}
	}
}

// pairWith records e (thread e.Thread having run on from from) with each
// next access of another thread that conflicts with it.
func (h *harvest) pairWith(id, k int, e trace.EventRef, ev *trace.Event, from uint32) {
	checked := false
	for _, f := range h.fronts[ev.Obj] {
		if f.Thread == e.Thread || ev.Op == trace.OpRead && h.tr.Event(f).Op == trace.OpRead {
			continue
		}
		key := pairOf(f, e)
		spots := h.p.spots[key]
		if len(spots) >= maxSpots {
			continue
		}
		if !checked {
			if !h.ready(e) {
				return
			}
			checked = true
		}
		h.p.spots[key] = append(spots, spot{sched: id, cut: k, run: e.Thread, from: from, to: e.Index})
	}
}

// runState is the values a thread running on alone has written, few
// enough to search. Its lock holds need no record: it may take a lock
// only when no other thread holds it, which its own acquires and
// releases do not change.
type runState struct {
	vals []varVal
}

type varVal struct{ v, val trace.Sym }

func (s *runState) reset() { s.vals = s.vals[:0] }

// pass performs ev for thread b if it can go now, and reports whether
// it could: a read must see the value it recorded, an acquire find the
// lock free or already b's; any other event than an access, a lock's
// exclusive acquire or release, or a branch ends the run.
func (s *runState) pass(h *harvest, b trace.ThreadID, ev *trace.Event) bool {
	switch ev.Op {
	case trace.OpRead:
		return s.value(h, ev.Obj) == ev.Val
	case trace.OpWrite:
		s.vals = append(s.vals, varVal{ev.Obj, ev.Val})
		return true
	case trace.OpAcquire:
		if l := h.locks[ev.Obj]; l.shared > 0 || l.depth > 0 && l.owner != b {
			return false // another thread holds it: it cannot release it on b's run
		}
		return true
	case trace.OpRelease, trace.OpBranch:
		return true
	}
	return false
}

func (s *runState) value(h *harvest, v trace.Sym) trace.Sym {
	for i := len(s.vals) - 1; i >= 0; i-- {
		if s.vals[i].v == v {
			return s.vals[i].val
		}
	}
	return h.value(v)
}
