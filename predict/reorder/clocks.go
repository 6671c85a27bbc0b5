// Package reorder builds witnesses that are correct reorderings of the
// recorded run: the events the chosen ones need, taken in the order they
// were recorded, then the chosen events. It is the constructive side of
// the linear-time race detectors — schedulable happens-before (SHB) and
// sync-preserving races (SyncP) — whose soundness proofs build exactly such
// a schedule: every SHB race and every sync-preserving race is found here at
// the cost of a vector-clock comparison and a walk over the events between
// the chosen ones, and the solver stages only see what these cannot reach.
//
// Everything here is a proposal: the witnesses are replay-validated by the
// caller, so a wrong clock can make a candidate go unfound, never make a
// report false.
//
// The base order is the recorded order as far as it is an execution
// (greedy.Base). Over it the package computes, for every event e, two
// vector clocks — the events that must come before e in any reordering that
// keeps what the recording shows:
//
//   - rf clocks: thread order, fork, join, the trace's hb facts, and
//     reads-from as recorded (each read reads from the last write to its
//     variable before it in the base order);
//   - SHB clocks: the same and the recorded lock order (every release
//     before every later acquire of the lock).
//
// Clocks are kept only where they change by more than the thread's own
// step (a sync point): a million-event trace of 32 threads needs a tenth of
// the memory flat clocks would.
package reorder

import (
	"slices"

	"gpredict/encode"
	"gpredict/predict/replay"
	"gpredict/trace"
)

// clockSet is one kind of clock for every event of the base order, kept
// at sync points: the clock of event i of thread t is the clock of the
// last sync point of t at or before i, with t's own entry i+1.
type clockSet struct {
	n int // threads
	// at[t] lists thread t's sync points (event indices, increasing);
	// clk[t] their clocks, flat (n entries each).
	at  [][]uint32
	clk [][]uint32
}

// into joins into v the clock of event (t, i): the events that must come
// before it, and it.
func (c *clockSet) into(v []uint32, t trace.ThreadID, i uint32) {
	at := c.at[t]
	k, found := slices.BinarySearch(at, i)
	if !found {
		k--
	}
	if k >= 0 {
		joinInto(v, c.clk[t][k*c.n:(k+1)*c.n])
	}
	v[t] = max(v[t], i+1)
}

func joinInto(v, w []uint32) {
	for u, x := range w {
		if x > v[u] {
			v[u] = x
		}
	}
}

// Clocks are the rf and SHB clocks of the base order, with each event's
// position in it.
type Clocks struct {
	tr  *trace.Trace
	idx *encode.Index
	// pos[t][i] is event i of thread t's position in the base order, -1
	// when the base order stops before it.
	pos [][]int32
	// base is the base order (its Whole steps: it holds no wait).
	base    []replay.Step
	rf, shb clockSet
	// writes[x] lists the base positions of the writes of variable
	// number x, increasing.
	writes [][]int32
	// holds[l] lists, per thread holding lock number l, the starts of
	// its (exclusive, outermost) holds of l, increasing; only the threads
	// that hold it (a recording has many locks, each taken by a few
	// goroutines, and the sync-preserving rule walks them all).
	holds [][]encode.ThreadHolds
}

// New computes the clocks of tr's base order (base: the recorded order as
// far as it is an execution, whose every step is a Whole event).
func New(x *encode.Index, base []replay.Step) *Clocks {
	tr := x.Trace
	n := len(tr.Threads)
	c := &Clocks{tr: tr, idx: x, base: base, pos: make([][]int32, n),
		rf:  clockSet{n: n, at: make([][]uint32, n), clk: make([][]uint32, n)},
		shb: clockSet{n: n, at: make([][]uint32, n), clk: make([][]uint32, n)}}
	for t, th := range tr.Threads {
		c.pos[t] = make([]int32, len(th.Events))
		for i := range c.pos[t] {
			c.pos[t][i] = -1
		}
	}
	c.holds = make([][]encode.ThreadHolds, x.NumLocks())
	for t, th := range tr.Threads {
		for i := range th.Events {
			ev := &th.Events[i]
			if ev.Op != trace.OpAcquire && ev.Op != trace.OpWait {
				continue
			}
			l := x.ObjNum(trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)})
			if c.holds[l] == nil {
				c.holds[l] = x.Holders(ev.Obj)
			}
		}
	}
	c.writes = make([][]int32, x.NumVars())
	b := newBuilder(c)
	for p, s := range base {
		c.pos[s.Ref.Thread][s.Ref.Index] = int32(p)
		if tr.Event(s.Ref).Op == trace.OpWrite {
			v := x.ObjNum(s.Ref)
			c.writes[v] = append(c.writes[v], int32(p))
		}
		b.step(s.Ref)
	}
	return c
}

// builder walks the base order keeping each thread's current clocks and
// the clocks the next events may join: the last write of every variable,
// the last release of every lock, the end of every thread.
type builder struct {
	c  *Clocks
	tr *trace.Trace
	n  int
	// cur[t] is thread t's current rf and SHB clock (after its last
	// event taken).
	curRF, curSHB [][]uint32
	// lastWrite[v]: the rf clock of the last write of variable number v
	// (nil: none yet). The SHB clock of that write is lastWriteSHB[v].
	lastWrite, lastWriteSHB [][]uint32
	lastWriter              []trace.ThreadID
	// relExcl[l] is the SHB clock of the last exclusive release of lock
	// number l; relAll[l] joins every release since (shared ones too):
	// an exclusive acquire waits for all of them, a shared one only for
	// the exclusive release.
	relExcl, relAll [][]uint32
	scratch         []uint32
}

func newBuilder(c *Clocks) *builder {
	n := len(c.tr.Threads)
	b := &builder{c: c, tr: c.tr, n: n, curRF: make([][]uint32, n), curSHB: make([][]uint32, n),
		lastWrite: make([][]uint32, c.idx.NumVars()), lastWriteSHB: make([][]uint32, c.idx.NumVars()),
		lastWriter: make([]trace.ThreadID, c.idx.NumVars()),
		relExcl:    make([][]uint32, c.idx.NumLocks()), relAll: make([][]uint32, c.idx.NumLocks()),
		scratch: make([]uint32, n)}
	for t := range b.curRF {
		b.curRF[t], b.curSHB[t] = make([]uint32, n), make([]uint32, n)
	}
	return b
}

// step takes event r (the next event of its thread in the base order).
func (b *builder) step(r trace.EventRef) {
	t := r.Thread
	ev := b.tr.Event(r)
	rf, shb := b.curRF[t], b.curSHB[t]
	// What joins into the event's clocks from other threads.
	var inRF, inSHB [][]uint32
	if r.Index == 0 {
		if th := b.tr.Threads[t]; th.HasFork {
			inRF = append(inRF, b.clockOf(b.c.rf, th.ForkedBy))
			inSHB = append(inSHB, b.clockOf(b.c.shb, th.ForkedBy))
		}
	}
	for _, src := range b.tr.HBSources(r) {
		inRF = append(inRF, b.clockOf(b.c.rf, src))
		inSHB = append(inSHB, b.clockOf(b.c.shb, src))
	}
	obj := b.c.idx.ObjNum(r)
	switch ev.Op {
	case trace.OpJoin:
		if u, ok := b.tr.ThreadByName(b.tr.Str(ev.Obj)); ok {
			inRF = append(inRF, b.curRF[u])
			inSHB = append(inSHB, b.curSHB[u])
		}
	case trace.OpRead:
		if w := b.lastWrite[obj]; w != nil && b.lastWriter[obj] != t {
			inRF = append(inRF, w)
			inSHB = append(inSHB, b.lastWriteSHB[obj])
		}
	case trace.OpAcquire:
		if rel := b.relAll[obj]; rel != nil {
			inSHB = append(inSHB, rel)
		}
	case trace.OpRAcquire:
		if rel := b.relExcl[obj]; rel != nil {
			inSHB = append(inSHB, rel)
		}
	}
	b.advance(&b.c.rf, t, r.Index, rf, inRF)
	b.advance(&b.c.shb, t, r.Index, shb, inSHB)
	switch ev.Op {
	case trace.OpWrite:
		b.lastWrite[obj] = slices.Clone(rf)
		b.lastWriteSHB[obj] = slices.Clone(shb)
		b.lastWriter[obj] = t
	case trace.OpRelease:
		b.relExcl[obj] = slices.Clone(shb)
		b.relAll[obj] = slices.Clone(shb)
	case trace.OpRRelease:
		if b.relAll[obj] == nil {
			b.relAll[obj] = make([]uint32, b.n)
		}
		joinInto(b.relAll[obj], shb)
	}
}

// clockOf is a copy of the clock of event r (taken already) in set.
func (b *builder) clockOf(set clockSet, r trace.EventRef) []uint32 {
	v := make([]uint32, b.n)
	set.into(v, r.Thread, r.Index)
	return v
}

// advance moves thread t's current clock cur past its event i, joining
// in, and records a sync point when another thread's entry grew.
func (b *builder) advance(set *clockSet, t trace.ThreadID, i uint32, cur []uint32, in [][]uint32) {
	grew := i == 0 && len(in) > 0
	for _, w := range in {
		for u, x := range w {
			if x > cur[u] && trace.ThreadID(u) != t {
				cur[u] = x
				grew = true
			}
		}
	}
	cur[t] = i + 1
	if grew {
		set.at[t] = append(set.at[t], i)
		set.clk[t] = append(set.clk[t], cur...)
	}
}

// lastWriteBefore is the last write of variable number x before base
// position p, false if there is none.
func (c *Clocks) lastWriteBefore(x int32, p int) (trace.EventRef, bool) {
	ws := c.writes[x]
	k, _ := slices.BinarySearch(ws, int32(p))
	if k == 0 {
		return trace.EventRef{}, false
	}
	return c.base[ws[k-1]].Ref, true
}
