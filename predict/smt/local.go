package smt

import (
	"fmt"
	"os"
	"runtime"
	"time"

	"gpredict/encode"
	"gpredict/predict/closure"
	"gpredict/predict/greedy"
	"gpredict/predict/local"
	"gpredict/predict/replay"
	"gpredict/predict/stage"
)

// local decides a chain candidate over windows of its must-set (package
// local), growing them (Config.Local): no model of a window's relaxation
// refutes the candidate; a model's order of the window guides package
// greedy, and its schedule settles the candidate once replay validation
// accepts it. Its problems grow with the window, not with the trace.
func (s *solver) local(p *prepared) (stage.Decision, bool) {
	q := p.q
	if !q.IsChain || s.smallFirst(p) {
		return stage.Decision{}, false
	}
	facts, derived := q.Facts(), false
	if facts == nil {
		res := closure.Saturate(s.f.Index, q.Chain, closure.DefaultConfig(true))
		if res.Refuted {
			return stage.Decision{Verdict: stage.Unsat, Reason: res.Why}, true
		}
		facts, derived = &res, true
	}
	// What local derived itself goes to the stages after it, whatever
	// it answers.
	unsettled := stage.Decision{}
	if derived {
		unsettled.Derived = facts
	}
	lastSize := -1
	for _, k := range s.cfg.Local {
		lp, ok := local.Build(s.f.Index, q.Chain, facts, k)
		if !ok || len(lp.Events) == lastSize {
			break // a wait in the window, or the window stopped growing
		}
		lastSize = len(lp.Events)
		t0 := time.Now()
		verdict, val := s.checkAll(lp.Constraints, s.stageLimits(p))
		if os.Getenv("GPREDICT_DEBUG_LOCAL") != "" {
			why := ""
			if verdict == stage.Sat {
				_, why = greedy.Explain(s.f.Index, q.Chain, facts.WithEdges(lp.Hints(val)))
			}
			fmt.Fprintf(os.Stderr, "local %v k=%d events=%d constraints=%d choices=%d: %s in %s; greedy: %s\n", q.Cand.Choice, k, len(lp.Events), len(lp.Constraints), lp.NumChoices(), verdict, time.Since(t0), why)
		}
		switch verdict {
		case stage.Unsat:
			return stage.Decision{Verdict: stage.Unsat}, true
		case stage.Unknown:
			return unsettled, false
		}
		valid := func(from int, sc []replay.Step) bool { return s.f.ValidFrom(p.q.Cand, from, sc) }
		if from, sched, ok := greedy.Build(s.f.Index, q.Chain, facts.WithEdges(lp.Hints(val)), s.f.Base, greedy.Full, valid, q.Stop); ok {
			return stage.Decision{Verdict: stage.Sat, Schedule: sched, From: from, Validated: true}, true
		}
	}
	return unsettled, false
}

// checkAll checks cs in the approximating stages' context (a scope of
// its own) within the limits l, returning the model's values when Sat.
func (s *solver) checkAll(cs []encode.Constraint, l limits) (stage.Verdict, func(encode.Var) int64) {
	f := &s.small
	renewAtoms := s.cfg.SmallRenewAtoms > 0 && f.atoms >= s.cfg.SmallRenewAtoms
	if f.z == nil || f.uses >= frozenRenew || renewAtoms {
		if renewAtoms {
			go runtime.GC() // go-z3's finalizers free the old context's memory
		}
		f.z, f.uses, f.atoms = newZ3Solver(), 0, 0
	}
	f.uses++
	for _, c := range cs {
		f.atoms += c.F.Atoms()
	}
	z := f.z
	z.solver.Push()
	defer z.solver.Pop()
	if err := z.assertAll(cs, l); err != nil {
		return stage.Unknown, nil
	}
	sat, err := z.check(l)
	switch {
	case err != nil:
		return stage.Unknown, nil
	case !sat:
		return stage.Unsat, nil
	}
	return stage.Sat, z.model()
}

// smallFirst reports whether the candidate's closed slice is small enough
// (Config.SmallFirst) for the small stages to decide it before local and
// prefix-window would.
func (s *solver) smallFirst(p *prepared) bool {
	return p.slice.Size() <= s.cfg.SmallFirst
}
