package smt

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/aclements/go-z3/z3"

	"gpredict/encode"
	"gpredict/predict/replay"
	"gpredict/predict/stage"
)

// exact decides the candidate over its closed slice.
func (s *solver) exact(p *prepared) (stage.Decision, bool) {
	return s.decideOver(p.slice, p, p.q.Deadline), true
}

// downset tries, on a trace without a base order, the events that must
// happen before the chosen ones only (an under-approximation: its witness
// counts once replay validation accepts it), when that is at most half
// the closed slice. A slice too large for the time limit is Unknown at
// once (see tooLarge).
func (s *solver) downset(p *prepared) (stage.Decision, bool) {
	if dec, big := s.tooLarge(p); big {
		return dec, true
	}
	if !p.reduced {
		return stage.Decision{}, false
	}
	down := encode.DownSlice(s.f.Index, p.q.Cand.Choice)
	if !p.slice.Covers(down) || 2*down.Size() > p.slice.Size() {
		return stage.Decision{}, false
	}
	deadline := time.Now().Add(s.cfg.StageLimit)
	if s.cfg.Timeout > 0 {
		deadline = time.Now().Add(s.cfg.Timeout / 4)
	}
	if dec := s.decideOver(down, p, deadline); dec.Verdict == stage.Sat && s.valid(p, dec.Schedule) {
		dec.Validated = true
		return dec, true
	}
	return stage.Decision{}, false
}

// tooLarge answers Unknown, with the reason, when the time limit leaves
// no chance to encode the candidate's slice.
func (s *solver) tooLarge(p *prepared) (stage.Decision, bool) {
	limit := max(s.cfg.MaxSharedSlice, int(s.cfg.Timeout.Seconds()*float64(s.cfg.SliceEventsPerSecond)))
	if s.cfg.Timeout <= 0 || p.slice.Size() <= limit {
		return stage.Decision{}, false
	}
	return stage.Decision{Verdict: stage.Unknown, Reason: fmt.Sprintf("the slice (%d events) is too large to encode within %s; a longer --timeout lets the exact stages try", p.slice.Size(), s.cfg.Timeout)}, true
}

// decideOver decides the candidate over a problem covering sl before
// deadline (zero: none).
func (s *solver) decideOver(sl *encode.Slice, p *prepared, deadline time.Time) stage.Decision {
	prob, err := s.problemFor(sl, p.reduced, deadline)
	if err != nil {
		return s.timedOut(err)
	}
	if !s.based {
		// Internalize the causal constraints now, where Z3 can be
		// interrupted. They hold in the recorded run, so this is Sat
		// unless cut short; an Unsat would make every candidate Unsat.
		sat, err := s.check(s.ctx, s.solver, deadline)
		if err != nil {
			s.drop() // half internalized: never reused
			return s.timedOut(err)
		}
		if !sat {
			return stage.Decision{Verdict: stage.Unsat}
		}
		s.based = true
	}
	pat := prob.Pattern(p.q.Cand)
	s.solver.Push()
	defer s.solver.Pop()
	if err := s.assertAll(s.solver, s.terms, pat, deadline); err != nil {
		return s.timedOut(err)
	}
	sat, err := s.check(s.ctx, s.solver, deadline)
	if err != nil {
		return s.timedOut(err)
	}
	if !sat {
		return stage.Decision{Verdict: stage.Unsat}
	}
	m := s.solver.Model()
	return stage.Decision{Verdict: stage.Sat, Schedule: schedule(prob, func(v encode.Var) int64 { return s.terms.value(m, v) })}
}

// schedule reads the witness off a model's order values (val).
func schedule(p *encode.Problem, val func(encode.Var) int64) []replay.Step {
	return replaySteps(p.Complete(p.RepairBlock(p.Schedule(val))))
}

func replaySteps(steps []encode.Step) []replay.Step {
	sched := make([]replay.Step, 0, len(steps))
	for _, s := range steps {
		sched = append(sched, replay.Step{Ref: s.Ref, Part: replay.Part(s.Part)})
	}
	return sched
}

// check runs solver until deadline (zero: none) or until the run is
// stopped (the query's Stop closes). Z3 has no per-check limit through
// go-z3, so a timer interrupts the context; Z3 honours an interrupt only
// inside a check, which is why everything slow happens there.
func (s *solver) check(ctx *z3.Context, solver *z3.Solver, deadline time.Time) (bool, error) {
	if s.stopped() {
		return false, errStopped
	}
	// Interrupts may only reach Z3 while it checks: one that lands after
	// the check returned would spoil the model about to be read.
	var (
		mu       sync.Mutex
		checking = true
		fired    bool
	)
	interrupt := func() {
		mu.Lock()
		defer mu.Unlock()
		if checking {
			fired = true
			ctx.Interrupt()
		}
	}
	if !deadline.IsZero() {
		left := time.Until(deadline)
		if left <= 0 {
			return false, errDeadline
		}
		timer := time.AfterFunc(left, interrupt)
		defer timer.Stop()
	}
	done := make(chan struct{})
	defer close(done)
	if stop := s.stop; stop != nil {
		// stop is read here, not in the goroutine: it may run after the
		// check has returned and the next candidate has set s.stop.
		go func() {
			select {
			case <-stop:
				interrupt()
			case <-done:
			}
		}()
	}
	sat, err := solver.Check()
	mu.Lock()
	checking = false
	mu.Unlock()
	switch {
	case err == nil:
		return sat, nil
	case s.stopped():
		return false, errStopped
	case fired:
		return false, errDeadline
	}
	return false, fmt.Errorf("solver gave up: %v", err)
}

// stopped reports whether the run has been stopped.
func (s *solver) stopped() bool {
	select {
	case <-s.stop:
		return true
	default:
		return false
	}
}

// assertAll asserts cs, giving up once deadline (zero: none) has passed
// or the run is stopped.
func (s *solver) assertAll(solver *z3.Solver, terms *z3Terms, cs []encode.Constraint, deadline time.Time) error {
	for i, k := range cs {
		if i%assertBatch == 0 {
			if !deadline.IsZero() && !time.Now().Before(deadline) {
				return errDeadline
			}
			if s.stopped() {
				return errStopped
			}
		}
		solver.Assert(terms.lower(k.F))
	}
	return nil
}

// goProblem returns a problem (in Go; nothing asserted) whose slice covers
// sl: the current one when it does and is not much bigger, else a new
// one over the closure of the current slice and sl when that stays small,
// else over sl alone.
//
// A reduced problem (encode.NewReducedProblem) is used for every candidate
// encode.Reducible accepts; the others get the full encoding.
func (s *solver) goProblem(sl *encode.Slice, reduced bool) *encode.Problem {
	if s.prob != nil && s.reduced == reduced && s.prob.Slice.Covers(sl) && s.prob.Slice.Size() <= max(s.cfg.MaxSharedSlice, 4*sl.Size()) {
		return s.prob
	}
	next := sl
	if s.prob != nil && s.reduced == reduced {
		if u := s.f.Index.Union(s.prob.Slice, sl); u.Size() <= s.cfg.MaxSharedSlice {
			next = u
		}
	}
	if reduced {
		s.prob = encode.NewReducedProblem(s.f.Index, s.f.Model, next)
	} else {
		s.prob = encode.NewProblem(s.f.Index, s.f.Model, next)
	}
	s.reduced = reduced
	return s.prob
}

// problemFor returns a problem covering sl whose causal constraints the
// solver holds, asserting them in a fresh context when the problem is new.
// It fails once deadline (zero: none) has passed; building the encoding
// itself cannot be interrupted.
func (s *solver) problemFor(sl *encode.Slice, reduced bool, deadline time.Time) (*encode.Problem, error) {
	p := s.goProblem(sl, reduced)
	if p == s.asserted {
		return p, nil
	}
	s.drop()
	if !deadline.IsZero() && !time.Now().Before(deadline) {
		return nil, errDeadline
	}
	s.ctx = z3.NewContext(nil)
	s.solver = newSolver(s.ctx)
	s.terms = newZ3Terms(s.ctx)
	// The scope makes the solver incremental before anything is asserted,
	// so the causal constraints are internalized by the next check.
	s.solver.Push()
	if err := s.assertAll(s.solver, s.terms, p.Causal, deadline); err != nil {
		s.drop()
		return nil, err
	}
	s.asserted = p
	return p, nil
}

// dumpStage writes the candidate's exact formula as SMT-LIB2 into
// DumpDir; it settles nothing (a write error makes the candidate Unknown).
func (s *solver) dumpStage(p *prepared) (stage.Decision, bool) {
	c := p.q.Cand
	s.count++
	prob := s.goProblem(p.slice, p.reduced)
	pat := prob.Pattern(c)
	ids := make([]string, len(c.Choice))
	for i, r := range c.Choice {
		ids[i] = s.f.Trace.ID(r)
	}
	name := fmt.Sprintf("cand%05d_%s.smt2", s.count, strings.NewReplacer("#", "-", "/", "_").Replace(strings.Join(ids, "_")))
	f, err := os.Create(filepath.Join(s.cfg.DumpDir, name))
	if err == nil {
		err = prob.WriteSMTLIB(f, "candidate "+strings.Join(ids, " "), pat)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return stage.Decision{Verdict: stage.Unknown, Reason: fmt.Sprintf("--dump-smt: %v", err)}, true
	}
	return stage.Decision{}, false
}
