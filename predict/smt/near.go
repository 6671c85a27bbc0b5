package smt

import (
	"gpredict/encode"
	"gpredict/predict/stage"
)

// relaxedNear runs the relaxed stages of Config.Small over a problem that
// keeps only the value and lock constraints near the chosen events
// (encode.NewNearProblemWithin), for a candidate whose closed slice is
// larger than the small stages encode whole. It can only refute: it
// reports whether one of them found no model. The finders had their turn
// on such slices before (window, prefix-window).
//
// On the lock-heavy STD recording of 300K events (gentrace -shape locks
// -events 300000) 32 candidates with slices of 190K to 280K events were
// unknown for the bound; encoded whole, one of them was refuted by the
// relaxed stage of 256 positions in 1 s of Z3 after 15 s of encoding,
// nearly all of it the value constraints of reads that stage drops.
func (s *solver) relaxedNear(p *prepared) bool {
	var relaxed []SmallStage
	window, gap := 0, 0
	for _, st := range s.cfg.Small {
		if st.Relax {
			relaxed = append(relaxed, st)
			window, gap = max(window, st.Window), max(gap, st.Gap)
		}
	}
	if len(relaxed) == 0 {
		return false
	}
	prob, err := encode.NewNearProblemWithin(s.f.Index, s.f.Model, p.slice, p.reduced, p.q.Cand, window, gap, p.q.Limits())
	if err != nil {
		return false // stopped or over the budget
	}
	enc := prob.Pattern(p.q.Cand)
	for _, k := range enc.Constraints {
		if k.F.Kind == encode.KFalse {
			return true
		}
	}
	lastFree := -1
	for _, st := range relaxed {
		val := enc.Relax(st.Window, st.Gap)
		if val.Free == lastFree {
			continue // the window grew past the problem: the same question
		}
		lastFree = val.Free
		switch verdict, _ := s.specialized(enc, val, s.stageLimits(p)); {
		case verdict == stage.Unsat:
			return true
		case verdict == stage.Unknown && (s.timeUp(p) || p.q.Stopped()):
			return false
		}
	}
	return false
}
