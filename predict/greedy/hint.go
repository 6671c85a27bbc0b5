package greedy

import (
	"slices"

	"gpredict/encode"
	"gpredict/predict/closure"
	"gpredict/trace"
)

// hints are what a stuck simulation learns for its next run, at most
// most of them, best first: orders between two events that would have
// let it go on. A hint is never a fact: the validator judges the schedule
// the next run builds, and a wrong hint only costs a run.
//
// When the stuck threads wait for each other in a cycle (waitsFor), the
// first hints break that cycle at one of its waits that a different past
// would have avoided: a thread waiting for a lock another took first
// (its hold should have gone first: lockHintFor), or a write waiting
// because it would spoil another thread's read whose value is already
// written (the write should have gone before that value's write:
// readHintFor). The other stuck threads' hints follow, and after all of
// those a read's that finds its value overwritten (spoiltHintFor),
// last because on recordings without values it crowded out the others
// when it came first (one witness fewer in greedy-saturated on a
// 20-thread member of the lock-heavy family).
func (b *builder) hints(most int) []closure.Edge {
	var out []closure.Edge
	add := func(e closure.Edge, ok bool) {
		if ok && len(out) < most && !slices.ContainsFunc(out, func(f closure.Edge) bool { return f.From == e.From && f.To == e.To }) {
			out = append(out, e)
		}
	}
	cycle := b.waitCycle()
	for _, hint := range []func(int) (closure.Edge, bool){b.hintFor, b.spoiltHintFor} {
		for _, t := range cycle {
			add(hint(t))
		}
		for t := range b.need {
			if b.next[t] < b.need[t] {
				add(hint(t))
			}
		}
	}
	return out
}

// hintFor is the hint thread t's wait gives, if any.
func (b *builder) hintFor(t int) (closure.Edge, bool) {
	if e, ok := b.lockHintFor(t); ok {
		return e, true
	}
	return b.readHintFor(t)
}

// waitCycle returns the threads of a cycle of waitsFor among the stuck
// threads (nil: none).
func (b *builder) waitCycle() []int {
	n := len(b.need)
	waits := make([]int, n)
	for t := range waits {
		waits[t] = -1
		if b.next[t] < b.need[t] {
			waits[t] = b.waitsFor(t)
		}
	}
	seen := make([]int, n) // 0: not visited; else 1 + the walk that reached it
	for s := range n {
		for t := s; t >= 0 && seen[t] == 0; t = waits[t] {
			seen[t] = s + 1
			if u := waits[t]; u >= 0 && seen[u] == s+1 {
				cycle := []int{u}
				for v := waits[u]; v != u; v = waits[v] {
					cycle = append(cycle, v)
				}
				return cycle
			}
		}
	}
	return nil
}

// waitsFor is the thread stuck thread t waits for (-1: none it can name):
// the thread of a derived order's source not yet scheduled, the holder of
// the lock it acquires, the writer of the value it reads, or the reader
// its write would spoil.
func (b *builder) waitsFor(t int) int {
	r := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(b.next[t])}
	if b.hasAfter[t] {
		for _, f := range b.after[r] {
			if !b.done(f) {
				return int(f.Thread)
			}
		}
	}
	ev := b.tr.Event(r)
	switch ev.Op {
	case trace.OpAcquire:
		if h := b.owner.get(b.x.ObjNum(r)); h.depth > 0 && int(h.thread) != t {
			return int(h.thread)
		}
	case trace.OpRead:
		if src, kind := b.x.Source(r); kind == encode.OneWrite && !b.done(src) {
			return int(src.Thread)
		}
	case trace.OpWrite:
		reader := -1
		b.neededPinnedReadsOf(t, r, ev, func(rd, src trace.EventRef, kind encode.SourceKind) bool {
			if kind == encode.OneWrite && b.done(src) {
				reader = int(rd.Thread)
			}
			return reader >= 0
		})
		return reader
	}
	return -1
}

// lockHintFor: stuck thread t waits for a lock that another thread took
// first, so t's hold should end before the holder's starts.
func (b *builder) lockHintFor(t int) (closure.Edge, bool) {
	r := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(b.next[t])}
	if b.tr.Event(r).Op != trace.OpAcquire {
		return closure.Edge{}, false
	}
	h := b.owner.get(b.x.ObjNum(r))
	u := h.thread
	if h.depth == 0 || int(u) == t {
		return closure.Edge{}, false
	}
	end := b.x.HoldEnd(r.Thread, r.Index)
	if end < 0 || b.tr.Threads[t].Events[end].Op != trace.OpRelease {
		return closure.Edge{}, false
	}
	for _, s := range b.x.OpenAfter(u, b.next[u]-1) {
		if b.tr.Threads[u].Events[s].Obj == b.tr.Event(r).Obj && b.tr.Threads[u].Events[s].Op == trace.OpAcquire {
			return closure.Edge{From: trace.EventRef{Thread: r.Thread, Index: uint32(end)}, To: trace.EventRef{Thread: u, Index: s},
				Why: "learnt: the waiting hold goes first"}, true
		}
	}
	return closure.Edge{}, false
}

// readHintFor: stuck thread t's next event is a write that would spoil
// another thread's needed read whose value is already written, so the
// write should have gone before that value's write (the next run holds
// it back until the write is done). On a recording, a thread that ran
// ahead, writing as recorded, is what a witness must often undo.
func (b *builder) readHintFor(t int) (closure.Edge, bool) {
	r := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(b.next[t])}
	ev := b.tr.Event(r)
	if ev.Op != trace.OpWrite {
		return closure.Edge{}, false
	}
	var src trace.EventRef
	found := b.neededPinnedReadsOf(t, r, ev, func(_, s trace.EventRef, kind encode.SourceKind) bool {
		if kind != encode.OneWrite || !b.done(s) || s.Thread == r.Thread || b.facts.Before(s, r) {
			return false
		}
		src = s
		return true
	})
	if !found {
		return closure.Edge{}, false
	}
	return closure.Edge{From: r, To: src, Why: "learnt: the write goes before the source of the read it would spoil"}, true
}

// spoiltHintFor: stuck thread t's next event is a read whose value was
// written and then overwritten by another thread's write (the spoiler),
// so the read should go before the spoiler. The value's write is the
// last write of the read's value the run scheduled, or the run's start
// when the variable had that value then; the spoiler is the first write
// of another value after it. On recordings whose variables take few
// values a read can take its value from many writes, so the simulation,
// running the recorded order, often spends the value a read needs before
// the read can go (counted on the shared 8-thread member of 1K events
// with values: greedy found 166 witnesses with this hint, 114 without).
func (b *builder) spoiltHintFor(t int) (closure.Edge, bool) {
	r := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(b.next[t])}
	ev := b.tr.Event(r)
	if ev.Op != trace.OpRead || b.current(r, ev.Obj) == ev.Val {
		return closure.Edge{}, false
	}
	v := b.x.ObjNum(r)
	spoiler, found, written := trace.EventRef{}, false, false
	for k := len(b.sched) - 1; k >= 0; k-- {
		s := b.sched[k].Ref
		if w := b.tr.Event(s); w.Op == trace.OpWrite && b.x.ObjNum(s) == v {
			if w.Val == ev.Val {
				written = true
				break
			}
			spoiler, found = s, true
		}
	}
	if !found || !written && b.startValue(v, ev.Obj) != ev.Val {
		return closure.Edge{}, false
	}
	if _, chosen := b.chosen[spoiler]; chosen || spoiler.Thread == r.Thread || b.facts.Before(spoiler, r) {
		return closure.Edge{}, false
	}
	return closure.Edge{From: r, To: spoiler, Why: "learnt: the read goes before the write that spoilt its value"}, true
}

// startValue is the value variable v (by number; sym obj) had when the
// run started: at its mark, or the initial value.
func (b *builder) startValue(v int32, obj trace.Sym) trace.Sym {
	if val := b.value.atMark(v); val != trace.NoSym {
		return val
	}
	return b.tr.InitValue(obj)
}
