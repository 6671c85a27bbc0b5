package reorder

import (
	"slices"

	"gpredict/predict/replay"
	"gpredict/trace"
)

// Lazy proposes a witness for chosen events that must end the schedule as
// one contiguous block, like Block, with a smaller closure: the base order
// up to a mark, then, in base order, only what the chosen events need
// under the model's own rules, then the chosen events. Where Block follows
// every read to the write it read from in the recording, Lazy follows a
// read only when it must: when the last write before it among the events
// taken so far does not give its recorded value. On a recording whose
// variables take few values, most reads would read the same value from an
// earlier write, so the events after the first chosen one that the
// recording's reads-from would drag in (and with them, often, the chosen
// event itself) can stay out. Lock holds are kept in their recorded order
// only among the holds the closure starts (the sync-preserving rule), and
// fork, join and hb facts are followed as always.
//
// The closure grows until nothing more is needed: adding events can spoil
// a read that was fine (a write lands between it and the write it saw),
// which is repaired in the next round. Every event added is one that some
// rule demands given what is already in, so, like SyncP's closure, the
// result holds a chosen event only if every set closed under these repairs
// does; as with Block, the witness is only a proposal for the validator.
func (c *Clocks) Lazy(chosen []trace.EventRef, mark func(pos int) int) (from int, steps []replay.Step, ok bool) {
	first, last, ok := c.span(chosen)
	if !ok {
		return 0, nil, false
	}
	from = mark(first)
	lz := lazy{c: c, from: from, last: last, chosen: chosen, v: c.countsAt(from)}
	lz.floor = slices.Clone(lz.v)
	for _, r := range chosen {
		lz.v[r.Thread] = max(lz.v[r.Thread], r.Index)
	}
	if !lz.close() {
		return 0, nil, false
	}
	return from, c.witness(lz.v, from, last, chosen), true
}

// lazy is one closure in progress: v is the cut, floor the cut of the base
// order's first from steps (always in).
type lazy struct {
	c          *Clocks
	from, last int
	chosen     []trace.EventRef
	v, floor   Cut
	// cur is, per variable number, the last write taken so far in the
	// walk of readsKeep (valid while stamp matches the walk).
	cur   []lastWrite
	stamp uint32
}

type lastWrite struct {
	stamp uint32
	val   trace.Sym
}

// close grows v until fork, join, hb facts, the sync-preserving lock rule
// and every read's value are satisfied; false when a chosen event or an
// event beyond the base order would have to come in.
func (lz *lazy) close() bool {
	for {
		grew := false
		for _, step := range []func() (bool, bool){lz.structure, lz.locks, lz.reads} {
			g, ok := step()
			if !ok || !lz.clear() {
				return false
			}
			grew = grew || g
		}
		if !grew {
			return true
		}
	}
}

// clear reports whether no chosen event is in v and v stays within the
// base order.
func (lz *lazy) clear() bool {
	for _, r := range lz.chosen {
		if lz.v.holds(r) {
			return false
		}
	}
	for t, n := range lz.v {
		if n > 0 && lz.c.pos[t][n-1] < 0 {
			return false
		}
	}
	return true
}

// need puts event (t, i) and its thread's earlier events in v.
func (lz *lazy) need(t trace.ThreadID, i uint32) bool {
	if i+1 > lz.v[t] {
		lz.v[t] = i + 1
		return true
	}
	return false
}

// structure: a thread's first event needs its fork, a join the whole
// joined thread, an event the sources of its hb facts.
func (lz *lazy) structure() (grew, ok bool) {
	tr := lz.c.tr
	for t := range lz.v {
		tid := trace.ThreadID(t)
		th := tr.Threads[t]
		for i := lz.floor[t]; i < lz.v[t]; i++ {
			r := trace.EventRef{Thread: tid, Index: i}
			if i == 0 && th.HasFork {
				grew = lz.need(th.ForkedBy.Thread, th.ForkedBy.Index) || grew
			}
			for _, src := range tr.HBSources(r) {
				grew = lz.need(src.Thread, src.Index) || grew
			}
			if ev := &th.Events[i]; ev.Op == trace.OpJoin {
				if u, found := tr.ThreadByName(tr.Str(ev.Obj)); found && len(tr.Threads[u].Events) > 0 {
					grew = lz.need(u, uint32(len(tr.Threads[u].Events)-1)) || grew
				}
			}
		}
	}
	return grew, true
}

// locks is the sync-preserving rule: of the holds of a lock that v
// starts, every one but the one started last in the base order ends in v.
func (lz *lazy) locks() (grew, ok bool) {
	c := lz.c
	for _, per := range c.holds {
		lastT, lastPos := -1, int32(-1)
		for _, h := range per {
			t, starts := int(h.Thread), h.Starts
			k, _ := slices.BinarySearch(starts, lz.v[t])
			if k > 0 {
				if p := c.pos[t][starts[k-1]]; p > lastPos {
					lastT, lastPos = t, p
				}
			}
		}
		for _, h := range per {
			t, starts := int(h.Thread), h.Starts
			k, _ := slices.BinarySearch(starts, lz.v[t])
			if k == 0 || t == lastT {
				continue
			}
			end := c.idx.HoldEnd(trace.ThreadID(t), starts[k-1])
			if end < 0 {
				return false, false
			}
			grew = lz.need(trace.ThreadID(t), uint32(end)) || grew
		}
	}
	return grew, true
}

// reads walks the events of v after the floor in base order and makes
// every read that must keep its value see it: when the last write before
// it gives another value, the write it read in the recording (the last
// one before it in the base order) comes in. A read that is the last
// event of its thread in v and not followed by a chosen event keeps no
// value (docs/semantics.md, rule 5), unless a later round adds to its
// thread.
func (lz *lazy) reads() (grew, ok bool) {
	c := lz.c
	if lz.cur == nil {
		lz.cur = make([]lastWrite, len(c.writes))
	}
	lz.stamp++
	for p := lz.from; p <= lz.last; p++ {
		s := c.base[p]
		r := s.Ref
		if !lz.v.holds(r) {
			continue
		}
		ev := c.tr.Event(r)
		switch ev.Op {
		case trace.OpWrite:
			lz.cur[c.idx.ObjNum(r)] = lastWrite{stamp: lz.stamp, val: ev.Val}
		case trace.OpRead:
			if r.Index+1 == lz.v[r.Thread] && !lz.chosenNext(r) {
				continue
			}
			x := c.idx.ObjNum(r)
			if lz.valueBefore(x, p, ev.Obj) == ev.Val {
				continue
			}
			w, found := c.lastWriteBefore(x, p)
			if !found {
				return grew, false // reads the initial value, spoilt by a write before it
			}
			grew = lz.need(w.Thread, w.Index) || grew
		}
	}
	return grew, true
}

// chosenNext reports whether a chosen event follows read r in its thread.
func (lz *lazy) chosenNext(r trace.EventRef) bool {
	for _, ch := range lz.chosen {
		if ch.Thread == r.Thread && ch.Index == r.Index+1 {
			return true
		}
	}
	return false
}

// valueBefore is the value variable x (number; name v) has in the walk
// before base position p: the last write the walk took, else the base
// order's value at the floor.
func (lz *lazy) valueBefore(x int32, p int, v trace.Sym) trace.Sym {
	if w := lz.cur[x]; w.stamp == lz.stamp {
		return w.val
	}
	if w, found := lz.c.lastWriteBefore(x, lz.from); found {
		return lz.c.tr.Event(w).Val
	}
	return lz.c.tr.InitValue(v)
}
