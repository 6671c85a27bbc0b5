package smt

import (
	"slices"

	"gpredict/encode"
	"gpredict/predict/stage"
)

// smallSolver is the Z3 state of the approximating stages (small, window,
// local, prefix-window): a context and solver of their own, each problem
// checked in a scope of its own, replaced every frozenRenew problems or
// once the problems it was given hold Config.SmallRenewAtoms order
// atoms.
type smallSolver struct {
	z     *z3Solver
	uses  int
	atoms int
}

// specialized checks the encoding's causal and pattern constraints under
// val. It returns the verdict and, when Sat, the order value of every
// variable (the fixed ones from val). Unknown covers every limit.
func (s *solver) specialized(e *encode.Encoding, val *encode.Valuation, l limits) (stage.Verdict, func(encode.Var) int64) {
	cs, ok := encode.SpecializeAll(e.Problem.Causal, val, nil)
	if ok {
		cs, ok = encode.SpecializeAll(e.Constraints, val, cs)
	}
	if ok {
		cs, ok = encode.Simplify(cs)
	}
	if !ok {
		return stage.Unsat, nil
	}
	verdict, value := s.checkAll(cs, l)
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
// closed slice, each check within the limits of an approximating stage
// (stageLimits). It settles the
// candidate with a witness that replay validation accepts (a frozen stage
// found it) or with Unsat (a relaxed stage refuted it, or the pattern is
// false on its face); a slice too large for the time limit is Unknown at
// once (tooLarge). Anything else (no model, time-outs, a witness the
// validator rejects) leaves the candidate to the exact stage — through
// the rescue stage, which asks again the frozen checks that ran out of
// their limit (smallSpent) — unless its slice is larger than the exact
// stage encodes (MaxSlice; the small stages take slices up to
// MaxSmallSlice): then it is Unknown. After a
// window, the frozen stages it has just tried are skipped. A slice past
// MaxSmallSlice gets the relaxed stages over its part near the chosen
// events (relaxedNear), which may refute it, then the far window
// (farWindow), which may find a witness; else it is Unknown.
func (s *solver) smallStages(p *prepared) (stage.Decision, bool) {
	dec, big := s.tooLargeFor(p, s.cfg.smallBound(), "small")
	if s.cfg.Timeout == 0 && (big || s.cfg.MaxSlice > 0 && p.slice.Size() > s.cfg.MaxSlice) {
		// A slice the exact stage will not encode: the checks near the
		// chosen events first, which cost what is near them, not the
		// slice (on the 100K-event lock-heavy STD member, 7 of the 8
		// candidates that reach here are refuted by relaxed stages).
		// Those narrower than the far window go before it, the others
		// after: on a 24-thread STD member of 28K events, the relaxed
		// check of 1,024 positions took 59 of the near checks' 78 s,
		// had a model for 26 of the 28 candidates it was asked about,
		// and the far window then found all 26 witnesses, in 41 s.
		near := s.nearChecks(p)
		if near.refutes(s.cfg.farStageWindow()) {
			return stage.Decision{Verdict: stage.Unsat}, true
		}
		if found, done := s.farWindow(p); done && found.Verdict == stage.Sat {
			return found, true
		}
		if near.refutes(0) {
			return stage.Decision{Verdict: stage.Unsat}, true
		}
	}
	if big {
		return dec, true
	}
	dec, done := s.smallOver(p)
	if !done {
		if big, ok := s.tooLarge(p); ok {
			return big, true
		}
	}
	return dec, done
}

// smallOver runs the small stages over the candidate's closed slice.
func (s *solver) smallOver(p *prepared) (stage.Decision, bool) {
	prob, err := s.goProblem(p.slice, p.reduced, p.q.Limits())
	if err != nil {
		return stage.Decision{}, false // stopped or over the budget
	}
	enc := prob.PatternAtEnd(p.q.Cand)
	if falseOnFace(enc) {
		return stage.Decision{Verdict: stage.Unsat}, true
	}
	var tried []SmallStage
	if _, windowed := p.q.ResultOf("window").(windowTried); windowed {
		tried = s.cfg.Window
	}
	_, tooLargeForExact := s.tooLarge(p)
	plan := newSmallPlan(tried, s.cfg.ExactFollows && !tooLargeForExact)
	var spent smallSpent
	for _, st := range s.cfg.Small {
		if plan.skipsStage(st) {
			continue
		}
		var val *encode.Valuation
		if st.Relax {
			val = enc.Relax(st.Window, st.Gap)
		} else {
			val = enc.Freeze(st.Window, st.Gap)
		}
		if !plan.asks(st, val.Free, val.Whole(enc)) {
			continue
		}
		verdict, value := s.specialized(enc, val, s.stageLimits(p))
		plan.answered(st, verdict)
		switch {
		case verdict == stage.Unknown && (s.timeUp(p) || p.q.Stopped()):
			return stage.Decision{}, false
		case !st.Relax && verdict == stage.Unknown:
			spent = append(spent, st)
		case st.Relax && verdict == stage.Unsat:
			return stage.Decision{Verdict: stage.Unsat}, true
		case !st.Relax && verdict == stage.Sat:
			dec, found, err := s.frozenWitness(p, enc, value)
			if err != nil {
				return s.unknown(s.stageLimits(p), err), true
			}
			if found {
				return dec, true
			}
		}
	}
	if len(spent) > 0 {
		return stage.Decision{Derived: spent}, false
	}
	return stage.Decision{}, false
}

// frozenWitness reads the witness off the model (values value) of a
// frozen check of enc and has replay validation check it. A model of the
// specialized formula is a model of the exact one, so a rejection is a
// bug: it is counted (Worker.InvalidWitnesses), and the candidate goes
// on to the stages after. err is witness's: the run was stopped.
func (s *solver) frozenWitness(p *prepared, enc *encode.Encoding, value func(encode.Var) int64) (stage.Decision, bool, error) {
	sched, err := witness(enc, value, p.q.Limits())
	if err != nil {
		return stage.Decision{}, false, err
	}
	if !s.valid(p, sched) {
		s.invalid++
		return stage.Decision{}, false, nil
	}
	return stage.Decision{Verdict: stage.Sat, Schedule: sched, Validated: true}, true, nil
}

// falseOnFace reports whether the encoding's pattern constraints hold a
// constant false: no schedule shows the candidate.
func falseOnFace(enc *encode.Encoding) bool {
	return slices.ContainsFunc(enc.Constraints, func(k encode.Constraint) bool { return k.F.Kind == encode.KFalse })
}
