package closure

import (
	"fmt"
	"sort"

	"gpredict/encode"
	"gpredict/trace"
)

// Config bounds the work of Saturate. A bound only leaves facts underived
// (the candidate then goes on to the next stage); it never makes one up.
type Config struct {
	// Zone is how many events before the end of each thread's part of the
	// must-set, and before each chosen event, the read and lock rules look
	// at (the rules about events farther back are not applied).
	Zone int
	// MaxEdges bounds the derived orders.
	MaxEdges int
	// Rounds bounds the passes over the rules.
	Rounds int
	// Full applies every rule; without it only the cheap ones run (the
	// clocks, the pattern's orders and the holds open at the end).
	Full bool
}

// DefaultConfig is the configuration of the engine's closure stages.
// The edge budget is what a busy recording's refutations need: on the
// benchmarks' dense 100K-event recording one race needs 322 orders, and
// with a budget of 256 it went on to the slice-based solver stages and
// ended unknown (TestDefaultBudgetRefutesDenseRecording). The order's
// closure is incremental, so a larger budget costs only the candidates
// that use it.
func DefaultConfig(full bool) Config {
	return Config{Zone: 64, MaxEdges: 1024, Rounds: 32, Full: full}
}

// WideConfig is the second try of the engine's saturate stage, for what
// DefaultConfig(true) leaves open: zones four times as wide and a budget
// four times as large. On the recorded jigsaw program, 15 of the
// lock-order cycles that DefaultConfig(true) leaves open need facts more
// than 64 events from the requests, and are refuted with zones of 256
// events (TestWideConfigRefutesFartherFacts shows the shape).
func WideConfig() Config {
	return Config{Zone: 256, MaxEdges: 4096, Rounds: 32, Full: true}
}

// Result is what Saturate derived for a candidate.
type Result struct {
	// Refuted: the facts contradict each other; no feasible schedule
	// shows the candidate. Why says how, in a sentence.
	Refuted bool
	Why     string
	// Cut is the must-set: every witness contains the first Cut[t]
	// events of thread t (chosen events included).
	Cut []int
	// Edges are the derived orders beyond must-happen-before.
	Edges []Edge

	order *order
}

// Before reports whether a must happen before b (a ≠ b) in every witness
// of the candidate: must-happen-before strengthened by the derived orders.
func (r *Result) Before(a, b trace.EventRef) bool { return r.order.before(a, b) }

// Reason is the sentence saying why Edges[i] holds.
func (r *Result) Reason(i int) string {
	if r.order != nil && i < len(r.order.why) {
		return r.order.why[i].String()
	}
	return r.Edges[i].Why
}

// WithEdges is r with more edges (for hints to package greedy: they are
// not facts, and Before does not use them).
func (r Result) WithEdges(more []Edge) Result {
	r.Edges = append(append([]Edge(nil), r.Edges...), more...)
	return r
}

// Why a witness may be assumed to end right after the chain's last group:
// a prefix of a feasible schedule is feasible (rules 1–5 only constrain
// what is scheduled, and removing later steps only removes requirements),
// and cutting after the last group keeps every pattern condition. So the
// events of the last group are the last steps of their threads, every
// other event of the must-set comes before them, and a lock hold open at
// one of them stays open to the end.

// Saturate derives the facts of chain ch over index x.
func Saturate(x *encode.Index, ch Chain, cfg Config) Result {
	s := &saturation{x: x, ch: ch, cfg: cfg, o: &order{x: x}, cut: make([]int, len(x.Trace.Threads))}
	s.initStops()
	s.run()
	return Result{Refuted: s.refuted, Why: s.why, Cut: s.cut, Edges: s.o.edges, order: s.o}
}

type saturation struct {
	x   *encode.Index
	ch  Chain
	cfg Config
	o   *order
	cut []int
	// stop[t] is the first event of thread t that cannot come before the
	// end (the chain's last group): at a last-group event, or after a read
	// whose value no write that can come before it gives (stops.go).
	stop    []int
	stopWhy []string
	changed bool
	refuted bool
	why     string
}

func (s *saturation) id(r trace.EventRef) string { return s.x.Trace.ID(r) }

// refute records the contradiction; it always returns false so that rules
// can `return s.refute(...)`.
func (s *saturation) refute(format string, args ...any) bool {
	if !s.refuted {
		s.refuted, s.why = true, fmt.Sprintf(format, args...)
	}
	return false
}

// need puts r, and everything that must happen before it, in the must-set.
func (s *saturation) need(r trace.EventRef) {
	if encode.JoinClock(s.x, s.cut, r) {
		s.changed = true
	}
}

// edge derives from → to, with to in the must-set; from joins it. It
// reports false on a contradiction. Once the edge budget is spent, new
// edges are not recorded (a fact left out refutes less, never more).
func (s *saturation) edge(from, to trace.EventRef, why reason) bool {
	if s.o.before(from, to) {
		return true
	}
	if s.o.atOrBefore(to, from) {
		return s.refute("%s, but %s must happen before %s", why, s.id(to), s.id(from))
	}
	if len(s.o.edges) >= s.cfg.MaxEdges {
		return true
	}
	s.o.insert(from, to, why)
	s.need(from)
	s.changed = true
	return true
}

func (s *saturation) run() {
	for _, g := range s.ch.Groups {
		for _, c := range g {
			s.need(c)
		}
	}
	for i := 1; i < len(s.ch.Groups); i++ {
		for _, a := range s.ch.Groups[i-1] {
			for _, b := range s.ch.Groups[i] {
				if !s.edge(a, b, s.because("the pattern orders %s before %s", s.ref(a), s.ref(b))) {
					return
				}
			}
		}
	}
	if !s.lastGroupEnds() {
		return
	}
	for round := 0; round < s.cfg.Rounds; round++ {
		s.changed = false
		if !s.openAtEnd() || !s.lastGroupEnds() {
			return
		}
		if s.cfg.Full && (!s.overlappingHolds() || !s.interference() || !s.stops() || !s.lastGroupEnds()) {
			return
		}
		if !s.changed {
			return
		}
	}
}

// lastGroupEnds checks that the last group's events can be the last steps
// of their threads with nothing else after them: no event of the
// must-set follows one of them in its thread, and none of them must
// happen before an event of the must-set outside the group (that event
// would come after the group, or inside the block).
func (s *saturation) lastGroupEnds() bool {
	last := s.ch.Last()
	firstInLast := map[trace.ThreadID]uint32{}
	for _, c := range last {
		if int(c.Index)+1 < s.cut[c.Thread] && !s.ch.inLast(trace.EventRef{Thread: c.Thread, Index: c.Index + 1}) {
			return s.refute("%s must be scheduled, but it comes after %s, which ends the pattern", s.id(trace.EventRef{Thread: c.Thread, Index: uint32(s.cut[c.Thread] - 1)}), s.id(c))
		}
		if f, ok := firstInLast[c.Thread]; !ok || c.Index < f {
			firstInLast[c.Thread] = c.Index
		}
	}
	for u, n := range s.cut {
		end := n // the events of u before the last group
		if f, ok := firstInLast[trace.ThreadID(u)]; ok {
			end = int(f)
		}
		if end == 0 {
			continue
		}
		e := trace.EventRef{Thread: trace.ThreadID(u), Index: uint32(end - 1)}
		for _, c := range last {
			if s.o.before(c, e) {
				return s.refute("%s must happen before %s, which must be scheduled before the pattern's last events", s.id(c), s.id(e))
			}
		}
	}
	return true
}

// holdLock is the lock of the hold of thread t starting at event start,
// and whether rules may speak of it: a hold begun by a wait's reacquire
// part is left alone (an order to "the wait" would also order its
// release part, which is stronger than the lock requires).
func (s *saturation) holdLock(t trace.ThreadID, start uint32) (trace.Sym, bool) {
	ev := &s.x.Trace.Threads[t].Events[start]
	return ev.Obj, ev.Op == trace.OpAcquire
}

// holdEnd is the event ending a hold, when it is a release (a wait's
// release part is not the whole wait).
func (s *saturation) holdEnd(u trace.ThreadID, start uint32) (trace.EventRef, bool) {
	e := s.x.HoldEnd(u, start)
	if e < 0 || s.x.Trace.Threads[u].Events[e].Op != trace.OpRelease {
		return trace.EventRef{}, false
	}
	return trace.EventRef{Thread: u, Index: uint32(e)}, true
}

// latestHold is the last hold of lock l by thread u that starts in the
// must-set.
func (s *saturation) latestHold(l trace.Sym, u trace.ThreadID) (uint32, bool) {
	starts := s.x.HoldStarts(l, u)
	k := sort.Search(len(starts), func(i int) bool { return int(starts[i]) >= s.cut[u] })
	if k == 0 {
		return 0, false
	}
	return starts[k-1], true
}

// openAtEnd: a hold open at an event of the last group is still held when
// the witness ends, so every other thread's hold of that lock in the
// must-set ends before it starts (rule 3). Earlier holds of the same
// thread end before its latest one, so only that one needs the edge.
func (s *saturation) openAtEnd() bool {
	for _, c := range s.ch.Last() {
		for _, start := range s.x.OpenAfter(c.Thread, int(c.Index)) {
			l, ok := s.holdLock(c.Thread, start)
			if !ok {
				continue
			}
			h := trace.EventRef{Thread: c.Thread, Index: start}
			for u := range s.cut {
				uid := trace.ThreadID(u)
				if uid == c.Thread {
					continue
				}
				st, ok := s.latestHold(l, uid)
				if !ok {
					continue
				}
				if s.x.HoldEnd(uid, st) < 0 {
					return s.refute("%s holds %s to the end of the trace from %s, and %s holds it at %s", s.x.Trace.ThreadName(uid), s.x.Trace.Str(l), s.id(trace.EventRef{Thread: uid, Index: st}), s.x.Trace.ThreadName(c.Thread), s.id(c))
				}
				end, ok := s.holdEnd(uid, st)
				if !ok {
					continue
				}
				if !s.edge(end, h, s.because("%s holds %s at %s until the end, so %s releases it first", s.thread(c.Thread), s.sym(l), s.ref(c), s.ref(end))) {
					return false
				}
			}
		}
	}
	return true
}
