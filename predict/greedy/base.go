package greedy

import (
	"maps"
	"slices"
	"sort"

	"gpredict/encode"
	"gpredict/predict/closure"
	"gpredict/predict/replay"
	"gpredict/trace"
)

// Base is the recorded order simulated once, as far as the simulation's
// rules let it go (it stops at the first wait, which this package never
// schedules), with the simulation's state kept every so many steps
// (marks). A candidate whose chosen events and derived orders all lie
// after a mark can start its simulation there instead of at the
// beginning: on a recording of a million events most candidates then cost
// what lies between the mark and their chosen events, not the whole
// prefix. The witness is the base up to the mark followed by what the
// simulation adds; the caller validates it from the validator's own state
// at the same mark (replay.Checker.Marks).
type Base struct {
	// Steps is the base order, as far as it runs.
	Steps []replay.Step
	marks []baseMark
}

// baseMark is the simulation's state after the first steps steps of the
// base.
type baseMark struct {
	steps  int
	next   []int
	owner  []lockState
	shared []int
	depth  map[threadLock]int
	inner  map[threadLock]int
	value  []trace.Sym
}

// markBudget bounds the memory all marks take together (bytes): this
// package's and the validator's (replay.Mark), which keeps per variable
// its last write (about 32 bytes). minSpacing is the least distance
// between two marks (steps): a candidate pays at most the spacing in
// extra simulated and validated steps.
const (
	markBudget = 32 << 20
	minSpacing = 256
)

// NewBase simulates tr's recorded order (x.Trace must have one: every
// event has its Arrival), with a mark every so many steps (every; 0: as
// the trace's size and the memory budget suggest). It returns nil when the
// recording is not in program order within some thread or when not one
// step can be taken.
func NewBase(x *encode.Index, every int) *Base {
	order, ok := recordedOrder(x.Trace)
	if !ok {
		return nil
	}
	b := newBuilder(x, closure.Chain{}, closure.Result{})
	b.sched = make([]replay.Step, 0, len(order))
	spacing := every
	if spacing <= 0 {
		spacing = markSpacing(x, len(order))
	}
	base := &Base{}
	for i, t := range order {
		if i%spacing == 0 {
			base.marks = append(base.marks, b.mark(i))
		}
		// Only t has something pending: no other thread's needed read
		// can hold a write back (readPending), and nothing else runs.
		b.need[t] = b.next[t] + 1
		b.needVersion++
		if !b.enabled(int(t), false) {
			break
		}
		b.take(int(t))
	}
	if len(b.sched) == 0 {
		return nil
	}
	base.Steps = b.sched
	if n := len(b.sched); n%spacing == 0 {
		base.marks = append(base.marks, b.mark(n))
	}
	return base
}

// recordedOrder lists the thread of every event in the order of their
// Arrival, or false when some thread's arrivals do not increase.
func recordedOrder(tr *trace.Trace) ([]trace.ThreadID, bool) {
	var keys []uint64
	for t, th := range tr.Threads {
		for i, a := range th.Arrival {
			if i > 0 && a <= th.Arrival[i-1] {
				return nil, false
			}
			keys = append(keys, uint64(a)<<32|uint64(t))
		}
	}
	slices.Sort(keys)
	order := make([]trace.ThreadID, len(keys))
	for i, k := range keys {
		order[i] = trace.ThreadID(uint32(k))
	}
	return order, true
}

// markSpacing is the number of steps between marks: at least minSpacing,
// and enough that all marks together stay within markBudget.
func markSpacing(x *encode.Index, steps int) int {
	per := 16*len(x.Trace.Threads) + 48*x.NumLocks() + 36*x.NumVars() + 256
	marks := max(1, markBudget/per)
	return max(minSpacing, (steps+marks-1)/marks)
}

func (b *builder) mark(steps int) baseMark {
	return baseMark{steps: steps, next: slices.Clone(b.next), owner: b.owner.full(b.x.NumLocks()), shared: b.shared.full(b.x.NumLocks()),
		depth: maps.Clone(b.depth), inner: maps.Clone(b.inner), value: b.value.full(b.x.NumVars())}
}

// MarkSteps lists where the marks are (steps of the base), ascending.
func (base *Base) MarkSteps() []int {
	out := make([]int, len(base.marks))
	for i, m := range base.marks {
		out[i] = m.steps
	}
	return out
}

// Keep drops the marks whose position ok rejects (the validator could not
// resume there).
func (base *Base) Keep(ok func(k int) bool) {
	kept := base.marks[:0]
	for k, m := range base.marks {
		if ok(k) {
			kept = append(kept, m)
		}
	}
	base.marks = kept
}

// markFor returns the last mark before which lies no chosen event of ch
// and no target of a derived order of res (in the base order): what the
// simulation will still decide about must all come after the mark. ok is
// false when only the start qualifies.
func (base *Base) markFor(ch []trace.EventRef, edges []closure.Edge) (baseMark, bool) {
	fits := func(m baseMark) bool {
		for _, c := range ch {
			if m.next[c.Thread] > int(c.Index) {
				return false
			}
		}
		for _, e := range edges {
			if m.next[e.To.Thread] > int(e.To.Index) {
				return false
			}
		}
		return true
	}
	// Marks only move forward in every thread, so fits is monotone.
	k := sort.Search(len(base.marks), func(i int) bool { return !fits(base.marks[i]) })
	if k == 0 || base.marks[k-1].steps == 0 {
		return baseMark{}, false
	}
	return base.marks[k-1], true
}

// resume puts the builder in the state of mark m.
func (b *builder) resume(m baseMark) {
	copy(b.next, m.next)
	// The mark's arrays are shared, read-only, under the run's changes.
	b.owner, b.shared, b.value = newSparse(m.owner), newSparse(m.shared), newSparse(m.value)
	b.depth, b.inner = maps.Clone(m.depth), maps.Clone(m.inner)
	b.needVersion++
}
