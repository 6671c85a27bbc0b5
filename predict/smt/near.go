package smt

import (
	"gpredict/encode"
	"gpredict/predict/stage"
)

// nearChecks are the relaxed stages of Config.Small over a problem that
// keeps only the value and lock constraints near the chosen events
// (encode.NewNearProblemWithin), for a candidate whose closed slice is
// larger than the exact stage encodes. They can only refute. The problem
// is built once, for the widest of them.
//
// On the lock-heavy STD recording of 300K events (gentrace -shape locks
// -events 300000) 32 candidates with slices of 190K to 280K events were
// unknown for the bound; encoded whole, one of them was refuted by the
// relaxed stage of 256 positions in 1 s of Z3 after 15 s of encoding,
// nearly all of it the value constraints of reads that stage drops.
type nearChecks struct {
	s *solver
	p *prepared
	// relaxed are the stages not asked yet; enc is nil when there are
	// none or the problem was not built (stopped, or over the budget).
	relaxed []SmallStage
	enc     *encode.Encoding
	// falseOnFace: the pattern is false on its face.
	falseOnFace bool
	plan        *smallPlan
}

func (s *solver) nearChecks(p *prepared) *nearChecks {
	n := &nearChecks{s: s, p: p, plan: newSmallPlan(nil, false)}
	window, gap := 0, 0
	for _, st := range s.cfg.Small {
		if st.Relax {
			n.relaxed = append(n.relaxed, st)
			window, gap = max(window, st.Window), max(gap, st.Gap)
		}
	}
	if len(n.relaxed) == 0 {
		return n
	}
	prob, err := encode.NewNearProblemWithin(s.f.Index, s.f.Model, p.slice, p.reduced, p.q.Cand, window, gap, p.q.Limits())
	if err != nil {
		return n // stopped or over the budget
	}
	n.enc = prob.PatternAtEnd(p.q.Cand)
	n.falseOnFace = falseOnFace(n.enc)
	return n
}

// refutes runs the relaxed stages not asked yet that are narrower than
// within (within ≤ 0: all of them), and reports whether one of them
// found no model, or the pattern is false on its face.
func (n *nearChecks) refutes(within int) bool {
	if n.falseOnFace {
		return true
	}
	if n.enc == nil {
		return false
	}
	for len(n.relaxed) > 0 && (within <= 0 || n.relaxed[0].Window < within) {
		st := n.relaxed[0]
		n.relaxed = n.relaxed[1:]
		val := n.enc.Relax(st.Window, st.Gap)
		if !n.plan.asks(st, val.Free, false) {
			continue
		}
		switch verdict, _ := n.s.specialized(n.enc, val, n.s.stageLimits(n.p)); {
		case verdict == stage.Unsat:
			return true
		case verdict == stage.Unknown && (n.s.timeUp(n.p) || n.p.q.Stopped()):
			n.relaxed = nil
			return false
		}
	}
	return false
}
