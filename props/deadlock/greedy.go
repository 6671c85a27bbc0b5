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
// cycle stop at their requests, and a thread of the cycle takes a lock it
// will still hold at its request only once no other thread of the cycle
// still needs that lock before its own request. A schedule found this way
// goes through the same replay checks as the solver's; finding none
// settles nothing and the solver decides.

// greedyWitness returns a witness for c in the decider's form (the
// stand-ins of the requests last), or nil. Every read in it returns its
// recorded value, which is more than either branch model asks.
func greedyWitness(tr *trace.Trace, c cycle) []replay.Step {
	g := newGreedy(tr, c)
	g.run()
	for _, r := range c {
		if g.started[r.ref.Thread] != r.ref.Index {
			return nil
		}
	}
	sched := trim(tr, c, g.sched)
	for _, r := range c {
		sched = append(sched, replay.Step{Ref: r.ref})
	}
	return sched
}

type greedy struct {
	tr      *trace.Trace
	stop    []uint32 // per thread: events it may perform
	started []uint32
	holder  map[trace.Sym]trace.ThreadID
	depth   map[trace.Sym]int
	value   map[trace.Sym]trace.Sym // current value per variable
	sched   []replay.Step
	// keep[t][i]: event i of cycle thread t acquires a lock that t still
	// holds at its request; lastUse[t][l]: the last other outermost
	// acquire of l by cycle thread t before its request.
	keep    map[trace.ThreadID]map[uint32]trace.Sym
	lastUse map[trace.ThreadID]map[trace.Sym]uint32
	// short counts the threads of the cycle not yet at their requests:
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

func newGreedy(tr *trace.Trace, c cycle) *greedy {
	g := &greedy{
		tr: tr, stop: make([]uint32, len(tr.Threads)), started: make([]uint32, len(tr.Threads)),
		holder: map[trace.Sym]trace.ThreadID{}, depth: map[trace.Sym]int{}, value: map[trace.Sym]trace.Sym{},
		keep: map[trace.ThreadID]map[uint32]trace.Sym{}, lastUse: map[trace.ThreadID]map[trace.Sym]uint32{},
		waiting: map[blocker][]trace.ThreadID{},
	}
	for t, th := range tr.Threads {
		g.stop[t] = uint32(len(th.Events))
	}
	for _, r := range c {
		t := r.ref.Thread
		g.stop[t] = r.ref.Index
		g.short++
		g.keep[t] = map[uint32]trace.Sym{}
		for l, at := range r.held {
			g.keep[t][at.Index] = l
		}
		g.lastUse[t] = outermostAcquires(tr.Threads[t].Events[:r.ref.Index], g.keep[t])
	}
	for t := range tr.Threads {
		g.push(trace.ThreadID(t))
	}
	return g
}

// outermostAcquires maps each lock to the index of the last outermost
// acquire of it in evs that is not in skip.
func outermostAcquires(evs []trace.Event, skip map[uint32]trace.Sym) map[trace.Sym]uint32 {
	out := map[trace.Sym]uint32{}
	depth := map[trace.Sym]int{}
	for i := range evs {
		switch ev := &evs[i]; ev.Op {
		case trace.OpAcquire:
			if depth[ev.Obj]++; depth[ev.Obj] == 1 {
				if _, kept := skip[uint32(i)]; !kept {
					out[ev.Obj] = uint32(i)
				}
			}
		case trace.OpRelease:
			depth[ev.Obj]--
		}
	}
	return out
}

// run takes, again and again, the enabled thread whose next event came
// first in the recording (its arrival position), until every thread of
// the cycle is at its request, or none is enabled. Stopping at the
// former does not change the witness, only the time (on the recorded
// jigsaw program the rest of the trace was most of it): trim keeps no
// step after the last request of the cycle, and what it keeps before
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
// read consistent, no wait (a thread stops before its first wait), and a
// kept lock taken only when no other thread of the cycle will still
// acquire it before its request. If not, it says what t waits for, or
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
		if h, held := g.holder[ev.Obj]; held && h != t {
			return false, blocker{onLock, uint32(ev.Obj)}, false
		}
		if l, kept := g.keep[t][i]; kept {
			for u, uses := range g.lastUse {
				if at, ok := uses[l]; ok && u != t && g.started[u] <= at {
					return false, blocker{onThread, uint32(u)}, false
				}
			}
		}
	}
	return true, b, false
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
	switch ev.Op {
	case trace.OpAcquire:
		g.holder[ev.Obj] = t
		g.depth[ev.Obj]++
	case trace.OpRelease:
		if g.depth[ev.Obj]--; g.depth[ev.Obj] <= 0 {
			delete(g.depth, ev.Obj)
			delete(g.holder, ev.Obj)
			g.wake(blocker{onLock, uint32(ev.Obj)})
		}
	case trace.OpWrite:
		g.value[ev.Obj] = ev.Val
		g.wake(blocker{onVar, uint32(ev.Obj)})
	}
	g.started[t]++
	if _, inCycle := g.keep[t]; inCycle && g.started[t] == g.stop[t] {
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
