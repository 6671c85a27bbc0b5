// Package smt holds the solver stages of the decision ladder (package
// stage) and the Z3 backend they use: the formula of package encode is
// lowered to Z3 here and nowhere else, and this is the project's only cgo.
//
// Each worker gets its own solver state (Stages): Z3 contexts are not
// shared between goroutines.
package smt

import (
	"fmt"
	"runtime"
	"time"

	"gpredict/encode"
	"gpredict/predict/replay"
	"gpredict/predict/reuse"
	"gpredict/predict/stage"
)

// solver is one worker's Z3 state. It keeps the latest problem built in
// Go (prob) so that candidates whose slices it covers share it, and the
// Z3 state of the exact stage: one solver over the problem asserted last,
// in a Z3 context of its own, so that a new problem gets a new context and
// the old one's memory is freed rather than accumulated. The causal
// constraints sit in a first scope, internalized by a "base" check under
// the limits (a Push after plain asserts would internalize them inside
// Push, which Z3 cannot interrupt); each candidate's pattern constraints
// are asserted beside them under a guard literal of their own, checked
// under that guard and then switched off (raw.go), so that what Z3
// learned about the causal constraints serves the next candidate. The
// small stages have a context of their own.
type solver struct {
	f   *stage.Facts
	cfg Config

	prob    *encode.Problem
	reduced bool // prob is a reduced problem (encode.NewReducedProblem)
	// overBound are the slices whose problems passed the bound on atoms
	// (goProblem): facts of the trace, kept when the solver state is
	// dropped.
	overBound overBound

	exactZ3  *z3Solver       // nil until the exact stage asserts a problem
	asserted *encode.Problem // the problem whose causal constraints exactZ3 holds
	based    bool            // the base check of asserted has run
	// guarded counts the order atoms asserted under guards into exactZ3
	// (Config.GuardedRenewAtoms).
	guarded int

	small smallSolver // the frozen and relaxed stages (small.go)
	// invalid counts witnesses of frozen stages that replay validation
	// rejected: a model of a specialized formula is a model of the exact
	// one, so each is a bug (the tests check there are none).
	invalid int
	// joins counts the problems built over the join of the previous
	// problem's slice and a candidate's (goProblem), for the tests.
	joins int
	count int // candidates dumped, for file names
	// reuse holds the pairs the witnesses found so far in this session
	// show next to each other (package reuse); nil until one is found.
	reuse *reuse.Pool
}

// prepared is a solver stage's view of its query: the candidate's slice,
// computed once per candidate and kept with the query (Query.Slice), and
// whether its pattern allows the reduced encoding.
type prepared struct {
	q       *stage.Query
	slice   *encode.Slice
	reduced bool
}

// Stages returns the solver stages for one worker, sharing that worker's
// Z3 state, and a function releasing it:
//
//   - dump (only with Config.DumpDir): writes the candidate's exact
//     formula, settles nothing;
//   - reuse (finds witnesses; two chosen events): a witness the solver
//     stages found earlier in the session, cut where the two can go
//     next (reuse.go);
//   - window (finds witnesses; traces with a base order): frozen stages
//     inside a window of the trace, the past taken as recorded (first:
//     it is the cheapest, and on recordings it finds most);
//   - local (refutes, and finds witnesses; chain candidates): growing
//     windows of the must-set, relaxed (package local);
//   - prefix-window (finds witnesses; chain candidates): a window decided
//     exactly after a past scheduled by package greedy;
//   - exact-first (finds witnesses and refutes; traces with a base
//     order): the exact stage's question, asked first over a closed
//     slice of at most Config.ExactFirst events (exactfirst.go);
//   - small (finds witnesses and refutes; traces with a base order):
//     frozen and relaxed stages over the closed slice;
//   - downset (finds witnesses; traces without a base order): the events
//     that must happen before the chosen ones only;
//   - exact: the closed slice, decided exactly.
func Stages(f *stage.Facts, cfg Config) ([]stage.Stage, *Worker) {
	configureZ3()
	s := &solver{f: f, cfg: cfg}
	var out []stage.Stage
	add := func(name string, run func(p *prepared) (stage.Decision, bool), requires ...string) {
		// Only the exact question (exact, exact-first and the dump of
		// its formula) encodes channels (encode/chan.go); the other
		// stages cut or reduce the trace.
		channels := name == "exact" || name == "exact-first" || name == "dump"
		out = append(out, stage.Stage{Name: name, Requires: requires, Heavy: true, Channels: channels, Run: func(q *stage.Query) (stage.Decision, bool) {
			return s.guard(q, func() (stage.Decision, bool) {
				p, err := s.prepare(q)
				if err != nil {
					return stage.Decision{}, false // stopped or over the budget: the ladder says so
				}
				dec, ok := run(p)
				if ok && dec.Verdict == stage.Sat {
					s.harvest(dec)
				}
				return dec, ok
			})
		}})
	}
	if cfg.DumpDir != "" {
		add("dump", s.dumpStage)
	}
	out = append(out, stage.Stage{Name: "reuse", Heavy: true, Channels: true, Run: s.reuseWitness})
	if f.HasBaseOrder() {
		add("window", s.window)
	}
	// local and prefix-window start from the latest closure facts; local
	// derives them itself when no stage before it did.
	add("local", s.local, "closure", "saturate")
	add("prefix-window", s.prefixWindow, stage.FactStages()...)
	if f.HasBaseOrder() {
		add("exact-first", s.exactFirst)
		add("small", s.smallStages, "window")
		add("rescue", s.rescue, "small")
	} else {
		add("downset", s.downset)
	}
	add("exact", s.exact, "exact-first")
	return out, &Worker{s}
}

// Worker is a handle on one worker's solver state.
type Worker struct{ s *solver }

// Close releases the worker's Z3 state.
func (w *Worker) Close() { w.s.close() }

// Reset forgets what the worker kept from earlier candidates (the shared
// slice's problem, the Z3 contexts and what they learnt), so that the
// next candidates are decided as from a fresh start. The engine resets
// at every batch of candidates: batches are formed in a fixed order, so
// whichever worker decides one, and whatever it decided before, the
// answers (and the models the witnesses are read from) are the same. The
// contexts are only made again when a candidate reaches a solver stage.
func (w *Worker) Reset() { w.s.close() }

// InvalidWitnesses counts the witnesses of frozen stages that replay
// validation rejected: each is a bug (a model of a specialized formula is
// a model of the exact one), which the tests check never happens.
func (w *Worker) InvalidWitnesses() int { return w.s.invalid }

// Joins counts the problems the exact stages built over the join of two
// slices (goProblem): the tests check that they decided over such.
func (w *Worker) Joins() int { return w.s.joins }

// guard turns go-z3's panics into Unknown: a Z3 error is a solver limit
// for this candidate, not a reason to stop the run, and never an Unsat.
func (s *solver) guard(q *stage.Query, run func() (stage.Decision, bool)) (dec stage.Decision, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, bug := r.(runtime.Error); bug {
				panic(r) // our own bug, not a solver limit: never hide it as unknown
			}
			dec, ok = stage.Decision{Verdict: stage.Unknown, Reason: fmt.Sprintf("z3 error: %v", r)}, true
			if q.Stopped() {
				dec.Reason = stage.Interrupted // the interrupt spoilt the check
			}
			s.drop() // the solver's state is unknown: start afresh
			s.small = smallSolver{}
		}
	}()
	return run()
}

// prepare returns the shared per-candidate state of q; it fails only
// when the run is stopped while the slice is computed.
func (s *solver) prepare(q *stage.Query) (*prepared, error) {
	sl, err := q.Slice(s.f.Index)
	if err != nil {
		return nil, err
	}
	return &prepared{q: q, slice: sl, reduced: encode.Reducible(q.Cand)}, nil
}

// close drops every reference to Z3 objects; go-z3 frees them (and the
// context last) from finalizers.
func (s *solver) close() {
	s.drop()
	s.prob = nil
	s.small = smallSolver{}
	s.reuse = nil
}

// drop forgets the asserted problem and its context; the next exact stage
// starts afresh. After a big one the garbage is collected at once, so that
// go-z3's finalizers release the Z3 memory before the next is built.
func (s *solver) drop() {
	big := s.asserted != nil && len(s.asserted.Causal) > bigProblem
	s.asserted, s.exactZ3, s.based, s.guarded = nil, nil, false, 0
	if big {
		go runtime.GC()
	}
}

// valid reports whether sched is a feasible schedule showing the query.
func (s *solver) valid(p *prepared, sched []replay.Step) bool { return s.f.Valid(p.q.Cand, sched) }

// exactLimits bound a check of the exact stage: Config.RLimit, and the
// candidate's deadline (zero: none).
func (s *solver) exactLimits(p *prepared) limits {
	l := queryLimits(p.q)
	l.rlimit, l.deadline = s.cfg.RLimit, p.q.Deadline
	return l
}

// stageLimits bound one check of an approximating stage: Config.StageRLimit
// and, with a time limit, half of the time the candidate has left (so that
// one check too big for the limit cannot starve the ones after it).
func (s *solver) stageLimits(p *prepared) limits {
	l := queryLimits(p.q)
	l.rlimit = s.cfg.StageRLimit
	l.deadline = halfTimeLeft(p)
	return l
}

// halfTimeLeft is the deadline of half the time the candidate has left
// (zero when it has no time limit).
func halfTimeLeft(p *prepared) time.Time {
	if p.q.Deadline.IsZero() {
		return time.Time{}
	}
	return time.Now().Add(time.Until(p.q.Deadline) / 2)
}

// timeUp reports whether the candidate's wall-clock time has run out
// (never without a time limit): the approximating stages then pass it on,
// and the ladder makes it Unknown.
func (s *solver) timeUp(p *prepared) bool {
	return !p.q.Deadline.IsZero() && !time.Now().Before(p.q.Deadline)
}

// unknown is the Unknown decision for a solver call that ended with err
// under limits l.
func (s *solver) unknown(l limits, err error) stage.Decision {
	return stage.Decision{Verdict: stage.Unknown, Reason: l.why(err, s.cfg.Timeout)}
}

// witness reads the witness off a model of e (values val). It fails only
// when the run is stopped or the trace's must-happen-before has a cycle
// (encode.Encoding.Witness).
func witness(e *encode.Encoding, val func(encode.Var) int64, lim encode.Limits) ([]replay.Step, error) {
	return e.Witness(val, lim) // encode's steps are replay's (trace.Step)
}
