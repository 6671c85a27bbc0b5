package encode

import (
	"sort"

	"gpredict/trace"
)

// strengthenRounds bounds the rounds of strengthen; each round derives
// from the clocks of the last one and recomputes them. strengthenWork
// bounds the rounds' clock computations together, in events times
// threads: a round costs one pass over every event's clock, which on a
// recording of a thousand goroutines (golang-lru's tests: 91K events,
// 1,020 threads) took 3 s to 50 s with 16 rounds, and one round still
// took seconds. Stopping early, or not starting, only leaves facts
// underived; the budget allows every round up to 4M events times threads
// (the lock-heavy family at 100K events, 32 threads), two at 1M events and
// 32 threads, none on a thousand goroutines.
const (
	strengthenRounds = 16
	strengthenWork   = 1 << 26
)

// strengthenRoundsFor is how many rounds strengthen may take on tr:
// strengthenRounds, fewer (down to none) when the work bound says so.
func strengthenRoundsFor(tr *trace.Trace) int {
	cells := tr.NumEvents() * len(tr.Threads)
	if cells == 0 {
		return strengthenRounds
	}
	return min(strengthenRounds, strengthenWork/cells)
}

// strengthen adds to the must-happen-before clocks, to a fixed point, the
// facts of two rules that hold in every feasible schedule containing the
// event they are about (the meaning of Index.Clock), so every user of the
// clocks — pre-filter, closure, slices, encodings — may rely on them:
//
//   - Suppliers (rule 5). When the event s that makes read r required is
//     scheduled, r reads its value from some write w (or from the initial
//     value), so whatever must come before every such w comes before s:
//     the clock of s takes the meet (componentwise minimum) of the
//     suppliers' clocks. A write is no supplier when it must come after r
//     (r is in its clock), or when a write of another value to the
//     variable must come after it and before r (it would be overwritten);
//     the initial value is none once some write of the variable must come
//     before r. exhaust is the case of one supplier; with few distinct
//     values many writes give a read's value, yet all of them may have to
//     come after some event, which then comes before the read.
//   - Exclusion (rule 3). For an event e inside an exclusive hold H2 of
//     lock l (from its acquire to its release, both included) and an
//     acquire a1 of l by another thread that must come before e: a1 came
//     before H2 started (after, it would have taken l while H2 held it),
//     so its hold H1 ended before H2 began — the release of H1 comes
//     before e.
//
// Why it matters: on lock-heavy recordings whose variables take few
// values (bench/gentrace -shape locks), most candidates that only the
// solver refuted are ruled out by facts of this kind chained over many
// threads (a read needs one of several writes, all of which need an event
// of a third thread, which is inside a hold ...). Each rule derives
// events of some thread u that must come before a target; they enter the
// clocks as edges from the last such event, so the clocks stay closed
// under composition, and the slice closure brings their sources (the
// writes of a read's value, the ends of contended holds).
//
// The facts are sound for every feasible schedule, and the recorded order
// is one when the trace is consistent, so they cannot form a cycle; on a
// trace where they do (a read of a value no write gives, say), the
// clocks keep the last round without one.
func (x *Index) strengthen(model trace.BranchModel, edges [][][]trace.EventRef, rounds int) [][][]trace.EventRef {
	s := newRules(x, model)
	s.observed = observedWriters(x.Trace)
	return x.toFixedPoint(edges, rounds, s.round)
}

// noThread marks, in observedWriters, a read that no write precedes in
// the recorded order.
const noThread = ^trace.ThreadID(0)

// rules applies the supplier and exclusion rules over some clocks: the
// index's own (strengthen), or a candidate's (ending.go), which know
// more and whose witnesses exclude some writes.
type rules struct {
	x     *Index
	model trace.BranchModel
	n     int
	// clock is the clock of an event under the facts derived so far.
	clock func(trace.EventRef) []uint32
	// stop[u], when not nil, is the first event of thread u that no
	// witness has: a write at or after it supplies no read.
	stop []uint32
	// observed[t][i], for a read, is the write it read in the recorded
	// order (thread noThread: none); nil without arrival positions.
	observed [][]trace.EventRef
	meet     []uint32
	bound    []uint32
	// only is the supplier when supplierMeet found exactly one write
	// that r can read from (onlyKnown).
	only      trace.EventRef
	onlyKnown bool
	// count is how many threads supplierMeet found a supplier in (each
	// is represented by its first eligible write, whose clock is below
	// those of the thread's later ones).
	count int
}

// newRules makes the rules over x's own clocks. They keep no table of
// their own (the index's per-variable accessors, per-lock holders and
// writes by value serve them), so a candidate's (ending.go) costs nothing
// to make.
func newRules(x *Index, model trace.BranchModel) *rules {
	n := len(x.Trace.Threads)
	return &rules{x: x, model: model, n: n, clock: x.Clock, meet: make([]uint32, n), bound: make([]uint32, n)}
}

// observedWriters is, for every read, the write that precedes it last in
// the recorded order (arrival positions), or nil when some event has no
// arrival position.
func observedWriters(tr *trace.Trace) [][]trace.EventRef {
	if !HasBaseOrder(tr) {
		return nil
	}
	out := make([][]trace.EventRef, len(tr.Threads))
	for t, th := range tr.Threads {
		out[t] = make([]trace.EventRef, len(th.Events))
	}
	last := map[trace.Sym]trace.EventRef{}
	for _, r := range trace.ArrivalOrder(tr) {
		ev := tr.Event(r)
		switch ev.Op {
		case trace.OpWrite:
			last[ev.Obj] = r
		case trace.OpRead:
			w, ok := last[ev.Obj]
			if !ok {
				w = trace.EventRef{Thread: noThread}
			}
			out[r.Thread][r.Index] = w
		}
	}
	return out
}

// round derives, from the index's clocks, the edges they do not have yet
// (nil if none).
func (s *rules) round() [][][]trace.EventRef {
	var more [][][]trace.EventRef
	add := func(target trace.EventRef, vec []uint32) {
		more = addEdges(more, s.x.Trace, target, s.clock(target), vec)
	}
	for t, th := range s.x.Trace.Threads {
		for i := range th.Events {
			e := trace.EventRef{Thread: th.ID, Index: uint32(i)}
			if th.Events[i].Op == trace.OpRead {
				if target := requirer(th, i, s.model); target >= 0 {
					if vec, _ := s.supplierMeet(e); vec != nil {
						add(trace.EventRef{Thread: th.ID, Index: uint32(target)}, vec)
					}
				}
			}
			s.exclusion(trace.ThreadID(t), i, add)
		}
	}
	return more
}

// addEdges adds to more an edge into target from the last event of each
// thread u that vec puts before it and its clock c does not.
func addEdges(more [][][]trace.EventRef, tr *trace.Trace, target trace.EventRef, c, vec []uint32) [][][]trace.EventRef {
	for u, k := range vec {
		if k <= c[u] {
			continue
		}
		more = addEdge(more, tr, target, trace.EventRef{Thread: trace.ThreadID(u), Index: k - 1})
	}
	return more
}

// addEdge adds src → target to more (edges[t][i]: the sources into
// event i of thread t), allocating as needed.
func addEdge(more [][][]trace.EventRef, tr *trace.Trace, target, src trace.EventRef) [][][]trace.EventRef {
	if more == nil {
		more = make([][][]trace.EventRef, len(tr.Threads))
	}
	if more[target.Thread] == nil {
		more[target.Thread] = make([][]trace.EventRef, len(tr.Threads[target.Thread].Events))
	}
	more[target.Thread][target.Index] = append(more[target.Thread][target.Index], src)
	return more
}

// readOutcome is what the supplier rule makes of a required read.
type readOutcome uint8

const (
	// nothingNew: a supplier must come before the read anyway, or the
	// initial value and a write may both be what it reads.
	nothingNew readOutcome = iota
	// meetOfWrites: the read reads from one of several writes; the meet
	// of their clocks comes before its requirer.
	meetOfWrites
	// initialOnly: only the initial value is left; the read comes before
	// every write of its variable.
	initialOnly
	// noSupplier: nothing is left (no witness has the requirer).
	noSupplier
)

// supplierMeet is the meet of the clocks of the writes that read r can
// read from (with meetOfWrites), or says why there is none.
func (s *rules) supplierMeet(r trace.EventRef) ([]uint32, readOutcome) {
	x, tr := s.x, s.x.Trace
	ev := tr.Event(r)
	cr := s.clock(r)
	if s.observed != nil {
		if w := s.observed[r.Thread][r.Index]; w.Thread != noThread && tr.Event(w).Val == ev.Val && cr[w.Thread] > w.Index {
			return nil, nothingNew // the recorded supplier must come before r: the meet is below r's clock
		}
	}
	vnum := x.varNum[ev.Obj]
	// bound[u]: u's writes below it are overwritten before r by a write
	// of another value that must come before r, or come before a read of
	// another value that must come before r.
	clear(s.bound)
	anyBefore := false
	for _, a := range x.Accessors(vnum) {
		u, ws := int(a.Thread), a.Writes
		k := sort.Search(len(ws), func(j int) bool { return ws[j] >= cr[u] })
		if k > 0 {
			anyBefore = true
		}
		if u == int(r.Thread) && k > 0 && tr.Threads[u].Events[ws[k-1]].Val == ev.Val {
			return nil, nothingNew // r's own thread wrote the value last
		}
		for k--; k >= 0 && tr.Threads[u].Events[ws[k]].Val == ev.Val; k-- {
		}
		if k >= 0 {
			s.raise(trace.EventRef{Thread: trace.ThreadID(u), Index: ws[k]})
		}
	}
	s.otherValueReads(r, ev, cr, vnum)
	initial := !anyBefore && ev.Val == tr.InitValue(ev.Obj)
	found := false
	s.count, s.onlyKnown = 0, false
	vws := x.byVal.of(varVal{ev.Obj, ev.Val}) // thread by thread, in thread order
	for lo := 0; lo < len(vws); {
		u := int(vws[lo].Thread)
		hi := lo + sort.Search(len(vws)-lo, func(j int) bool { return int(vws[lo+j].Thread) > u })
		ws := vws[lo:hi]
		lo = hi
		if u == int(r.Thread) {
			continue
		}
		k := sort.Search(len(ws), func(j int) bool { return ws[j].Index >= s.bound[u] })
		if k == len(ws) || (s.stop != nil && ws[k].Index >= s.stop[u]) {
			continue
		}
		w := ws[k]
		cw := s.clock(w)
		if cw[r.Thread] > r.Index {
			continue // w, and every later write of u, must come after r
		}
		if cr[u] > w.Index {
			return nil, nothingNew // a supplier must come before r anyway
		}
		s.count++
		s.only, s.onlyKnown = w, s.count == 1
		if k+1 < len(ws) && (s.stop == nil || ws[k+1].Index < s.stop[u]) && s.clock(ws[k+1])[r.Thread] <= r.Index {
			// u has another write of the value r may read from: r's
			// supplier is not known to be w.
			s.onlyKnown = false
		}
		if !found {
			copy(s.meet, cw)
			found = true
			continue
		}
		for v, c := range cw {
			s.meet[v] = min(s.meet[v], c)
		}
	}
	switch {
	case found && !initial:
		return s.meet, meetOfWrites
	case found:
		return nil, nothingNew
	case initial:
		return nil, initialOnly
	}
	return nil, noSupplier
}

// raise lifts the bounds to the clock of e.
func (s *rules) raise(e trace.EventRef) {
	for v, c := range s.clock(e) {
		s.bound[v] = max(s.bound[v], c)
	}
}

// otherValueReads raises the bounds by the required reads of r's variable
// that must come before r and read another value: r's supplier comes
// after each of them, or that read, between the supplier and r, would
// have read r's value too. A read of thread u is required before r when
// its successor must come before r (or it is r's own thread's).
func (s *rules) otherValueReads(r trace.EventRef, ev *trace.Event, cr []uint32, vnum int32) {
	x := s.x
	for _, a := range x.Accessors(vnum) {
		u, tid, rs := int(a.Thread), a.Thread, a.Reads
		lim := cr[u] // reads of u whose successor must come before r
		if lim > 0 {
			lim--
		}
		if u == int(r.Thread) {
			lim = r.Index
		}
		k := x.lastOtherRead(vnum, tid, sort.Search(len(rs), func(j int) bool { return rs[j] >= lim }), ev.Val)
		if k >= 0 {
			s.raise(trace.EventRef{Thread: trace.ThreadID(u), Index: rs[k]})
		}
	}
}

// exclusion applies the exclusion rule at event i of thread t: for each
// exclusive hold of t that contains i and each other thread u, the last
// acquire of the hold's lock by u that must come before i ends its hold
// before i. Only the threads whose clock entry grew at i (or all, at the
// hold's acquire) can have a new such acquire.
func (s *rules) exclusion(t trace.ThreadID, i int, add func(trace.EventRef, []uint32)) {
	x := s.x
	e := trace.EventRef{Thread: t, Index: uint32(i)}
	// The holds containing i: those open after it when it starts one
	// (an acquire keeps the others open; a wait ends one, whose end is
	// no release, and starts one begun by no acquire, both skipped
	// below), else those open after i-1 (i ends no hold later than
	// theirs, and starts none).
	holds := x.OpenAfter(t, i)
	if i > 0 && !x.startsHold[t][i] {
		holds = x.OpenAfter(t, i-1)
	}
	if len(holds) == 0 {
		return
	}
	ce := s.clock(e)
	var prev []uint32
	if i > 0 {
		prev = s.clock(trace.EventRef{Thread: t, Index: uint32(i - 1)})
	}
	for _, start := range holds {
		if !s.exclusiveHold(t, start) {
			continue
		}
		if end := x.HoldEnd(t, start); end >= 0 && x.Trace.Threads[t].Events[end].Op != trace.OpRelease {
			continue // H2 ends in a wait, whose parts one clock does not separate
		}
		l := x.Trace.Threads[t].Events[start].Obj
		fresh := int(start) == i
		for _, h := range x.Holders(l) {
			u, starts := int(h.Thread), h.Starts
			if u == int(t) || ce[u] == 0 || (!fresh && prev != nil && prev[u] == ce[u]) {
				continue
			}
			k := sort.Search(len(starts), func(j int) bool { return starts[j] >= ce[u] })
			if k == 0 || !s.exclusiveHold(trace.ThreadID(u), starts[k-1]) {
				continue
			}
			end := x.HoldEnd(trace.ThreadID(u), starts[k-1])
			if end < 0 || uint32(end) < ce[u] || x.Trace.Threads[u].Events[end].Op != trace.OpRelease {
				continue
			}
			c1 := s.clock(trace.EventRef{Thread: trace.ThreadID(u), Index: uint32(end)})
			if c1[t] > uint32(i) {
				continue // e must come before H1's end: no schedule has e
			}
			add(e, c1)
		}
	}
}

// exclusiveHold reports whether the hold of thread t starting at start is
// an exclusive one begun by an acquire (a wait's reacquire is a step of
// its own, which the event clocks do not separate).
func (s *rules) exclusiveHold(t trace.ThreadID, start uint32) bool {
	return s.x.Trace.Threads[t].Events[start].Op == trace.OpAcquire
}
