package reorder

import (
	"slices"

	"gpredict/predict/replay"
	"gpredict/trace"
)

// A Cut is a set of events closed under thread order — per thread, how
// many of its first events it holds — that a witness schedules, in base
// order, before the chosen events.
type Cut []uint32

// holds reports whether the cut holds event r.
func (v Cut) holds(r trace.EventRef) bool { return r.Index < v[r.Thread] }

// Kind is a way of closing the events the chosen ones need.
type Kind uint8

const (
	// SHB closes under the rf clocks and the recorded lock order: the
	// closure is one clock join, and every schedulable-happens-before race
	// is found by it.
	SHB Kind = iota
	// SyncP closes under the rf clocks and keeps only the order of the
	// lock holds the closure contains (the earlier of two holds of a lock
	// must end before the later starts), to a fixed point: every
	// sync-preserving race is found by it.
	SyncP
)

func (k Kind) String() string { return [...]string{"shb", "syncp"}[k] }

// Block proposes a witness for chosen events that must end the schedule
// as one contiguous block (a race, or any pattern that is one `||` block):
// the base order up to the first chosen event, then the events of the
// base order after it that the chosen ones need (closed as kind says), in
// base order, then the chosen events. ok is false when some chosen event
// lies beyond the base order or is itself needed by the others (the
// closure holds it), or when the closure cannot be completed.
//
// Why the base order up to the first chosen event may stay in: it is a
// prefix of an execution, so closed under everything either closure
// follows, and the chosen events are not in it. A lock hold open in it at
// the first chosen event f cannot clash with a hold the closure adds
// later, because in the base order that later hold starts after the open
// one ended, and the closure then holds the end too (SHB: the release
// comes before the acquire; SyncP: both holds are in, so the earlier one
// ends).
//
// The witness is returned as the base position from which it differs
// from the base order (from ≤ the first chosen event's position; the
// caller picks from among its validator marks by mark) and the steps after
// it.
func (c *Clocks) Block(chosen []trace.EventRef, kind Kind, mark func(pos int) int) (from int, steps []replay.Step, ok bool) {
	first, last, ok := c.span(chosen)
	if !ok {
		return 0, nil, false
	}
	v := c.countsAt(first)
	set := c.shb
	if kind == SyncP {
		set = c.rf
	}
	for _, r := range chosen {
		c.needBefore(set, v, r)
	}
	if kind == SyncP && !c.syncPreserve(v, chosen) {
		return 0, nil, false
	}
	for _, r := range chosen {
		if v.holds(r) {
			return 0, nil, false
		}
	}
	from = mark(first)
	return from, c.witness(v, from, last, chosen), true
}

// span is the first and last base position of the chosen events; not ok
// when one of them is not in the base order.
func (c *Clocks) span(chosen []trace.EventRef) (first, last int, ok bool) {
	first, last = -1, -1
	for _, r := range chosen {
		p := int(c.pos[r.Thread][r.Index])
		if p < 0 {
			return 0, 0, false
		}
		if first < 0 || p < first {
			first = p
		}
		last = max(last, p)
	}
	return first, last, true
}

// witness is the schedule of cut v: the base order's steps from..last
// that v holds, then the chosen events in base order (their block's
// order is free).
func (c *Clocks) witness(v Cut, from, last int, chosen []trace.EventRef) []replay.Step {
	var steps []replay.Step
	for p := from; p <= last; p++ {
		if s := c.base[p]; v.holds(s.Ref) {
			steps = append(steps, s)
		}
	}
	for _, r := range chosen {
		steps = append(steps, replay.Step{Ref: r})
	}
	tail := steps[len(steps)-len(chosen):]
	slices.SortFunc(tail, func(a, b replay.Step) int {
		return int(c.pos[a.Ref.Thread][a.Ref.Index]) - int(c.pos[b.Ref.Thread][b.Ref.Index])
	})
	return steps
}

// countsAt is the cut of the first p steps of the base order.
func (c *Clocks) countsAt(p int) Cut {
	v := make(Cut, len(c.pos))
	for t, ps := range c.pos {
		// Base positions increase along a thread up to where the base
		// stops (-1 after that).
		n, _ := slices.BinarySearchFunc(ps, int32(p), func(x, target int32) int {
			if x < 0 || x >= target {
				return 1
			}
			return -1
		})
		v[t] = uint32(n)
	}
	return v
}

// needBefore adds to v what must come before event r (its thread's
// earlier events, and what they need).
func (c *Clocks) needBefore(set clockSet, v Cut, r trace.EventRef) {
	if r.Index > 0 {
		set.into(v, r.Thread, r.Index-1)
		return
	}
	if th := c.tr.Threads[r.Thread]; th.HasFork {
		set.into(v, th.ForkedBy.Thread, th.ForkedBy.Index)
	}
	for _, src := range c.tr.HBSources(r) {
		set.into(v, src.Thread, src.Index)
	}
}

// syncPreserve closes v under the sync-preserving rule: of the holds of a
// lock that v starts, all but the one started last in the base order must
// end in v. It returns false when one of them never ends or a chosen
// event enters v.
func (c *Clocks) syncPreserve(v Cut, chosen []trace.EventRef) bool {
	for changed := true; changed; {
		changed = false
		for _, per := range c.holds {
			lastT, lastPos := -1, int32(-1)
			for _, h := range per {
				t, starts := int(h.Thread), h.Starts
				k, _ := slices.BinarySearch(starts, v[t])
				if k == 0 {
					continue
				}
				if p := c.pos[t][starts[k-1]]; p > lastPos {
					lastT, lastPos = t, p
				}
			}
			for _, h := range per {
				t, starts := int(h.Thread), h.Starts
				k, _ := slices.BinarySearch(starts, v[t])
				if k == 0 || t == lastT {
					continue
				}
				s := starts[k-1]
				end := c.idx.HoldEnd(trace.ThreadID(t), s)
				if end < 0 || c.pos[t][end] < 0 {
					return false // never ends, or not in the base order
				}
				if uint32(end) < v[t] {
					continue
				}
				c.rf.into(v, trace.ThreadID(t), uint32(end))
				changed = true
			}
		}
		for _, r := range chosen {
			if v.holds(r) {
				return false
			}
		}
	}
	return true
}
