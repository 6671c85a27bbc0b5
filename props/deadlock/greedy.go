package deadlock

import (
	"container/heap"

	"gpredict/predict/replay"
	"gpredict/trace"
)

// A thread that loops over the same nested acquires gives one request per
// iteration, so one cycle of k such threads has n^k candidates (3,125 for
// the five philosophers of DiningPhil, five rounds each), and a solver
// call per candidate costs mostly the setting up of a solver context. Most
// candidates of recorded traces have a simple witness, so before asking
// the solver the built-in tries to build one in Go: a greedy replay of the
// trace in which every thread runs as far as it can, the threads of the
// candidate stop at their request points (an ended holder runs to its
// end), and a thread of the candidate takes what it will still hold
// there — a lock, exclusively or shared, or the wait for an rwmutex —
// only once no other thread of the candidate still needs that lock
// before its own point. The schedule found this way only proposes: it
// goes through the same checks as the solver's, and one that fails them
// settles nothing (the solver decides).

// greedyWitnesses returns proposed witnesses for c in the decider's form
// (the stand-ins of c's acquires last): the greedy replay trimmed to what
// the deadlock needs, then untrimmed; none if the replay does not bring
// c's threads to their points. Every read in them returns its recorded
// value, which is more than either branch model asks.
func greedyWitnesses(tr *trace.Trace, c candidate) [][]replay.Step {
	g := newGreedy(tr, c)
	g.run()
	for t, n := range c.stop(tr) {
		if n >= 0 && int(g.started[t]) != n {
			return nil
		}
	}
	var out [][]replay.Step
	for _, sched := range [][]replay.Step{trim(tr, c, g.sched), g.sched} {
		for _, r := range c.standIns() {
			sched = append(sched, replay.Step{Ref: r})
		}
		out = append(out, sched)
	}
	return out
}

type greedy struct {
	tr      *trace.Trace
	stop    []uint32 // per thread: events it may perform
	started []uint32
	holder  map[trace.Sym]trace.ThreadID
	depth   map[trace.Sym]int
	// shared[l][t] is t's depth of shared holds of l outside its own
	// exclusive hold, inner those inside it (re-entrant); writers[l]
	// the threads that have requested the rwmutex l and not acquired it.
	shared  map[trace.Sym]map[trace.ThreadID]int
	inner   map[trace.Sym]map[trace.ThreadID]int
	writers map[trace.Sym]map[trace.ThreadID]bool
	value   map[trace.Sym]trace.Sym // current value per variable
	sched   []replay.Step
	// keep[t][i]: event i of candidate thread t takes a resource of a
	// lock that t still holds at its point; lastUse[t][l]: the last other
	// event of candidate thread t before its point that takes l (an
	// acquire, a racquire, a request of an rwmutex).
	keep    map[trace.ThreadID]map[uint32]trace.Sym
	lastUse map[trace.ThreadID]map[trace.Sym]uint32
	// short counts the threads of the candidate not yet at their points:
	// once it is 0 the run is over (run).
	short int

	// The scheduler: ready holds the threads that may be enabled, by the
	// arrival position of their next event; a thread found blocked waits
	// in waiting under what blocks it until that changes.
	ready   readyHeap
	waiting map[blocker][]trace.ThreadID
}

// blocker is what a blocked thread waits for: a lock to be released, a
// variable to be written, or another thread to take a step.
type blocker struct {
	kind uint8 // onLock, onVar, onThread
	id   uint32
}

const (
	onLock uint8 = iota
	onVar
	onThread
)

func newGreedy(tr *trace.Trace, c candidate) *greedy {
	g := &greedy{
		tr: tr, stop: make([]uint32, len(tr.Threads)), started: make([]uint32, len(tr.Threads)),
		holder: map[trace.Sym]trace.ThreadID{}, depth: map[trace.Sym]int{}, value: map[trace.Sym]trace.Sym{},
		shared: map[trace.Sym]map[trace.ThreadID]int{}, inner: map[trace.Sym]map[trace.ThreadID]int{},
		writers: map[trace.Sym]map[trace.ThreadID]bool{},
		keep:    map[trace.ThreadID]map[uint32]trace.Sym{}, lastUse: map[trace.ThreadID]map[trace.Sym]uint32{},
		waiting: map[blocker][]trace.ThreadID{},
	}
	for t, th := range tr.Threads {
		g.stop[t] = uint32(len(th.Events))
	}
	kept := func(t trace.ThreadID, stop int, held map[resource]trace.EventRef) {
		g.stop[t] = uint32(stop)
		if stop > 0 {
			g.short++
		}
		g.keep[t] = map[uint32]trace.Sym{}
		for res, at := range held {
			g.keep[t][at.Index] = res.lock
		}
		g.lastUse[t] = lastUses(tr, tr.Threads[t].Events[:stop], g.keep[t])
	}
	stop := c.stop(tr)
	for _, l := range c.links {
		t := l.req.ref.Thread
		kept(t, stop[t], l.req.held)
	}
	if h := c.ended; h != nil {
		kept(h.thread, stop[h.thread], h.held)
	}
	for t := range tr.Threads {
		g.push(trace.ThreadID(t))
	}
	return g
}

// lastUses maps each lock to the index of the last event in evs that
// takes it (an outermost acquire or racquire, a request of an rwmutex)
// and is not in skip.
func lastUses(tr *trace.Trace, evs []trace.Event, skip map[uint32]trace.Sym) map[trace.Sym]uint32 {
	out := map[trace.Sym]uint32{}
	h := newHoldState()
	for i := range evs {
		ev := &evs[i]
		takes := false
		switch ev.Op {
		case trace.OpAcquire:
			takes = h.xdepth[ev.Obj] == 0
		case trace.OpRAcquire:
			takes = h.xdepth[ev.Obj] == 0
		case trace.OpRequest:
			takes = tr.Kind(ev.Obj).WriterPreference()
		}
		if _, kept := skip[uint32(i)]; takes && !kept {
			out[ev.Obj] = uint32(i)
		}
		h.step(trace.EventRef{Index: uint32(i)}, ev)
	}
	return out
}

// run takes, again and again, the enabled thread whose next event came
// first in the recording (its arrival position), until every thread of
// the candidate is at its point, or none is enabled. Stopping at the
// former does not change the witness, only the time (on the recorded
// jigsaw program the rest of the trace was most of it): trim keeps no
// step after the last point of the candidate, and what it keeps before
// depends only on the schedule up to there.
func (g *greedy) run() {
	for g.ready.Len() > 0 && g.short > 0 {
		t := heap.Pop(&g.ready).(readyThread).t
		ok, b, never := g.enabled(t)
		switch {
		case ok:
			g.take(t)
			g.push(t)
		case !never:
			g.waiting[b] = append(g.waiting[b], t)
		}
	}
}

// push makes t ready, unless it is done.
func (g *greedy) push(t trace.ThreadID) {
	if i := g.started[t]; i < g.stop[t] {
		pos := i
		if th := g.tr.Threads[t]; int(i) < len(th.Arrival) {
			pos = th.Arrival[i]
		}
		heap.Push(&g.ready, readyThread{t, pos})
	}
}

// wake makes the threads waiting for b ready again.
func (g *greedy) wake(b blocker) {
	for _, t := range g.waiting[b] {
		g.push(t)
	}
	delete(g.waiting, b)
}

// enabled reports whether thread t's next event may be taken now: the
// rules of docs/semantics.md, the trace's hb facts among them, with every
// read consistent, no wait (a
// thread stops before its first wait), a request of an rwmutex taken only
// together with its acquire unless the candidate keeps it, and a kept
// resource taken only when no other thread of the candidate will still
// take its lock before its point. If not, it says what t waits for, or
// never if t cannot go on.
func (g *greedy) enabled(t trace.ThreadID) (ok bool, b blocker, never bool) {
	i := g.started[t]
	th := g.tr.Threads[t]
	if i == 0 && th.HasFork && g.started[th.ForkedBy.Thread] <= th.ForkedBy.Index {
		return false, blocker{onThread, uint32(th.ForkedBy.Thread)}, false
	}
	for _, src := range g.tr.HBSources(trace.EventRef{Thread: t, Index: i}) {
		if g.started[src.Thread] <= src.Index {
			return false, blocker{onThread, uint32(src.Thread)}, false
		}
	}
	ev := &th.Events[i]
	lockWait := blocker{onLock, uint32(ev.Obj)}
	switch ev.Op {
	case trace.OpWait:
		return false, b, true
	case trace.OpJoin:
		if c, ok := g.tr.ThreadByName(g.tr.Str(ev.Obj)); ok && int(g.started[c]) < len(g.tr.Threads[c].Events) {
			return false, blocker{onThread, uint32(c)}, false
		}
	case trace.OpRead:
		if g.current(ev.Obj) != ev.Val {
			return false, blocker{onVar, uint32(ev.Obj)}, false
		}
	case trace.OpAcquire:
		if !g.free(t, ev.Obj, false) {
			return false, lockWait, false
		}
	case trace.OpRAcquire:
		if !g.free(t, ev.Obj, true) {
			return false, lockWait, false
		}
	case trace.OpRequest:
		_, kept := g.keep[t][i]
		next := int(i) + 1
		if !kept && g.tr.Kind(ev.Obj).WriterPreference() && (next >= len(th.Events) || uint32(next) >= g.stop[t] || !g.free(t, ev.Obj, false)) {
			// Waiting would keep readers out: wait until the lock is free.
			return false, lockWait, next >= len(th.Events)
		}
	}
	if l, kept := g.keep[t][i]; kept {
		for u, uses := range g.lastUse {
			if at, ok := uses[l]; ok && u != t && g.started[u] <= at {
				return false, blocker{onThread, uint32(u)}, false
			}
		}
	}
	return true, b, false
}

// free reports whether t may take l now, shared or exclusively.
func (g *greedy) free(t trace.ThreadID, l trace.Sym, shared bool) bool {
	if h, held := g.holder[l]; held && (h != t || !g.tr.Kind(l).Reentrant()) {
		return false
	}
	if !shared {
		for _, d := range g.shared[l] {
			if d > 0 {
				return false // no lock is upgraded, nor taken while read
			}
		}
	}
	if shared {
		for u := range g.writers[l] {
			if u != t {
				return false
			}
		}
	}
	return true
}

func (g *greedy) current(v trace.Sym) trace.Sym {
	if val, ok := g.value[v]; ok {
		return val
	}
	return g.tr.InitValue(v)
}

// take performs thread t's next event and wakes the threads it may
// unblock.
func (g *greedy) take(t trace.ThreadID) {
	ref := trace.EventRef{Thread: t, Index: g.started[t]}
	ev := g.tr.Event(ref)
	l := ev.Obj
	switch ev.Op {
	case trace.OpAcquire:
		g.holder[l] = t
		g.depth[l]++
		delete(g.writers[l], t)
	case trace.OpRelease:
		if g.depth[l]--; g.depth[l] <= 0 {
			delete(g.depth, l)
			delete(g.holder, l)
			g.wake(blocker{onLock, uint32(l)})
		}
	case trace.OpRAcquire:
		m := g.shared
		if h, held := g.holder[l]; held && h == t {
			m = g.inner
		}
		if m[l] == nil {
			m[l] = map[trace.ThreadID]int{}
		}
		m[l][t]++
	case trace.OpRRelease:
		if g.inner[l][t] > 0 {
			g.inner[l][t]--
		} else if g.shared[l][t]--; g.shared[l][t] <= 0 {
			delete(g.shared[l], t)
			g.wake(blocker{onLock, uint32(l)})
		}
	case trace.OpRequest:
		if g.tr.Kind(l).WriterPreference() {
			if g.writers[l] == nil {
				g.writers[l] = map[trace.ThreadID]bool{}
			}
			g.writers[l][t] = true
		}
	case trace.OpWrite:
		g.value[l] = ev.Val
		g.wake(blocker{onVar, uint32(l)})
	}
	g.started[t]++
	if _, inCandidate := g.keep[t]; inCandidate && g.started[t] == g.stop[t] {
		g.short--
	}
	g.sched = append(g.sched, replay.Step{Ref: ref})
	g.wake(blocker{onThread, uint32(t)})
}

// readyHeap orders ready threads by the arrival position of their next
// event (container/heap).
type readyHeap []readyThread

type readyThread struct {
	t   trace.ThreadID
	pos uint32
}

func (h readyHeap) Len() int           { return len(h) }
func (h readyHeap) Less(i, j int) bool { return h[i].pos < h[j].pos }
func (h readyHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *readyHeap) Push(x any)        { *h = append(*h, x.(readyThread)) }
func (h *readyHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
