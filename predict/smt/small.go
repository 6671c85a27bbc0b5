package smt

import (
	"slices"
	"time"

	"github.com/aclements/go-z3/z3"

	"gpredict/encode"
	"gpredict/predict/stage"
)

// smallSolver is the Z3 state of the frozen and relaxed stages: a context
// and solver of their own, each problem checked in a scope of its own.
type smallSolver struct {
	ctx    *z3.Context
	solver *z3.Solver
	terms  *z3Terms
	uses   int
}

// specialized checks the problem's causal and pattern constraints under
// val. It returns the verdict and, when Sat, the order value of every
// variable (the fixed ones from val). Unknown covers a time-out.
func (s *solver) specialized(p *encode.Problem, pat []encode.Constraint, val *encode.Valuation, deadline time.Time) (stage.Verdict, func(encode.Var) int64) {
	cs, ok := encode.SpecializeAll(p.Causal, val, nil)
	if ok {
		cs, ok = encode.SpecializeAll(pat, val, cs)
	}
	if ok {
		cs, ok = encode.Simplify(cs)
	}
	if !ok {
		return stage.Unsat, nil
	}
	verdict, value := s.checkAll(cs, deadline)
	if verdict != stage.Sat {
		return verdict, nil
	}
	return stage.Sat, func(v encode.Var) int64 {
		if val.Fixed[v] {
			return val.Val[v]
		}
		return value(v)
	}
}

// smallStages runs the small stages (Config.Small) over the candidate's
// closed slice, each within half of the time left. It settles the
// candidate with a witness that replay validation accepts (a frozen stage
// found it) or with Unsat (a relaxed stage refuted it, or the pattern is
// false on its face); a slice too large for the time limit is Unknown at
// once (tooLarge). Anything else (no model, time-outs, a witness the
// validator rejects) leaves the candidate to the exact stage. After a
// window, the frozen stages it has just tried are skipped.
func (s *solver) smallStages(p *prepared) (stage.Decision, bool) {
	if dec, big := s.tooLarge(p); big {
		return dec, true
	}
	c := p.q.Cand
	prob := s.goProblem(p.slice, p.reduced)
	pat := prob.Pattern(c)
	for _, k := range pat {
		if k.F.Kind == encode.KFalse {
			return stage.Decision{Verdict: stage.Unsat}, true
		}
	}
	deadline := s.stageDeadline(p)
	lastFree := [2]int{-1, -1} // free variables of the last frozen and relaxed stage
	for _, st := range s.cfg.Small {
		if p.windowed && slices.Contains(s.cfg.Window, st) {
			continue
		}
		var val *encode.Valuation
		kind := 0
		if st.Relax {
			val, kind = prob.Relax(c, st.Window, st.Gap), 1
		} else {
			val = prob.Freeze(c, st.Window, st.Gap)
		}
		if val.Free == lastFree[kind] {
			continue // the window grew past the problem: the same question
		}
		lastFree[kind] = val.Free
		// Half of what is left, so that a stage that is too big for the
		// time cannot starve the ones after it.
		verdict, value := s.specialized(prob, pat, val, time.Now().Add(time.Until(deadline)/2))
		switch {
		case verdict == stage.Unknown && !time.Now().Before(deadline):
			return stage.Decision{}, false
		case st.Relax && verdict == stage.Unsat:
			return stage.Decision{Verdict: stage.Unsat}, true
		case !st.Relax && verdict == stage.Sat:
			if sched := schedule(prob, value); s.valid(p, sched) {
				return stage.Decision{Verdict: stage.Sat, Schedule: sched, Validated: true}, true
			}
			// A model of the specialized formula is a model of the exact
			// one, so this is a bug; the exact stage still decides c.
			s.invalid++
		}
	}
	return stage.Decision{}, false
}
