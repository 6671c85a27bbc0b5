package encode

import (
	"slices"
	"sort"
	"sync"

	"gpredict/trace"
)

// reachEdges adds to the must-happen-before edges what value supply
// alone forces, and leaves the clocks computed with the result (sound:
// when the new edges close a cycle they are dropped).
//
// The rule. Stop thread t after its first c events. Which events can the
// other threads still take? Compute the least set R closed under these
// steps, ignoring every constraint but three — which only makes R larger:
// a thread takes its next event once its fork (if any) is in R, a join
// once the joined thread's every event is, and any event past a read
// that it makes required (requirer) only once that read is *supplied*: its
// value is the variable's initial value, or a write in R writes it to the
// variable and is concrete (every read before it in its own thread is
// supplied). Every feasible schedule in which t took at most c events lies
// in R (by induction along the schedule, rule 5 of docs/semantics.md), and
// every prefix of a feasible schedule is one; so if event a of thread u
// is not in R, then in every feasible schedule containing a, event c of
// t comes before a: an edge (t, c) → (u, a).
//
// R grows with c, so one sweep per thread t raises c from 0 to the end of
// t and carries R along (each event enters it once per sweep), and keeps,
// for each target a, the largest c with a outside R: the edge is emitted
// when the cap's next step lets u past a. That is threads × events steps
// in all, the price of one round of strengthen, under the same bound.
//
// Why it matters: on recordings whose variables take few values (the
// lock-heavy family of bench/gentrace with values) a read rarely has one
// possible source, so the must-read-from edges and the supplier meet of
// strengthen.go order little. Yet most of those sources are out of reach
// once a thread stops: the other threads soon wait for values that only
// that thread, or a thread waiting in turn, writes. Without these edges
// an event early in one thread paired with every conflicting access of
// the rest of the trace as a candidate, each with a closed slice of the
// whole trace.
func (x *Index) reachEdges(model trace.BranchModel, edges [][][]trace.EventRef) [][][]trace.EventRef {
	// One round: the fixed points read the trace, not the clocks.
	return x.toFixedPoint(edges, 1, func() [][][]trace.EventRef {
		s := newReachState(x.reachTables(model))
		var more [][][]trace.EventRef
		for t := range x.Trace.Threads {
			s.sweep(trace.ThreadID(t), func(src, target trace.EventRef) {
				if x.ClockAt(target, src.Thread) <= src.Index {
					more = addEdge(more, x.Trace, target, src)
				}
			})
		}
		return more
	})
}

// CapReach is, for a candidate whose witness may end right after the
// events of last (each then its thread's last event), how many events of
// each thread some such witness may hold at most: the set R of reachEdges
// with each thread of last stopped after its event there. Nil when the
// index has no branch model (its reads keep no values: NewIndex), and
// past strengthen's work bound: a call costs a pass over the trace and,
// per round, a search of every thread's clocks for each bounded thread,
// too much for each candidate of a recording of a thousand goroutines.
func (x *Index) CapReach(last []trace.EventRef) []int {
	if !x.valued || strengthenRoundsFor(x.Trace) == 0 {
		return nil
	}
	s := newReachState(x.reachTables(x.model()))
	// bound[v]: v's events from bound[v] on are out of reach; limit[u]:
	// u's events from limit[u] on need one of those (by the clocks).
	bound, limit := make([]int, len(x.Trace.Threads)), make([]int, len(x.Trace.Threads))
	for u, th := range x.Trace.Threads {
		bound[u] = len(th.Events)
	}
	for _, e := range last {
		bound[e.Thread] = min(bound[e.Thread], int(e.Index)+1)
	}
	for range capReachRounds {
		copy(limit, bound)
		x.clockBound(limit, bound)
		s.reset()
		copy(s.limit, limit)
		s.start()
		s.run()
		shrunk := false
		for u, n := range s.reach {
			if n < bound[u] {
				bound[u], shrunk = n, true
			}
		}
		if !shrunk {
			break
		}
	}
	return s.reach
}

// capReachRounds bounds CapReach's rounds: each takes the clocks' orders
// into the fixed point and the fixed point's bounds into the clocks'.
const capReachRounds = 4

// clockBound lowers limit[u] to the first event of u whose clock needs an
// event of another thread v at or past bound[v]: the clocks know the
// orders the fixed point ignores (locks, the supplier meet, ...).
func (x *Index) clockBound(limit, bound []int) {
	for u, th := range x.Trace.Threads {
		for v, b := range bound {
			if v == u || b >= len(x.Trace.Threads[v].Events) {
				continue
			}
			limit[u] = sort.Search(limit[u], func(j int) bool {
				return int(x.ClockAt(trace.EventRef{Thread: th.ID, Index: uint32(j)}, trace.ThreadID(v))) > b
			})
		}
	}
}

// reachTables are what every least fixed point of reachEdges reads of
// the trace, made once per index (reachTables).
type reachTables struct {
	tr    *trace.Trace
	model trace.BranchModel
	// key[u][i] numbers the (variable, value) of a read that needs a
	// write to be supplied, or of a write some such read may need; -1
	// otherwise (a read of the initial value, another event).
	key   [][]int32
	nkeys int
	// forks[u] lists the fork events of thread u in program order, with
	// the thread each one starts.
	forks [][]reachFork
}

type reachFork struct {
	at    int
	child trace.ThreadID
}

// reachTables are x's tables for the least fixed points of reachEdges,
// made on first use (CapReach runs on the workers).
func (x *Index) reachTables(model trace.BranchModel) *reachTables {
	x.reach.once.Do(func() { x.reach.tab = newReachTables(x.Trace, model) })
	return x.reach.tab
}

// reachLazy makes an index's reachTables once.
type reachLazy struct {
	once sync.Once
	tab  *reachTables
}

func newReachTables(tr *trace.Trace, model trace.BranchModel) *reachTables {
	n := len(tr.Threads)
	tb := &reachTables{tr: tr, model: model, key: make([][]int32, n), forks: make([][]reachFork, n)}
	needed := map[varVal]int32{}
	for _, th := range tr.Threads {
		for i := range th.Events {
			if ev := &th.Events[i]; ev.Op == trace.OpRead && ev.Val != tr.InitValue(ev.Obj) {
				if _, ok := needed[varVal{ev.Obj, ev.Val}]; !ok {
					needed[varVal{ev.Obj, ev.Val}] = int32(len(needed))
				}
			}
		}
	}
	tb.nkeys = len(needed)
	for u, th := range tr.Threads {
		tb.key[u] = make([]int32, len(th.Events))
		for i := range th.Events {
			ev := &th.Events[i]
			tb.key[u][i] = -1
			if ev.Op == trace.OpRead || ev.Op == trace.OpWrite {
				if k, ok := needed[varVal{ev.Obj, ev.Val}]; ok {
					tb.key[u][i] = k
				}
			}
		}
		if th.HasFork {
			p := th.ForkedBy.Thread
			tb.forks[p] = append(tb.forks[p], reachFork{int(th.ForkedBy.Index), th.ID})
		}
	}
	for _, fs := range tb.forks {
		slices.SortFunc(fs, func(a, b reachFork) int { return a.at - b.at })
	}
	return tb
}

// reachState is one least fixed point of reachEdges in the making.
type reachState struct {
	*reachTables
	limit  []int // events thread u may take (its cap, else all)
	reach  []int // events of u in R: a prefix of its events
	bad    []int // first read of u in R not supplied, -1 if none
	badReq []int // the event that read makes required (-1: none)
	nextFk []int // forks[u][nextFk[u]] is u's first fork not in R
	avail  []bool
	// onKey[k] heads the list, linked through nextOn, of the threads whose
	// first unsupplied read needs key k (-1: none); a thread is on one
	// list at most.
	onKey  []int32
	nextOn []int32
	onJoin [][]trace.ThreadID // threads waiting for u to end
	queued []bool
	work   []trace.ThreadID
	// grew, if set, is told that u's part of R grew from old events.
	grew func(u trace.ThreadID, old int)
}

func newReachState(tb *reachTables) *reachState {
	n := len(tb.tr.Threads)
	return &reachState{reachTables: tb,
		limit: make([]int, n), reach: make([]int, n), bad: make([]int, n), badReq: make([]int, n),
		nextFk: make([]int, n), avail: make([]bool, tb.nkeys), onKey: make([]int32, tb.nkeys),
		nextOn: make([]int32, n), onJoin: make([][]trace.ThreadID, n), queued: make([]bool, n)}
}

// sweep raises thread t's cap from 0 to all its events and calls edge
// with each edge (t, c) → (u, a) of reachEdges.
func (s *reachState) sweep(t trace.ThreadID, edge func(src, target trace.EventRef)) {
	n := len(s.tr.Threads)
	var changed []trace.ThreadID
	from, stamp := make([]int, n), make([]int, n)
	epoch := 1
	s.grew = func(u trace.ThreadID, old int) {
		if u != t && stamp[u] != epoch {
			stamp[u], from[u] = epoch, old
			changed = append(changed, u)
		}
	}
	s.reset()
	s.limit[t] = 0
	s.start()
	s.run()
	for c := range len(s.tr.Threads[t].Events) {
		epoch++
		changed = changed[:0]
		s.limit[t] = c + 1
		s.wake(t)
		s.run()
		for _, u := range changed {
			if a := from[u]; a < len(s.tr.Threads[u].Events) {
				edge(trace.EventRef{Thread: t, Index: uint32(c)}, trace.EventRef{Thread: u, Index: uint32(a)})
			}
		}
	}
}

// reset empties R and lifts every cap.
func (s *reachState) reset() {
	clear(s.avail)
	for k := range s.onKey {
		s.onKey[k] = -1
	}
	s.work = s.work[:0]
	for u, th := range s.tr.Threads {
		s.limit[u], s.reach[u], s.bad[u], s.nextFk[u] = len(th.Events), 0, -1, 0
		s.onJoin[u] = s.onJoin[u][:0]
		s.queued[u] = false
	}
}

// start wakes the threads nobody forks.
func (s *reachState) start() {
	for u, th := range s.tr.Threads {
		if !th.HasFork {
			s.wake(trace.ThreadID(u))
		}
	}
}

func (s *reachState) wake(u trace.ThreadID) {
	if !s.queued[u] {
		s.queued[u] = true
		s.work = append(s.work, u)
	}
}

func (s *reachState) run() {
	for len(s.work) > 0 {
		u := s.work[len(s.work)-1]
		s.work = s.work[:len(s.work)-1]
		s.queued[u] = false
		s.advance(u)
	}
}

// advance takes thread u as far into R as it goes now; what it waits for
// wakes it again.
func (s *reachState) advance(u trace.ThreadID) {
	th := s.tr.Threads[u]
	s.recheck(u)
	start := s.reach[u]
	for s.reach[u] < s.limit[u] {
		i := s.reach[u]
		if s.bad[u] >= 0 && s.badReq[u] >= 0 && i >= s.badReq[u] {
			break // its read's key wakes it
		}
		if ev := &th.Events[i]; ev.Op == trace.OpJoin {
			if c, ok := s.tr.ThreadByName(s.tr.Str(ev.Obj)); ok && s.reach[c] < len(s.tr.Threads[c].Events) {
				s.onJoin[c] = append(s.onJoin[c], u)
				break
			}
		}
		s.reach[u]++
		s.take(u, i)
	}
	if s.reach[u] == start {
		return
	}
	if s.grew != nil {
		s.grew(u, start)
	}
	for fs := s.forks[u]; s.nextFk[u] < len(fs) && fs[s.nextFk[u]].at < s.reach[u]; s.nextFk[u]++ {
		s.wake(fs[s.nextFk[u]].child)
	}
	if s.reach[u] == len(th.Events) {
		for _, j := range s.onJoin[u] {
			s.wake(j)
		}
		s.onJoin[u] = s.onJoin[u][:0]
	}
}

// take adds event i of u, now in R, to what supplies and what is
// supplied.
func (s *reachState) take(u trace.ThreadID, i int) {
	if s.bad[u] >= 0 {
		return // past an unsupplied read: a write here is not concrete
	}
	k := s.key[u][i]
	if k < 0 || s.avail[k] {
		return
	}
	switch s.tr.Threads[u].Events[i].Op {
	case trace.OpRead:
		s.bad[u], s.badReq[u] = i, requirer(s.tr.Threads[u], i, s.model)
		s.nextOn[u], s.onKey[k] = s.onKey[k], int32(u)
	case trace.OpWrite:
		s.avail[k] = true
		for w := s.onKey[k]; w >= 0; w = s.nextOn[w] {
			s.wake(trace.ThreadID(w))
		}
		s.onKey[k] = -1
	}
}

// recheck moves u's first unsupplied read on past the reads supplied
// since, taking the writes between them as concrete.
func (s *reachState) recheck(u trace.ThreadID) {
	b := s.bad[u]
	if b < 0 || !s.avail[s.key[u][b]] {
		return
	}
	s.bad[u] = -1
	for i := b; i < s.reach[u] && s.bad[u] < 0; i++ {
		s.take(u, i)
	}
}
