// Package smt holds the solver stages of the decision ladder (package
// stage) and the Z3 backend they use: the formula of package encode is
// lowered to Z3 here and nowhere else, and this is the project's only cgo.
//
// Each worker gets its own solver state (Stages): Z3 contexts are not
// shared between goroutines.
package smt

import (
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/aclements/go-z3/z3"

	"gpredict/encode"
	"gpredict/predict/replay"
	"gpredict/predict/stage"
)

// errDeadline reports that a candidate's time ran out outside the solver;
// errStopped that the run was stopped (an interrupt).
var (
	errDeadline = errors.New("deadline passed")
	errStopped  = errors.New("interrupted")
)

// solver is one worker's Z3 state. It keeps the latest problem built in
// Go (prob) so that candidates whose slices it covers share it, and the
// Z3 state of the exact stage: one solver over the problem asserted last,
// in a Z3 context of its own, so that a new problem gets a new context and
// the old one's memory is freed rather than accumulated. The causal
// constraints sit in a first scope, internalized by a "base" check under
// the deadline (a Push after plain asserts would internalize them inside
// Push, which Z3 cannot interrupt); each candidate's pattern constraints
// live in a scope above it. The small stages have a context of their own.
type solver struct {
	f   *stage.Facts
	cfg Config

	prob    *encode.Problem
	reduced bool // prob is a reduced problem (encode.NewReducedProblem)

	ctx      *z3.Context
	solver   *z3.Solver
	terms    *z3Terms
	asserted *encode.Problem // the problem whose causal constraints solver holds
	based    bool            // the base check of asserted has run

	small smallSolver // the frozen and relaxed stages (small.go)
	// invalid counts witnesses of frozen stages that replay validation
	// rejected: a model of a specialized formula is a model of the exact
	// one, so each is a bug (the tests check there are none).
	invalid int
	count   int // candidates dumped, for file names

	// cur is the query the stages are working on, with what they computed
	// for it once and share; stop is its Stop.
	cur  *prepared
	stop <-chan struct{}
}

// prepared is what the solver stages compute once per candidate.
type prepared struct {
	q        *stage.Query
	slice    *encode.Slice
	reduced  bool
	windowed bool // the window stage tried it (its frozen stages need not run again)
}

// Stages returns the solver stages for one worker, sharing that worker's
// Z3 state, and a function releasing it:
//
//   - dump (only with Config.DumpDir): writes the candidate's exact
//     formula, settles nothing;
//   - window (finds witnesses; traces with a base order): frozen stages
//     inside a window of the trace, the past taken as recorded (first:
//     it is the cheapest, and on recordings it finds most);
//   - local (refutes, and finds witnesses; chain candidates): growing
//     windows of the must-set, relaxed (package local);
//   - prefix-window (finds witnesses; chain candidates): a window decided
//     exactly after a past scheduled by package greedy;
//   - small (finds witnesses and refutes; traces with a base order):
//     frozen and relaxed stages over the closed slice;
//   - downset (finds witnesses; traces without a base order): the events
//     that must happen before the chosen ones only;
//   - exact: the closed slice, decided exactly.
func Stages(f *stage.Facts, cfg Config) ([]stage.Stage, *Worker) {
	configureZ3()
	s := &solver{f: f, cfg: cfg}
	var out []stage.Stage
	add := func(name string, run func(p *prepared) (stage.Decision, bool)) {
		out = append(out, stage.Stage{Name: name, Run: func(q *stage.Query) (stage.Decision, bool) {
			return s.guard(func() (stage.Decision, bool) { return run(s.prepare(q)) })
		}})
	}
	if cfg.DumpDir != "" {
		add("dump", s.dumpStage)
	}
	if f.HasBaseOrder() {
		add("window", s.window)
	}
	add("local", s.local)
	add("prefix-window", s.prefixWindow)
	if f.HasBaseOrder() {
		add("small", s.smallStages)
	} else {
		add("downset", s.downset)
	}
	add("exact", s.exact)
	return out, &Worker{s}
}

// Worker is a handle on one worker's solver state.
type Worker struct{ s *solver }

// Close releases the worker's Z3 state.
func (w *Worker) Close() { w.s.close() }

// InvalidWitnesses counts the witnesses of frozen stages that replay
// validation rejected: each is a bug (a model of a specialized formula is
// a model of the exact one), which the tests check never happens.
func (w *Worker) InvalidWitnesses() int { return w.s.invalid }

// guard turns go-z3's panics into Unknown: a Z3 error is a solver limit
// for this candidate, not a reason to stop the run, and never an Unsat.
func (s *solver) guard(run func() (stage.Decision, bool)) (dec stage.Decision, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, bug := r.(runtime.Error); bug {
				panic(r) // our own bug, not a solver limit: never hide it as unknown
			}
			dec, ok = stage.Decision{Verdict: stage.Unknown, Reason: fmt.Sprintf("z3 error: %v", r)}, true
			if s.stopped() {
				dec.Reason = stage.Interrupted // the interrupt spoilt the check
			}
			s.drop() // the solver's state is unknown: start afresh
			s.small = smallSolver{}
		}
	}()
	return run()
}

// prepare returns the shared per-candidate state of q.
func (s *solver) prepare(q *stage.Query) *prepared {
	s.stop = q.Stop
	if s.cur == nil || s.cur.q != q {
		s.cur = &prepared{q: q, slice: encode.SliceFor(s.f.Index, q.Cand), reduced: encode.Reducible(q.Cand)}
	}
	return s.cur
}

// close drops every reference to Z3 objects; go-z3 frees them (and the
// context last) from finalizers.
func (s *solver) close() {
	s.drop()
	s.prob, s.cur = nil, nil
	s.small = smallSolver{}
}

// drop forgets the asserted problem and its context; the next exact stage
// starts afresh. After a big one the garbage is collected at once, so that
// go-z3's finalizers release the Z3 memory before the next is built.
func (s *solver) drop() {
	big := s.asserted != nil && len(s.asserted.Causal) > bigProblem
	s.asserted, s.terms, s.solver, s.ctx, s.based = nil, nil, nil, nil, false
	if big {
		go runtime.GC()
	}
}

// valid reports whether sched is a feasible schedule showing the query.
func (s *solver) valid(p *prepared, sched []replay.Step) bool { return s.f.Valid(p.q.Cand, sched) }

// stageDeadline bounds an approximating stage: the candidate's deadline,
// or StageLimit after now when it has none (the exact stage follows
// anyway).
func (s *solver) stageDeadline(p *prepared) time.Time {
	if p.q.Deadline.IsZero() {
		return time.Now().Add(s.cfg.StageLimit)
	}
	return p.q.Deadline
}

// timedOut is the Unknown decision for err, naming the time limit when
// the deadline is what stopped the candidate.
func (s *solver) timedOut(err error) stage.Decision {
	if errors.Is(err, errDeadline) {
		return stage.Decision{Verdict: stage.Unknown, Reason: fmt.Sprintf("timeout after %s", s.cfg.Timeout)}
	}
	return stage.Decision{Verdict: stage.Unknown, Reason: err.Error()}
}
