package smt

import (
	"gpredict/encode"
	"gpredict/predict/stage"
)

// nearChecks are the relaxed stages of Config.Small over a problem that
// keeps only the value and lock constraints near the chosen events
// (encode.NewNearProblemWithin), for a candidate whose closed slice is
// larger than the exact stage encodes. They can only refute. The problem
// is built on the first call to refutes, for the widest of them.
//
// On the lock-heavy STD recording of 300K events (gentrace -shape locks
// -events 300000) 32 candidates with slices of 190K to 280K events were
// unknown for the bound; encoded whole, one of them was refuted by the
// relaxed stage of 256 positions in 1 s of Z3 after 15 s of encoding,
// nearly all of it the value constraints of reads that stage drops.
type nearChecks struct {
	s        *solver
	p        *prepared
	relaxed  []SmallStage
	enc      *encode.Encoding
	built    bool
	lastFree int
}

func (s *solver) nearChecks(p *prepared) *nearChecks {
	n := &nearChecks{s: s, p: p, lastFree: -1}
	for _, st := range s.cfg.Small {
		if st.Relax {
			n.relaxed = append(n.relaxed, st)
		}
	}
	return n
}

// refutes runs the relaxed stages that keep for their window what
// within allows (narrower than within; within ≤ 0: all of them) and
// have not run yet, and reports whether one of them found no model.
func (n *nearChecks) refutes(within int) bool {
	if !n.built {
		n.built = true
		window, gap := 0, 0
		for _, st := range n.relaxed {
			window, gap = max(window, st.Window), max(gap, st.Gap)
		}
		if len(n.relaxed) > 0 {
			prob, err := encode.NewNearProblemWithin(n.s.f.Index, n.s.f.Model, n.p.slice, n.p.reduced, n.p.q.Cand, window, gap, n.p.q.Limits())
			if err == nil { // else stopped or over the budget
				n.enc = prob.Pattern(n.p.q.Cand)
			}
		}
		if n.enc != nil {
			for _, k := range n.enc.Constraints {
				if k.F.Kind == encode.KFalse {
					return true
				}
			}
		}
	}
	if n.enc == nil {
		return false
	}
	for len(n.relaxed) > 0 && (within <= 0 || n.relaxed[0].Window < within) {
		st := n.relaxed[0]
		n.relaxed = n.relaxed[1:]
		val := n.enc.Relax(st.Window, st.Gap)
		if val.Free == n.lastFree {
			continue // the window grew past the problem: the same question
		}
		n.lastFree = val.Free
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
