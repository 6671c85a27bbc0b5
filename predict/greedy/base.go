package greedy

import (
	"maps"
	"slices"
	"sort"

	"gpredict/encode"
	"gpredict/internal/history"
	"gpredict/predict/closure"
	"gpredict/predict/replay"
	"gpredict/trace"
)

// Base is the recorded order simulated once, as far as the simulation's
// rules let it go (it stops at the first wait, which this package never
// schedules), with marks every so many steps. A candidate whose chosen
// events and derived orders all lie after a mark can start its simulation
// there instead of at the beginning: on a recording of a million events
// most candidates then cost what lies between the mark and their chosen
// events, not the whole prefix. The witness is the base up to the mark
// followed by what the simulation adds; the caller validates it from the
// validator's own state at the same mark (replay.Checker.Marks).
//
// A mark costs almost nothing: the base keeps every change it made to
// the lock and variable state once, with its step (internal/history), and
// where each event lies in it (pos), so the state at any step is read
// from those; a mark adds only the shared-hold depths, which are few. A
// mark used to copy every variable and lock (tens of megabytes on a
// recording with a million variables), so a memory budget allowed a
// handful of marks, and on such a recording only the one at the start.
type Base struct {
	// Steps is the base order, as far as it runs.
	Steps []replay.Step
	marks []baseMark
	// pos[t][i] is the step at which event i of thread t runs in the
	// base (for the events the base has).
	pos [][]uint32
	// owner, shared and value are the base's changes to the builder's
	// arrays of the same names.
	owner  *history.Array[lockState]
	shared *history.Array[int]
	value  *history.Array[trace.Sym]
}

// baseMark is the simulation's state after the first steps steps of the
// base, beyond what the base's histories give.
type baseMark struct {
	steps   int
	depth   map[threadLock]int
	inner   map[threadLock]int
	chans   map[trace.Sym]*chanSim
	sendPos []int
}

// markBudget bounds the memory all marks take together (bytes): this
// package's and the validator's (replay.Mark), which copies its state per
// thread and per channel (markBytes). minSpacing is the least distance
// between two marks (steps): a candidate pays at most the spacing in
// extra simulated and validated steps. With marks at least 256 steps
// apart, until 2026-11-29, a budget of 32 MB was reached only past 10M
// events (8 threads). Marks at least 8 apart reach 16 MB at 160K events,
// so the marks of the lock-heavy member of 1M events take about 16 MB,
// 13 MB more than before, against the 1 GiB that member is held to.
const (
	markBudget = 16 << 20
	minSpacing = 8
)

// NewBase simulates tr's recorded order (x.Trace must have one: every
// event has its Arrival), with a mark every so many steps (every; 0: as
// the trace's size and the memory budget suggest). It returns nil when the
// recording is not in program order within some thread or when not one
// step can be taken. How the recorded order is followed where it is not
// an execution of the simulation's rules is base_run.go's.
func NewBase(x *encode.Index, every int) *Base {
	order, ok := recordedOrder(x.Trace)
	if !ok {
		return nil
	}
	spacing := every
	if spacing <= 0 {
		spacing = markSpacing(x, len(order))
	}
	br := newBaseRun(x, order, spacing)
	br.run()
	b, base := br.b, br.base
	if len(b.sched) == 0 {
		return nil
	}
	base.Steps = b.sched
	if n := len(b.sched); n%spacing == 0 && base.marks[len(base.marks)-1].steps != n {
		base.marks = append(base.marks, b.mark(n))
	}
	base.owner, base.shared, base.value = br.owner.Freeze(x.NumLocks()), br.shared.Freeze(x.NumLocks()), br.value.Freeze(x.NumVars())
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
	marks := max(1, markBudget/markBytes(x.Trace))
	return max(minSpacing, (steps+marks-1)/marks)
}

// markBytes estimates what one mark costs, this package's and the
// validator's together: the validator copies per thread its position, its
// lock depth to restore and its first inconsistent read (about 40 bytes),
// and per channel its queue's state (about 64 bytes; the channels with a
// declared capacity are counted, a recording's unbuffered ones are not).
func markBytes(tr *trace.Trace) int {
	return 40*len(tr.Threads) + 64*len(tr.ChanCaps) + 512
}

func (b *builder) mark(steps int) baseMark {
	m := baseMark{steps: steps, depth: maps.Clone(b.depth), inner: maps.Clone(b.inner)}
	if b.hasChans {
		m.chans, m.sendPos = b.markChans(), slices.Clone(b.sendPos)
	}
	return m
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

// markFor returns the last mark before every chosen event of ch and the
// target of every derived order of edges that the base order breaks — of
// every derived order, with everyOrder: what the simulation will still
// decide about must all come after the mark. An order the base keeps
// holds in every prefix of it, so its target may lie before the mark. ok
// is false when only the start qualifies.
func (base *Base) markFor(ch []trace.EventRef, edges []closure.Edge, everyOrder bool) (baseMark, bool) {
	limit := len(base.Steps)
	for _, c := range ch {
		limit = min(limit, base.stepOf(c))
	}
	for _, e := range edges {
		// An order the base itself keeps holds in every prefix of it;
		// one the base breaks holds in no prefix that contains its target.
		if to := base.stepOf(e.To); everyOrder || base.stepOf(e.From) >= to {
			limit = min(limit, to)
		}
	}
	// The first mark past the limit; the one before it fits.
	k := sort.Search(len(base.marks), func(i int) bool { return base.marks[i].steps > limit })
	if k == 0 || base.marks[k-1].steps == 0 {
		return baseMark{}, false
	}
	return base.marks[k-1], true
}

// stepOf is the step at which r runs in the base (len(Steps) when the base
// does not reach it).
func (base *Base) stepOf(r trace.EventRef) int {
	if p := base.pos[r.Thread]; int(r.Index) < len(p) {
		return int(p[r.Index])
	}
	return len(base.Steps)
}

// resume puts the builder in the state of mark m.
func (b *builder) resume(base *Base, m baseMark) {
	for t, p := range base.pos {
		// The number of t's events among the first m.steps steps.
		b.next[t] = sort.Search(len(p), func(i int) bool { return int(p[i]) >= m.steps })
	}
	// The base's histories are shared, read-only, under the run's changes.
	b.owner, b.shared, b.value = newSparse(base.owner, m.steps), newSparse(base.shared, m.steps), newSparse(base.value, m.steps)
	b.depth, b.inner = maps.Clone(m.depth), maps.Clone(m.inner)
	if b.hasChans {
		b.resumeChans(m.chans, m.sendPos)
	}
	b.needVersion++
}
