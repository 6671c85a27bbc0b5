package smt

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"gpredict/encode"
	"gpredict/predict/stage"
)

// exact decides the candidate over its closed slice, unless the
// exact-first stage asked the same question and ran out of the limits
// that would stop this one too (exactAskedFirst).
func (s *solver) exact(p *prepared) (stage.Decision, bool) {
	if dec, ok := exactAskedFirst(p); ok {
		return dec, true
	}
	return s.decideOver(p.slice, p, s.exactLimits(p)), true
}

// downset tries, on a trace without a base order, the events that must
// happen before the chosen ones only (an under-approximation: its witness
// counts once replay validation accepts it), when that is at most half
// the closed slice, with the limits of an approximating stage (and a
// quarter of the time limit, when there is one). A slice too large for
// the time limit is Unknown at once (see tooLarge).
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
	l := queryLimits(p.q)
	l.rlimit = s.cfg.StageRLimit
	if s.cfg.Timeout > 0 {
		l.deadline = time.Now().Add(s.cfg.Timeout / 4)
	}
	if dec := s.decideOver(down, p, l); dec.Verdict == stage.Sat && s.valid(p, dec.Schedule) {
		dec.Validated = true
		return dec, true
	}
	return stage.Decision{}, false
}

// tooLarge answers Unknown, with the reason, when the candidate's slice
// is too large to encode: more than MaxSlice events, or, with a time
// limit, more than it leaves time for (building an encoding cannot be
// interrupted, so a slice too large for the limit would overrun it).
func (s *solver) tooLarge(p *prepared) (stage.Decision, bool) {
	return s.tooLargeFor(p, s.cfg.MaxSlice, "exact")
}

// tooLargeFor is tooLarge with bound in place of MaxSlice, for the
// stages named.
func (s *solver) tooLargeFor(p *prepared, bound int, stages string) (stage.Decision, bool) {
	size := p.slice.Size()
	if s.cfg.Timeout > 0 {
		limit := max(s.cfg.MaxSharedSlice, int(s.cfg.Timeout.Seconds()*float64(s.cfg.SliceEventsPerSecond)))
		if size > limit {
			return stage.Decision{Verdict: stage.Unknown, Reason: fmt.Sprintf("the slice (%d events) is too large to encode within %s; a longer --timeout lets the exact stages try", size, s.cfg.Timeout)}, true
		}
		return stage.Decision{}, false
	}
	if bound > 0 && size > bound {
		return stage.Decision{Verdict: stage.Unknown, Reason: fmt.Sprintf("the slice (%d events) is larger than the %s stages encode (%d events)", size, stages, bound)}, true
	}
	return stage.Decision{}, false
}

// decideOver decides the candidate over a problem covering sl within
// the limits l.
func (s *solver) decideOver(sl *encode.Slice, p *prepared, l limits) stage.Decision {
	if s.cfg.GuardedRenewAtoms > 0 && s.guarded >= s.cfg.GuardedRenewAtoms {
		s.drop() // a fresh context: what the guards left grows no further
	}
	prob, err := s.problemFor(sl, p.reduced, l)
	if err != nil {
		return s.unknown(l, err)
	}
	z := s.exactZ3
	if !s.based {
		// Internalize the causal constraints now, where Z3 can be
		// interrupted. They hold in the recorded run, so this is Sat
		// unless cut short; an Unsat would make every candidate Unsat.
		sat, err := z.check(l)
		if err != nil {
			s.drop() // half internalized: never reused
			return s.unknown(l, err)
		}
		if !sat {
			return stage.Decision{Verdict: stage.Unsat}
		}
		s.based = true
	}
	enc := prob.PatternAtEnd(p.q.Cand)
	// The pattern goes in guarded, checked under its guard and then
	// switched off for good, not in a scope: a Pop would delete what Z3
	// learned about the causal constraints (raw.go).
	g, off := z.guard()
	defer z.solver.Assert(off)
	if err := z.assertGuarded(off, enc.Constraints, l); err != nil {
		return s.unknown(l, err)
	}
	for _, c := range enc.Constraints {
		s.guarded += c.F.Atoms()
	}
	sat, err := z.check(l, g)
	if err != nil {
		return s.unknown(l, err)
	}
	if !sat {
		return stage.Decision{Verdict: stage.Unsat}
	}
	val, err := z.modelValues()
	if err != nil {
		return s.unknown(l, err)
	}
	sched, err := witness(enc, val, l.enc)
	if err != nil {
		return s.unknown(l, err)
	}
	return stage.Decision{Verdict: stage.Sat, Schedule: sched}
}

// goProblem returns a problem (in Go; nothing asserted) whose slice covers
// sl: the whole trace's when the trace is no larger than MaxSharedSlice,
// else the current one when it covers sl and is not much bigger, else a
// new one over the join of the current slice and sl (encode.Slice.Join)
// when that stays within sharedBound, else over sl alone.
//
// A reduced problem (encode.NewReducedProblem) is used for every candidate
// encode.Reducible accepts; the others get the full encoding.
//
// A slice whose problem passed the bound on atoms (encode.ErrTooLarge) is
// kept (overBound), and a slice covering one of them fails at once: its
// problem has every read, write and hold of the smaller one's, so at
// least its atoms, and building it would only spend the time to find
// that out.
func (s *solver) goProblem(sl *encode.Slice, reduced bool, lim encode.Limits) (*encode.Problem, error) {
	if s.prob != nil && s.reduced == reduced && s.prob.Slice.Covers(sl) && s.prob.Slice.Size() <= max(s.cfg.MaxSharedSlice, 4*sl.Size()) {
		return s.prob, nil
	}
	if s.overBound.covered(sl, reduced) {
		return nil, encode.ErrTooLarge
	}
	build := encode.NewProblemWithin
	if reduced {
		build = encode.NewReducedProblemWithin
	}
	// A trace no larger than a shared slice gets one problem over all of
	// it, at once: every candidate of the batch then shares the problem
	// and what Z3 learns about it (raw.go), where growing the problem
	// slice by slice would start a new context at each growth.
	if s.prob == nil || s.reduced != reduced {
		if full := encode.FullSlice(s.f.Trace); full.Size() <= s.cfg.MaxSharedSlice && !s.overBound.covered(full, reduced) {
			prob, err := build(s.f.Index, s.f.Model, full, lim)
			if err == nil {
				s.prob, s.reduced = prob, reduced
				return prob, nil
			}
			if errors.Is(err, encode.ErrTooLarge) {
				s.overBound = s.overBound.add(full, reduced) // not tried again
			}
		}
	}
	if s.prob != nil && s.reduced == reduced {
		if u := s.prob.Slice.Join(sl); u.Size() <= s.sharedBound(sl) {
			prob, err := build(s.f.Index, s.f.Model, u, lim)
			if err == nil {
				s.prob, s.reduced = prob, reduced
				s.joins++
				return prob, nil
			}
			if !errors.Is(err, encode.ErrTooLarge) {
				return nil, err
			}
			// The join is past the bound; sl alone may not be.
		}
	}
	prob, err := build(s.f.Index, s.f.Model, sl, lim)
	if err != nil {
		if errors.Is(err, encode.ErrTooLarge) {
			s.overBound = s.overBound.add(sl, reduced)
		}
		return nil, err
	}
	s.prob, s.reduced = prob, reduced
	return s.prob, nil
}

// sharedBound is the largest union of the current problem's slice and
// a candidate's slice sl that goProblem builds, for the candidates to
// share one problem: MaxSharedSlice, or, for a slice past it, sl grown
// by an eighth (within MaxSlice), so that candidates whose large slices
// mostly overlap share the context and what Z3 learned in it.
func (s *solver) sharedBound(sl *encode.Slice) int {
	n := sl.Size()
	if n <= s.cfg.MaxSharedSlice {
		return s.cfg.MaxSharedSlice
	}
	if s.cfg.MaxSlice > 0 {
		return min(n+n/8, max(n, s.cfg.MaxSlice))
	}
	return n + n/8
}

// overBound are the minimal slices whose problems passed the bound on
// atoms (goProblem), each with whether it was the reduced problem.
type overBound []boundedSlice

type boundedSlice struct {
	sl      *encode.Slice
	reduced bool
}

// covered reports whether sl covers a slice of o of the same kind.
func (o overBound) covered(sl *encode.Slice, reduced bool) bool {
	return slices.ContainsFunc(o, func(b boundedSlice) bool { return b.reduced == reduced && sl.Covers(b.sl) })
}

// add is o with sl, without the slices that cover it.
func (o overBound) add(sl *encode.Slice, reduced bool) overBound {
	o = slices.DeleteFunc(o, func(b boundedSlice) bool { return b.reduced == reduced && b.sl.Covers(sl) })
	return append(o, boundedSlice{sl, reduced})
}

// problemFor returns a problem covering sl whose causal constraints the
// exact stage's solver holds, asserting them in a fresh context when the
// problem is new. It fails once a limit of l has run out; building the
// encoding itself stops for the run's stop signal only, not for the
// deadline.
func (s *solver) problemFor(sl *encode.Slice, reduced bool, l limits) (*encode.Problem, error) {
	p, err := s.goProblem(sl, reduced, l.enc)
	if err != nil {
		return nil, err
	}
	if p == s.asserted {
		return p, nil
	}
	s.drop()
	if err := l.expired(); err != nil {
		return nil, err
	}
	z := newZ3Solver()
	// The scope makes the solver incremental before anything is asserted,
	// so the causal constraints are internalized by the next check.
	z.solver.Push()
	if err := z.assertAll(p.Causal, l); err != nil {
		return nil, err
	}
	s.exactZ3, s.asserted = z, p
	return p, nil
}

// dumpStage writes the candidate's exact formula as SMT-LIB2 into
// DumpDir; it settles nothing (a write error makes the candidate Unknown).
func (s *solver) dumpStage(p *prepared) (stage.Decision, bool) {
	c := p.q.Cand
	s.count++
	prob, err := s.goProblem(p.slice, p.reduced, p.q.Limits())
	if err != nil {
		return stage.Decision{}, false // stopped or over the budget: the ladder says so
	}
	enc := prob.PatternAtEnd(c)
	ids := make([]string, len(c.Choice))
	for i, r := range c.Choice {
		ids[i] = s.f.Trace.ID(r)
	}
	name := fmt.Sprintf("cand%05d_%s.smt2", s.count, strings.NewReplacer("#", "-", "/", "_").Replace(strings.Join(ids, "_")))
	f, err := os.Create(filepath.Join(s.cfg.DumpDir, name))
	if err == nil {
		err = enc.WriteSMTLIB(f, "candidate "+strings.Join(ids, " "))
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return stage.Decision{Verdict: stage.Unknown, Reason: fmt.Sprintf("--dump-smt: %v", err)}, true
	}
	return stage.Decision{}, false
}
