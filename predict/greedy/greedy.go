// Package greedy builds witnesses for chain candidates (closure.Chain)
// without a solver. Group by group, it works out which events the next
// group's events need before them (what must happen before them, the
// orders package closure derived, and the lock holds that must finish),
// schedules those events by simulating an execution — at each step the
// enabled event that came first in the recording — and then the group's
// events as one block. The result is only a proposal: the caller keeps it
// only if the replay validator accepts it, so a bad choice here can make
// the stage find nothing, never report something false.
//
// The recording's order (trace.Thread.Arrival) is used only as a preference
// among enabled events, never as a cross-thread order (docs/semantics.md):
// on a recorded execution it steers the simulation along the run that
// happened, which is usually a short way to a witness.
package greedy

import (
	"fmt"
	"sort"
	"strings"

	"gpredict/encode"
	"gpredict/internal/interrupt"
	"gpredict/predict/closure"
	"gpredict/predict/replay"
	"gpredict/trace"
)

// Build returns a schedule showing chain ch that valid accepts, or false
// when no attempt finds one. res is what closure.Saturate derived for ch
// (not refuted). The first attempt follows the recording; when it gets
// stuck or its schedule is not valid, the next ones perturb the order in
// which enabled threads go (Attempts), since a different interleaving of
// the same needed events often gets past what blocked the first.
//
// With a base (nil: none), the attempts first start from the base's last
// mark that lies before everything the candidate decides about: the
// schedule is then the first from steps of base.Steps followed by the
// returned steps, and valid is asked about that split. When none
// succeeds that way, they run again from the start if the mark was near
// it (restartLimit steps), or, with Full and Shallow effort, only if no
// mark allowed a run at all (what the candidate decides about lies before the first
// mark past the start). On a long recording a run from the start costs
// the whole prefix, and measured on generated traces of 100K events it
// never found what the runs from the mark had not; Quick's one attempt
// from the start still finds what its run from the mark did not on
// busy members of the lock-heavy family (313 witnesses of 2,188 on a
// 24-thread recording of 14K events: gentrace -shape locks -threads 24
// -locks 10 -depth 3 -seed 9, STD), but Full's, six attempts then,
// found 1 of 516 there for 36 s of the run's 254 s of CPU, and none of
// 636 and 54 on two other members (the solver stages after this one are
// what is complete).
//
// Build finds nothing once stop closes (an interrupt; nil: never): a run
// over a recording of a million events takes seconds, so the simulation
// looks at stop as it goes, and the attempts before each run.
func Build(x *encode.Index, ch closure.Chain, res closure.Result, base *Base, effort Effort, valid func(from int, steps []replay.Step) bool, stop <-chan struct{}) (from int, steps []replay.Step, ok bool) {
	again := false
	if base != nil {
		from, steps, ok := attemptAll(x, ch, res, base, effort, effort.runs(false), valid, stop)
		if ok || from > restartLimit || from > 0 && effort != Quick {
			return from, steps, ok
		}
		again = from > 0
	}
	_, steps, ok = attemptAll(x, ch, res, nil, effort, effort.runs(again), valid, stop)
	return 0, steps, ok
}

// restartLimit is the farthest mark from which a failed Quick Build still
// runs its attempt again from the start.
const restartLimit = 4096

// stopLookEvery is how many events a simulation asks about (whether they
// are enabled) between two looks at its stop signal.
const stopLookEvery = 16

// attemptAll runs the attempts, from base's mark for the candidate when
// base is not nil (and from the start when it is), each within runs
// runs. On failure, from is the farthest mark it started from (0: none).
func attemptAll(x *encode.Index, ch closure.Chain, res closure.Result, base *Base, effort Effort, runs int, valid func(int, []replay.Step) bool, stop <-chan struct{}) (from int, steps []replay.Step, ok bool) {
	s := &search{x: x, ch: ch, events: ch.Events(), base: base, valid: valid, stop: stop, everyOrder: effort != Quick, runs: runs,
		holdsOrdered: map[Attempt]bool{}}
	for _, a := range effort.attempts() {
		if s.repeats(a) {
			continue
		}
		if from, steps, ok := s.attempt(a, res); ok {
			return from, steps, true
		}
	}
	return s.usedFrom, nil, false
}

// repeats reports whether attempt a would only repeat, run for run, an
// attempt that failed: a drops the rule of finishHolds (KeepHolds), and
// the same attempt with the rule ran and the rule never acted in any of
// its runs. The simulation is deterministic, so each of a's runs would be
// that attempt's run with the same orders learnt, stuck in the same place
// or invalid in the same way, offering the same hints. On the lock-heavy
// family the KeepHolds attempt was a third of the ending stage's runs,
// and on most candidates exactly such a repeat (docs/engine.md, "The
// simulation's held writes").
func (s *search) repeats(a Attempt) bool {
	if !a.KeepHolds {
		return false
	}
	twin := a
	twin.KeepHolds = false
	ordered, ran := s.holdsOrdered[twin]
	return ran && !ordered
}

// search is one candidate's attempts.
type search struct {
	x      *encode.Index
	ch     closure.Chain
	events []trace.EventRef
	base   *Base
	valid  func(int, []replay.Step) bool
	// usedFrom is the farthest mark a run started from.
	usedFrom int
	// everyOrder says the runs start before the target of every derived
	// order, not only of those the base breaks (markFor). Quick starts at
	// the nearest mark, which takes the recording as it ran up to the
	// candidate: on recordings whose variables take few values that keeps
	// the writes that give the needed reads their values. Full and
	// Shallow start before every derived order's target, which leaves the simulation
	// free to reorder what the recording did between those orders and the
	// candidate. Measured on the lock-heavy family (DataRace, one run
	// each, load 4 to 5): on the 8-thread member of 1K events with values,
	// greedy's one attempt from the nearest mark found 144 witnesses of
	// 463, where it had found 83 starting before every order (with marks
	// every 256 steps, until 2026-11-29); of the 381 candidates
	// greedy-saturated got on the 16-thread STD member of 10K events,
	// starting before every order found 332, and then again from the
	// nearest mark 333, for twice the time on the 8-thread STD member of
	// 100K events.
	everyOrder bool
	// stop ends the search (nil: never).
	stop <-chan struct{}
	// runs bounds the runs of one attempt (Effort.runs).
	runs int
	// holdsOrdered[a] says whether finishHolds acted in a run of attempt
	// a (builder.holdsOrdered); a is a key once it has run (repeats).
	holdsOrdered map[Attempt]bool
}

// attempt runs attempt a, learning from where its runs get stuck. Each
// stuck run offers up to maxHints orders that would have let it go on
// (hints); they are tried depth first, so that an order leading nowhere
// — the next run fails without getting stuck, or needs a chosen event
// too early — is taken back and the next one tried, within s.runs runs.
// On a busy recording one conflict resolved often uncovers the next, and
// the first guess at one of them is not always the right one.
func (s *search) attempt(a Attempt, res closure.Result) (int, []replay.Step, bool) {
	type level struct {
		learned closure.Result
		options []closure.Edge
	}
	var stack []level
	learned := res
	for range s.runs {
		if interrupt.Closed(s.stop) {
			return 0, nil, false
		}
		from, b, ok := s.run(a, learned)
		s.holdsOrdered[a] = s.holdsOrdered[a] || b != nil && b.holdsOrdered
		if ok {
			return from, b.sched, true
		}
		if b != nil && b.stuckInRun {
			if options := b.hints(maxHints); len(options) > 0 {
				stack = append(stack, level{learned, options[1:]})
				learned = learned.WithEdges(options[:1])
				continue
			}
		}
		if b != nil && len(b.startedLast) > 0 {
			// Taken as a whole, with nothing to try instead: the orders
			// only move the next run's mark back before the hold.
			stack = append(stack, level{learned, nil})
			learned = learned.WithEdges(b.startedLast)
			continue
		}
		for len(stack) > 0 && len(stack[len(stack)-1].options) == 0 {
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 {
			return 0, nil, false
		}
		top := &stack[len(stack)-1]
		learned = top.learned.WithEdges(top.options[:1])
		top.options = top.options[1:]
	}
	return 0, nil, false
}

// run simulates once with the orders learned, from the mark they allow;
// b is nil when they allow only the start (what was learnt reaches back
// before the first mark).
func (s *search) run(a Attempt, learned closure.Result) (from int, b *builder, ok bool) {
	var start *baseMark
	if s.base != nil {
		m, ok := s.base.markFor(s.events, learned.Edges, s.everyOrder)
		if !ok {
			return 0, nil, false
		}
		start = &m
		from = m.steps
		s.usedFrom = max(s.usedFrom, m.steps)
	}
	b, why := run(s.x, s.ch, learned, a, s.base, start, s.stop)
	return from, b, why == "" && s.valid(from, b.sched)
}

// maxRuns bounds the runs of one attempt of Full effort; maxHints the
// orders each stuck run offers.
const (
	maxRuns  = 16
	maxHints = 2
)

// shallowRuns bounds the runs of each attempt of Shallow effort, the
// greedy-saturated stage's. The candidates it fails on go on to the
// ending stage, which refutes most of them and runs Full attempts,
// guided by more orders, on the others. Measured on three STD members
// of the lock-heavy family (--jobs 1, --stats, one run each; gentrace
// -shape locks, 24 threads 14,228 events seed 9, 28 threads 5,671
// events seed 919, 24 threads 4,732 events seed 11), the CPU of
// greedy-saturated, saturate-rf and ending together: 24.8, 5.9 and
// 4.0 s with 16 runs; 19.1 and 5.4 s with 6; 18.1, 4.8 and 3.1 s with
// 4; 18.8 and 4.9 s with 3; 25.3, 5.4 and 3.1 s with 2. Every stage
// after ending settled the same candidates in each.
const shallowRuns = 4

// Quick's bounds on the runs of its attempt: quickRuns, and
// quickRunsAgain when it runs again from the start after runs from a
// mark failed. Quick's failures pay for every run they are allowed, and
// most of them are candidates with no witness that saturate refutes
// next. Counted on
// a 24-thread STD member of the lock-heavy family (gentrace -shape locks
// -threads 24 -locks 11 -depth 2 -seed 11, 4,732 events; a debug hook,
// --jobs 1), the first run found 838 of the stage's 1,165 witnesses,
// the second 281, the third 29 and the next thirteen 17 between them,
// while the 619 candidates it failed on took 3.6 s of the stage's 4.0 s.
// A run from the start costs the recorded prefix: runs again from the
// start after the mark's failed get two, enough for one learnt order
// whose target lies before every mark (TestGreedyLearnsFromWaitCycles,
// "spoilt read"); their third run found 1 witness there. What the
// bounds leave goes on to greedy-saturated, whose attempts have
// shallowRuns runs each.
const (
	quickRuns      = 3
	quickRunsAgain = 2
)

// Attempt is one way of running the simulation: NoReadOrder drops the
// rule that a write waits for the earlier reads of the old value.
type Attempt struct {
	NoReadOrder bool
	// KeepHolds drops the rule that the needed events' holds of one lock
	// finish in the recorded order (finishHolds): the recorded order can
	// be the one that needs a chosen event too early.
	KeepHolds bool
}

// Effort says how hard Build tries: Full runs every attempt, Shallow
// too with fewer runs each; Quick only the first, which follows the
// recording. Measured on the lock-heavy
// family (a generated 10K-event member, DataRace), Build found 894
// witnesses, 790 of them in its first attempt, in 0.17 s in all; the
// 406 candidates it failed on cost 3.5 s (about 70 runs each), and the
// saturate stage after it refuted most of them. So the ladder's first
// greedy stage is Quick, and every attempt comes after saturate
// (greedy-saturated, Shallow), on what is left; the ending stage runs
// them in full (Full), with the orders it derives.
type Effort int

const (
	Full Effort = iota
	Quick
	Shallow
)

// runs bounds the runs of each of e's attempts; again says they run
// from the start after runs from a mark failed.
func (e Effort) runs(again bool) int {
	switch {
	case e == Full:
		return maxRuns
	case e == Shallow:
		return shallowRuns
	case again:
		return quickRunsAgain
	default:
		return quickRuns
	}
}

func (e Effort) attempts() []Attempt {
	if e == Quick {
		return attempts()[:1]
	}
	return attempts()
}

// attempts are the attempts of Build, in order: the ones that find
// witnesses first, since a candidate pays for every attempt before the
// one that succeeds, and one that fails pays for all. Counted in
// greedy-saturated on three members of the lock-heavy family (2026-11-30,
// after holdGoesLast; gentrace -shape locks: 28 threads 6K events STD,
// 24 threads 14K STD, and the shared 8-thread 1K one with values), the
// first attempt found 131, 954 and 28 witnesses, NoReadOrder 41, 125
// and 3, KeepHolds 9, 12 and 0. A fourth attempt with each event's
// recorded position jittered by up to 64 found none, for a fifth of the
// stage's runs, and is gone (on six members before holdGoesLast it had
// found 1 of 1,883, and jitters of 8 and 512 none). NoReadOrder goes
// before KeepHolds, so that the candidates it finds no longer pay for
// KeepHolds' 16 runs first. On jigsaw, cache4j and Dbcp no candidate
// gets this far.
func attempts() []Attempt {
	return []Attempt{{}, {NoReadOrder: true}, {KeepHolds: true}}
}

// Explain runs the first attempt once, with a sentence saying why it
// found nothing ("" when it found a schedule), for tests and debugging.
func Explain(x *encode.Index, ch closure.Chain, res closure.Result) ([]replay.Step, string) {
	b, why := run(x, ch, res, attempts()[0], nil, nil, nil)
	return b.sched, why
}

// run simulates the chain group by group, from the start or from mark
// start of base (nil: the start); why says where it got stuck ("" when it
// scheduled every group), or that stop closed.
func run(x *encode.Index, ch closure.Chain, res closure.Result, a Attempt, base *Base, start *baseMark, stop <-chan struct{}) (b *builder, why string) {
	b = newBuilder(x, ch, res)
	b.stop = stop
	if start != nil {
		b.resume(base, *start)
	}
	b.reserve()
	b.attempt = a
	for gi, g := range ch.Groups {
		if !b.prepare(gi, g) {
			return b, fmt.Sprintf("group %d needs a chosen event before it", gi+1)
		}
		if !b.run() {
			if b.stopped {
				return b, "stopped"
			}
			b.stuckInRun = true
			return b, "stuck: " + b.stuck()
		}
		if !b.block(g) {
			return b, fmt.Sprintf("group %d cannot run as one block", gi+1)
		}
	}
	return b, ""
}

// stuck describes the next event of every thread that still has needed
// events, and what blocks it.
func (b *builder) stuck() string {
	var parts []string
	for t := range b.need {
		if b.next[t] >= b.need[t] {
			continue
		}
		r := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(b.next[t])}
		ev := b.tr.Event(r)
		parts = append(parts, fmt.Sprintf("%s %s %s (need %d; %s)", b.tr.ID(r), ev.Op, b.tr.Str(ev.Obj), b.need[t], b.blockedBy(t, r, ev)))
	}
	return strings.Join(parts, "; ")
}

// blockedBy says what keeps event r of thread t from being scheduled.
func (b *builder) blockedBy(t int, r trace.EventRef, ev *trace.Event) string {
	if b.hasAfter[t] {
		for _, f := range b.after[r] {
			if !b.done(f) {
				return "after " + b.tr.ID(f)
			}
		}
	}
	th := b.tr.Threads[t]
	if r.Index == 0 && th.HasFork && !b.done(th.ForkedBy) {
		return "forked by " + b.tr.ID(th.ForkedBy)
	}
	if b.hasChans && b.blockedInSend(t) {
		return "its send has not completed"
	}
	if b.hasHB {
		for _, src := range b.tr.HBSources(r) {
			if !b.done(src) {
				return "hb after " + b.tr.ID(src)
			}
		}
	}
	switch ev.Op {
	case trace.OpAcquire:
		if h := b.owner.get(b.x.ObjNum(r)); h.depth > 0 && h.thread != trace.ThreadID(t) {
			return "held by " + b.tr.ThreadName(h.thread)
		}
		if n := b.shared.get(b.x.ObjNum(r)); n > 0 {
			return fmt.Sprintf("held shared by %d threads", n)
		}
	case trace.OpSend, trace.OpRecv, trace.OpRecvClosed, trace.OpClose:
		q := b.chans[ev.Obj]
		if q == nil {
			q = &chanSim{}
		}
		return fmt.Sprintf("channel with %d sends not received, closed %v", len(q.vals), q.closed)
	case trace.OpRead:
		return fmt.Sprintf("wants %s, is %s", b.tr.Str(ev.Val), b.tr.Str(b.current(r, ev.Obj)))
	case trace.OpWrite:
		if b.readPending(t, r, ev) {
			return "an earlier read of the old value is pending"
		}
	}
	return "?"
}

// builder is the state of one simulated execution.
type builder struct {
	x  *encode.Index
	tr *trace.Trace
	ch closure.Chain
	// next[t] is the number of events of thread t scheduled; need[t] the
	// number the current group needs before it.
	next, need []int
	// after[e] lists the events that must be scheduled before e (the
	// derived orders); hasAfter[t] says whether thread t has such an e.
	after    map[trace.EventRef][]trace.EventRef
	hasAfter []bool
	// chosen marks the chosen events, with their group.
	chosen map[trace.EventRef]int
	// owner is the exclusive holder of each lock (by number; depth 0:
	// free); shared counts the threads holding it shared and depth their
	// shared depth (a shared acquire inside the thread's own exclusive
	// hold counts in inner and is ignored); value is the current value of
	// each variable (by number; NoSym: initial).
	owner   sparse[lockState]
	shared  sparse[int]
	depth   map[threadLock]int
	inner   map[threadLock]int
	value   sparse[trace.Sym]
	hasHB   bool
	sched   []replay.Step
	attempt Attempt
	// A write that readPending holds back is asked again after every
	// step of the simulation; the answer can only change when a read or
	// write of its variable is taken (varVersion, by variable number) or
	// the needed set changes (needVersion). held[t] remembers, for thread
	// t's next event, the versions under which it was held back, so that
	// asking again costs nothing until one of them moves: on a dense
	// trace recomputing it every step was most of the simulation's time.
	varVersion  sparse[uint32]
	needVersion uint32
	held        []heldWrite
	// supplies is readPending's scratch list of writes (suppliesOf).
	supplies []trace.EventRef
	// startedLast are the orders a hold that had to go last, but had
	// started at the mark the run resumed from, needs (holdGoesLast): the
	// other threads' holds end before it starts. Learnt, they put the
	// next run's mark before it.
	startedLast []closure.Edge
	// stuckInRun says the simulation stopped with needed events none of
	// which could go (what hint learns from).
	stuckInRun bool
	// holdsOrdered says finishHolds met a hold it orders (another
	// thread's needed events start a later hold of its lock): the rule
	// that Attempt.KeepHolds drops acted on this run.
	holdsOrdered bool
	// stop ends the simulation (nil: never; Build); looked counts the
	// events it asked about, to look at stop every stopLookEvery of them,
	// and stopped says it ended so.
	stop    <-chan struct{}
	looked  int
	stopped bool
	// facts are the closure's (the derived orders, for Before).
	facts *closure.Result
	// chans are the channels' states (chan.go), shared with the mark the
	// run resumed from until its first change (chansShared); sendPos[t]
	// is the number of thread t's last send in its channel (-1: none).
	hasChans    bool
	chans       map[trace.Sym]*chanSim
	chansShared bool
	sendPos     []int
}

// heldWrite is a thread's next event, a write, held back by readPending
// under the given versions (valid: there is one).
type heldWrite struct {
	valid       bool
	index       int
	varVersion  uint32
	needVersion uint32
}

type threadLock struct {
	thread trace.ThreadID
	lock   int32
}

type lockState struct {
	thread trace.ThreadID
	depth  int
}

func newBuilder(x *encode.Index, ch closure.Chain, res closure.Result) *builder {
	n := len(x.Trace.Threads)
	b := &builder{x: x, tr: x.Trace, ch: ch, facts: &res, next: make([]int, n), need: make([]int, n),
		after: map[trace.EventRef][]trace.EventRef{}, chosen: map[trace.EventRef]int{},
		owner: newSparse[lockState](nil, 0), shared: newSparse[int](nil, 0),
		depth: map[threadLock]int{}, inner: map[threadLock]int{},
		value: newSparse[trace.Sym](nil, 0), hasHB: len(x.Trace.HB()) > 0,
		varVersion: newSparse[uint32](nil, 0), held: make([]heldWrite, n),
		hasChans: x.Trace.HasChannels(), chans: map[trace.Sym]*chanSim{}, sendPos: make([]int, n)}
	for t := range b.sendPos {
		b.sendPos[t] = -1
	}
	b.hasAfter = make([]bool, n)
	for _, e := range res.Edges {
		b.after[e.To] = append(b.after[e.To], e.From)
		b.hasAfter[e.To.Thread] = true
	}
	for gi, g := range ch.Groups {
		for _, c := range g {
			b.chosen[c] = gi
		}
	}
	return b
}

// reserve sizes the schedule for the must-set's events not yet scheduled,
// up to maxReserve (a schedule that gets stuck early should not have
// paid for the whole must-set).
func (b *builder) reserve() {
	steps := 0
	for t, n := range b.facts.Cut {
		steps += max(0, n-b.next[t])
	}
	b.sched = make([]replay.Step, 0, min(steps, maxReserve))
}

const maxReserve = 1 << 14

func (b *builder) arrival(t int, i int) uint32 { return b.tr.Threads[t].Arrival[i] }

// needs puts r and what must happen before it in the needed set.
func (b *builder) needs(r trace.EventRef) bool {
	grew := encode.JoinClock(b.x, b.need, r)
	if grew {
		b.needVersion++
	}
	return grew
}

// prepare computes what group gi needs before its events: what must
// happen before them, the sources of derived orders into needed events,
// and, among the holds of one lock that the needed events start, every
// one but the last (in the recording) finishes, so that the simulation
// can run them in the recorded order. It fails when that would need a
// chosen event of this or a later group.
func (b *builder) prepare(gi int, g []trace.EventRef) bool {
	copy(b.need, b.next)
	b.needVersion++
	for _, c := range g {
		for u, k := range b.x.Clock(c) {
			if u == int(c.Thread) {
				k = c.Index
			}
			b.need[u] = max(b.need[u], int(k))
		}
	}
	holdsOpen := map[trace.EventRef]bool{} // holds containing a group event stay open
	for _, c := range g {
		for _, s := range b.x.OpenAfter(c.Thread, int(c.Index)) {
			holdsOpen[trace.EventRef{Thread: c.Thread, Index: s}] = true
		}
	}
	for grew := true; grew; {
		grew = false
		for to, froms := range b.after {
			if int(to.Index) < b.need[to.Thread] || b.isTarget(g, to) {
				for _, f := range froms {
					grew = b.needs(f) || grew
				}
			}
		}
		if !b.attempt.KeepHolds {
			grew = b.finishHolds(holdsOpen) || grew
		}
		for r, gj := range b.chosen {
			if gj >= gi && int(r.Index) < b.need[r.Thread] {
				return false
			}
		}
	}
	return true
}

func (b *builder) isTarget(g []trace.EventRef, r trace.EventRef) bool {
	for _, c := range g {
		if c == r {
			return true
		}
	}
	return false
}

// finishHolds makes every hold open at the end of a thread's needed
// events finish when another thread's needed events start a later hold
// (in the recording) of the same lock. Holds that contain an event of the
// group stay open (keep).
func (b *builder) finishHolds(keep map[trace.EventRef]bool) bool {
	grew := false
	for t, n := range b.need {
		if n == 0 {
			continue
		}
		tid := trace.ThreadID(t)
		for _, s := range b.x.OpenAfter(tid, n-1) {
			h := trace.EventRef{Thread: tid, Index: s}
			if keep[h] {
				continue
			}
			l := b.tr.Threads[t].Events[s].Obj
			a := b.arrival(t, int(s))
			for u, m := range b.need {
				if u == t {
					continue
				}
				starts := b.x.HoldStarts(l, trace.ThreadID(u))
				later := false
				for k := len(starts) - 1; k >= 0 && int(starts[k]) >= b.next[u]; k-- {
					if int(starts[k]) < m && b.arrival(u, int(starts[k])) > a {
						later = true
						break
					}
				}
				if !later {
					continue
				}
				b.holdsOrdered = true
				if e := b.x.HoldEnd(tid, s); e >= 0 {
					end := trace.EventRef{Thread: tid, Index: uint32(e)}
					if b.needsChosen(end) && b.holdGoesLast(h, l, keep) {
						grew = true
						break
					}
					grew = b.needs(end) || grew
				}
				break
			}
		}
	}
	return grew
}

// needsChosen reports whether scheduling r needs a chosen event not
// scheduled yet: r itself, one before it in its thread (r's own clock
// entry is r.Index+1), or one that must happen before it.
//
// It walks the chain's groups rather than the chosen map: it is asked
// for every write that could supply a read the simulation holds a write
// back for, and the map's iterator was 3% of the CPU of a run on a
// lock-heavy recording of 10K events with few values (the ending stage).
func (b *builder) needsChosen(r trace.EventRef) bool {
	for _, g := range b.ch.Groups {
		for _, c := range g {
			if b.x.ClockAt(r, c.Thread) > c.Index && int(c.Index) >= b.next[c.Thread] {
				return true
			}
		}
	}
	return false
}

// holdGoesLast makes hold h (thread h.Thread's hold of lock l, not
// started yet) the last hold of l before the group: it stays open, and
// every other thread's needed hold of l that has not finished ends before
// h starts (a derived order, with that end needed). It is what finishHolds
// does instead of finishing h when h's end needs a chosen event: the
// recorded order of the holds is then the one no witness can keep, and a
// witness that exists takes the other threads' holds first. It reports
// false, changing nothing, when that cannot be: h has started, or
// another thread's hold of l has no release or stays open (keep, or it
// contains the end of that thread's needed events).
func (b *builder) holdGoesLast(h trace.EventRef, l trace.Sym, keep map[trace.EventRef]bool) bool {
	t := int(h.Thread)
	if b.tr.Event(h).Op != trace.OpAcquire {
		return false
	}
	started := int(h.Index) < b.next[t]
	var ends []trace.EventRef
	for u, n := range b.need {
		if u == t || n == 0 {
			continue
		}
		starts := b.x.HoldStarts(l, trace.ThreadID(u))
		for k := searchFrom(starts, n) - 1; k >= 0; k-- {
			st := trace.EventRef{Thread: trace.ThreadID(u), Index: starts[k]}
			e := b.x.HoldEnd(st.Thread, st.Index)
			if e >= 0 && e < b.next[u] {
				break // finished, and so are the holds before it
			}
			if e < 0 || keep[st] || b.tr.Threads[u].Events[e].Op != trace.OpRelease {
				return false
			}
			ends = append(ends, trace.EventRef{Thread: st.Thread, Index: uint32(e)})
		}
	}
	if started {
		for _, e := range ends {
			b.startedLast = append(b.startedLast, closure.Edge{From: e, To: h, Why: "learnt: the started hold goes last"})
		}
		return false
	}
	keep[h] = true
	for _, e := range ends {
		b.after[h] = append(b.after[h], e)
		b.needs(e)
	}
	if len(ends) > 0 {
		b.hasAfter[t] = true
	}
	return true
}

// run schedules the needed events, each step the enabled one that came
// first in the recording. The thread whose next event came first is tried
// first; usually it can go, so a step costs one enabled check.
func (b *builder) run() bool {
	tried := make([]bool, len(b.need))
	// prio[t] is the recorded position of thread t's event at[t] (-1:
	// none yet): the scan below asks every pending thread at every step,
	// and on a recording of hundreds of goroutines reading it from the
	// thread's arrivals each time was a third of deciding's time.
	at, prio := make([]int, len(b.need)), make([]uint32, len(b.need))
	for t := range at {
		at[t] = -1
	}
	for {
		clear(tried)
		pending := false
		for {
			best, ba := -1, uint32(0)
			for t := range b.need {
				if b.next[t] >= b.need[t] || tried[t] {
					continue
				}
				pending = true
				if at[t] != b.next[t] {
					at[t], prio[t] = b.next[t], b.arrival(t, b.next[t])
				}
				if a := prio[t]; best < 0 || a < ba {
					best, ba = t, a
				}
			}
			if best < 0 {
				if !pending {
					return true
				}
				if b.release() || b.supply() {
					break // a holder or a writer got more to do: try again
				}
				return false // every pending thread is blocked
			}
			// Whether an event is enabled can take a walk over what it
			// needs: on a recording of a million events a few thousand
			// of them take a second, so the look is at every one.
			if b.looked++; b.looked%stopLookEvery == 0 && interrupt.Closed(b.stop) {
				b.stopped = true
				return false
			}
			if b.enabled(best, false) {
				b.take(best)
				break
			}
			tried[best] = true
		}
	}
}

// release unblocks a thread waiting to acquire a lock that a thread with
// nothing left to do holds: that thread's hold is needed to the end (with
// what must happen before the end), unless the end lies at or past one of
// its chosen events. It reports whether it found such a hold.
func (b *builder) release() bool {
	for t := range b.need {
		if b.next[t] >= b.need[t] {
			continue
		}
		r := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(b.next[t])}
		if b.tr.Event(r).Op != trace.OpAcquire {
			continue
		}
		h := b.owner.get(b.x.ObjNum(r))
		u := int(h.thread)
		if h.depth == 0 || u == t || b.next[u] < b.need[u] {
			continue
		}
		for _, s := range b.x.OpenAfter(h.thread, b.next[u]-1) {
			if b.tr.Threads[u].Events[s].Obj != b.tr.Event(r).Obj {
				continue
			}
			e := b.x.HoldEnd(h.thread, s)
			if e < 0 || b.chosenBefore(h.thread, e) {
				return false
			}
			b.needs(trace.EventRef{Thread: h.thread, Index: uint32(e)})
			return true
		}
	}
	return false
}

// supply unblocks a thread whose next event is a read of a value that no
// scheduled write gives now: it needs a write of that value that is not
// scheduled yet (with what must happen before it), the one that came
// first in the recording among those that need no chosen event. On a
// recording whose variables take few values, a read can take its value
// from many writes, and the one it read from in the recording may be out
// of reach (after a chosen event of its thread): another write of the
// same value, by a thread nobody needed so far, is what lets it go on.
// It reports whether it found such a write.
func (b *builder) supply() bool {
	for t := range b.need {
		if b.next[t] >= b.need[t] {
			continue
		}
		r := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(b.next[t])}
		ev := b.tr.Event(r)
		if ev.Op != trace.OpRead || b.current(r, ev.Obj) == ev.Val {
			continue
		}
		if w, ok := b.writerFor(r, ev); ok {
			b.needs(w)
			return true
		}
	}
	return false
}

// writerFor is the unscheduled write of read r's variable and value,
// by another thread, that came first in the recording among those whose
// scheduling needs no chosen event and no event after r in its thread.
func (b *builder) writerFor(r trace.EventRef, ev *trace.Event) (trace.EventRef, bool) {
	best, found := trace.EventRef{}, false
	// Only each thread's first such write: a later one needs its prefix
	// too.
	b.firstWritesOf(ev.Obj, ev.Val, func(u trace.ThreadID) int { return max(b.next[u], b.need[u]) }, func(w trace.EventRef) {
		if w.Thread != r.Thread && b.reachable(w, r) && (!found || b.arrival(int(w.Thread), int(w.Index)) < b.arrival(int(best.Thread), int(best.Index))) {
			best, found = w, true
		}
	})
	return best, found
}

// firstWritesOf calls visit on each thread's first write of val to
// variable v at or after index from(thread), thread by thread: a binary
// search in each thread's part of encode.Index.WritesOfValue, where a
// walk over the thread's writes of v looked at every other value's too.
func (b *builder) firstWritesOf(v, val trace.Sym, from func(trace.ThreadID) int, visit func(trace.EventRef)) {
	ws := b.x.WritesOfValue(v, val)
	for i := 0; i < len(ws); {
		u := ws[i].Thread
		end := i + sort.Search(len(ws)-i, func(k int) bool { return ws[i+k].Thread != u })
		if k := i + sort.Search(end-i, func(k int) bool { return int(ws[i+k].Index) >= from(u) }); k < end {
			visit(ws[k])
		}
		i = end
	}
}

// reachable reports whether w can be scheduled before read r: what must
// happen before w holds no chosen event not yet scheduled and nothing of
// r's thread from r on.
func (b *builder) reachable(w, r trace.EventRef) bool {
	return b.x.ClockAt(w, r.Thread) <= r.Index && !b.needsChosen(w)
}

// chosenBefore reports whether thread t has a chosen event at index e or
// before it that is not scheduled yet (extending t past it would schedule
// it out of its group).
func (b *builder) chosenBefore(t trace.ThreadID, e int) bool {
	for _, g := range b.ch.Groups {
		for _, c := range g {
			if c.Thread == t && int(c.Index) <= e && int(c.Index) >= b.next[t] {
				return true
			}
		}
	}
	return false
}

// block schedules the group's events back to back, in recorded order.
func (b *builder) block(g []trace.EventRef) bool {
	left := append([]trace.EventRef(nil), g...)
	for len(left) > 0 {
		best := -1
		for k, c := range left {
			if int(c.Index) != b.next[c.Thread] || !b.enabled(int(c.Thread), true) {
				continue
			}
			if best < 0 || b.arrival(int(c.Thread), int(c.Index)) < b.arrival(int(left[best].Thread), int(left[best].Index)) {
				best = k
			}
		}
		if best < 0 {
			return false
		}
		b.take(int(left[best].Thread))
		left = append(left[:best], left[best+1:]...)
	}
	return true
}

// enabled reports whether thread t's next event can be scheduled now. A
// read must see its recorded value unless it is a chosen event (whether
// a chosen read must is the validator's to say); a write waits while a
// needed read of its variable that came earlier in the recording still
// has to see another value.
func (b *builder) enabled(t int, chosen bool) bool {
	th := b.tr.Threads[t]
	i := b.next[t]
	ev := &th.Events[i]
	r := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)}
	if i == 0 && th.HasFork && !b.done(th.ForkedBy) {
		return false
	}
	if b.hasChans && b.blockedInSend(t) {
		return false
	}
	if b.hasAfter[t] {
		for _, f := range b.after[r] {
			if !b.done(f) {
				return false
			}
		}
	}
	if b.hasHB {
		for _, src := range b.tr.HBSources(r) {
			if !b.done(src) {
				return false
			}
		}
	}
	switch ev.Op {
	case trace.OpWait:
		return false
	case trace.OpRAcquire:
		h := b.owner.get(b.x.ObjNum(r))
		return h.depth == 0 || h.thread == trace.ThreadID(t)
	case trace.OpJoin:
		c, ok := b.tr.ThreadByName(b.tr.Str(ev.Obj))
		return !ok || b.next[c] >= len(b.tr.Threads[c].Events) && !(b.hasChans && b.blockedInSend(int(c)))
	case trace.OpSend, trace.OpRecv, trace.OpRecvClosed, trace.OpClose:
		return b.chanEnabled(ev, chosen)
	case trace.OpAcquire:
		l := b.x.ObjNum(r)
		h := b.owner.get(l)
		if h.depth > 0 {
			return h.thread == trace.ThreadID(t)
		}
		return b.shared.get(l) == 0 || (b.shared.get(l) == 1 && b.depth[threadLock{trace.ThreadID(t), l}] > 0)
	case trace.OpRead:
		return chosen || b.current(r, ev.Obj) == ev.Val
	case trace.OpWrite:
		return !b.heldBack(t, r, ev)
	}
	return true
}

// heldBack is readPending, remembered while nothing it depends on moves.
func (b *builder) heldBack(t int, r trace.EventRef, ev *trace.Event) bool {
	v := b.x.ObjNum(r)
	h := &b.held[t]
	if h.valid && h.index == int(r.Index) && h.varVersion == b.varVersion.get(v) && h.needVersion == b.needVersion {
		return true
	}
	if !b.readPending(t, r, ev) {
		h.valid = false
		return false
	}
	*h = heldWrite{valid: true, index: int(r.Index), varVersion: b.varVersion.get(v), needVersion: b.needVersion}
	return true
}

func (b *builder) done(r trace.EventRef) bool { return int(r.Index) < b.next[r.Thread] }

// current is the value of read or write r's variable v now.
func (b *builder) current(r trace.EventRef, v trace.Sym) trace.Sym {
	if val := b.value.get(b.x.ObjNum(r)); val != trace.NoSym {
		return val
	}
	return b.tr.InitValue(v)
}

// readPending reports whether another thread has a needed, unscheduled
// read of the written variable that must not see this write: its value
// comes from a write already scheduled (or is the initial value, which no
// write gives), so this write would come between that source and the read
// (rule 5). With the attempt's read order, a write also waits for the
// needed reads of other values that came before it in the recording
// (unless the facts put them after it): on a recorded execution that is
// usually the order that keeps every read's source.
//
// The answer is whether some needed read of another value than the
// write's is pinned and has its source (sourceScheduled), is a last
// supply (lastSupply), or, with the read order, came first in the
// recording (earlierReadWaits). It used to ask that of every needed read
// in turn, which on a 16-thread lock-heavy recording
// of 10K events with few values was half of the run's time (the ending
// stage's simulation: docs/engine.md, "The simulation's held writes");
// each question now looks only at the reads that can answer it yes.
// TestReadPendingMatchesScan compares it with the walk over every read.
func (b *builder) readPending(t int, r trace.EventRef, w *trace.Event) bool {
	a := b.arrival(t, b.next[t])
	cur := b.current(r, w.Obj)
	// b.supplies are the writes of cur that could still come before a
	// read of it (suppliesOf), listed when the first read asks.
	listed := false
	accs := b.x.Accessors(b.x.ObjNum(r))
	for k := range accs {
		acc := &accs[k]
		u := int(acc.Thread)
		from, to := b.next[u], b.need[u]
		if u == t || from >= to {
			continue
		}
		if b.pinnedReadsOf(acc, from, to, w.Val, b.sourceScheduled) {
			return true
		}
		if !b.attempt.NoReadOrder && b.earlierReadWaits(acc, from, to, r, w.Val, a) {
			return true
		}
		// Of a thread's reads of one value, the first is a last supply
		// whenever a later one is: what could still supply the later
		// read (its own thread's write before it, another thread's
		// write whose past does not hold it) can supply the first.
		if cur == w.Val {
			continue
		}
		if i, ok := b.x.FirstReadOfValue(acc, from, cur); ok && int(i) < to {
			if !listed {
				b.supplies, listed = b.suppliesOf(w.Obj, cur, b.supplies[:0]), true
			}
			if b.lastSupply(trace.EventRef{Thread: acc.Thread, Index: i}, b.supplies) {
				return true
			}
		}
	}
	return false
}

// earlierReadWaits reports whether one of acc's reads at an index in
// [from, to) that came before arrival a in the recording returns another
// value than val and is not put after write r by the facts. A thread's
// reads arrive in index order, so the walk ends at the first read that
// arrived after a.
func (b *builder) earlierReadWaits(acc *encode.VarAccesses, from, to int, r trace.EventRef, val trace.Sym, a uint32) bool {
	u := int(acc.Thread)
	evs := b.tr.Threads[u].Events
	for _, i := range acc.Reads[searchFrom(acc.Reads, from):] {
		if int(i) >= to || b.arrival(u, int(i)) >= a {
			break
		}
		if evs[i].Val != val && !b.facts.Before(r, trace.EventRef{Thread: acc.Thread, Index: i}) {
			return true
		}
	}
	return false
}

// lastSupply reports whether read rd, which reads its variable's current
// value, can read it from none of supplies (suppliesOf its variable and
// value) nor from a write of its own thread: a write of another value now
// would leave rd nothing to read (rule 5). On recordings whose variables
// take few values a read can read from many writes (so Source names
// none), but those already scheduled are spent, and the others are often
// after a chosen event.
func (b *builder) lastSupply(rd trace.EventRef, supplies []trace.EventRef) bool {
	own := b.x.WritesOfNum(b.x.ObjNum(rd), rd.Thread)
	if k := searchFrom(own, b.next[rd.Thread]); k < len(own) && own[k] < rd.Index {
		return false // its own thread writes the variable first
	}
	for _, w := range supplies {
		if w.Thread != rd.Thread && b.x.ClockAt(w, rd.Thread) <= rd.Index {
			return false
		}
	}
	return true
}

// suppliesOf appends to dst, for each thread that writes val to variable
// v, its first such write not scheduled, if that needs no chosen event
// not scheduled: a thread's later writes of val cannot reach a read
// that its first cannot (clocks only grow).
func (b *builder) suppliesOf(v, val trace.Sym, dst []trace.EventRef) []trace.EventRef {
	b.firstWritesOf(v, val, func(u trace.ThreadID) int { return b.next[u] }, func(w trace.EventRef) {
		if !b.needsChosen(w) {
			dst = append(dst, w)
		}
	})
	return dst
}

// neededPinnedReadsOf calls visit on the needed, unscheduled pinned reads
// (encode.VarAccesses.Pinned) by other threads than t of the variable
// written by r (event w) that read another value than w's, with their
// source, until visit returns true; it reports whether one did.
func (b *builder) neededPinnedReadsOf(t int, r trace.EventRef, w *trace.Event, visit func(rd, src trace.EventRef, kind encode.SourceKind) bool) bool {
	accs := b.x.Accessors(b.x.ObjNum(r))
	for k := range accs {
		acc := &accs[k]
		if u := int(acc.Thread); u != t && b.pinnedReadsOf(acc, b.next[u], b.need[u], w.Val, visit) {
			return true
		}
	}
	return false
}

// pinnedReadsOf calls visit on acc's pinned reads at an index in
// [from, to) that read another value than val, with their source, until
// visit returns true; it reports whether one did.
func (b *builder) pinnedReadsOf(acc *encode.VarAccesses, from, to int, val trace.Sym, visit func(rd, src trace.EventRef, kind encode.SourceKind) bool) bool {
	evs := b.tr.Threads[acc.Thread].Events
	for _, i := range acc.Pinned[searchFrom(acc.Pinned, from):] {
		if int(i) >= to {
			break
		}
		if evs[i].Val == val {
			continue
		}
		rd := trace.EventRef{Thread: acc.Thread, Index: i}
		if src, kind := b.x.Source(rd); visit(rd, src, kind) {
			return true
		}
	}
	return false
}

// sourceScheduled reports whether pinned read rd already has its source:
// the initial value, or its one write scheduled (a write of another value
// now would come between them).
func (b *builder) sourceScheduled(_, src trace.EventRef, kind encode.SourceKind) bool {
	return kind == encode.Initial || kind == encode.OneWrite && b.done(src)
}

// searchFrom is the position of the first index ≥ from in sorted idx.
func searchFrom(idx []uint32, from int) int {
	lo, hi := 0, len(idx)
	for lo < hi {
		m := (lo + hi) / 2
		if int(idx[m]) < from {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// take schedules thread t's next event.
func (b *builder) take(t int) {
	tid := trace.ThreadID(t)
	i := b.next[t]
	r := trace.EventRef{Thread: tid, Index: uint32(i)}
	ev := &b.tr.Threads[t].Events[i]
	switch ev.Op {
	case trace.OpAcquire:
		l := b.x.ObjNum(r)
		b.owner.put(l, lockState{thread: tid, depth: b.owner.get(l).depth + 1})
	case trace.OpRelease:
		l := b.x.ObjNum(r)
		if h := b.owner.get(l); h.depth > 1 {
			b.owner.put(l, lockState{thread: h.thread, depth: h.depth - 1})
		} else {
			b.owner.put(l, lockState{})
		}
	case trace.OpRAcquire:
		l := b.x.ObjNum(r)
		k := threadLock{tid, l}
		switch {
		case b.owner.get(l).depth > 0:
			b.inner[k]++ // inside its own exclusive hold: ignored
		case b.depth[k] == 0:
			b.depth[k] = 1
			b.shared.put(l, b.shared.get(l)+1)
		default:
			b.depth[k]++
		}
	case trace.OpRRelease:
		l := b.x.ObjNum(r)
		k := threadLock{tid, l}
		// Entries that reach 0 go: a base mark clones these maps, and
		// the base takes every shared hold of the recording.
		if b.inner[k] > 0 {
			if b.inner[k]--; b.inner[k] == 0 {
				delete(b.inner, k)
			}
		} else if b.depth[k]--; b.depth[k] == 0 {
			delete(b.depth, k)
			b.shared.put(l, b.shared.get(l)-1)
		}
	case trace.OpWrite:
		v := b.x.ObjNum(r)
		b.value.put(v, ev.Val)
		b.varVersion.put(v, b.varVersion.get(v)+1)
	case trace.OpRead:
		v := b.x.ObjNum(r)
		b.varVersion.put(v, b.varVersion.get(v)+1)
	case trace.OpSend, trace.OpRecv, trace.OpRecvClosed, trace.OpClose:
		b.takeChan(t, ev)
	}
	b.sched = append(b.sched, replay.Step{Ref: trace.EventRef{Thread: tid, Index: uint32(i)}})
	b.next[t]++
}

// Prefix schedules, by the same simulation, the first start[t] events of
// every thread t (a down-closed set: whatever must happen before one of
// them is in it) with res's orders among them, for a candidate whose
// chosen events all lie after it. It returns the schedule and the value
// every variable has after it (by Index.VarNum; NoSym: the initial one),
// or false when the simulation gets stuck.
func Prefix(x *encode.Index, ch closure.Chain, res closure.Result, start []int) ([]replay.Step, []trace.Sym, bool) {
	b := newBuilder(x, ch, res)
	copy(b.need, start)
	b.needVersion++
	if !b.run() {
		return nil, nil, false
	}
	return b.sched, b.value.full(b.x.NumVars()), true
}
