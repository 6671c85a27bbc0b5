package smt

import "gpredict/predict/stage"

// smallSpent are the frozen small stages whose checks ran out of their
// resource limit (Config.StageRLimit) for a candidate the small stages
// passed on: the stage's question stays open, where a frozen stage that
// answered Unsat has none left.
type smallSpent []SmallStage

// rescue asks again the frozen small stages whose checks ran out of
// their resource limit (smallSpent), each now with the exact stage's
// budget (Config.RescueRLimit) instead of an eighth of it, before the
// exact stage asks the whole question. A frozen check fixes most of the
// order, so Z3 may settle it within a budget that the whole question
// exhausts. A witness counts once replay validation accepts it; a
// candidate with none goes on to the exact stage.
//
// Measured on a 32-thread member of the lock-heavy family, not the
// members the limits were tuned on (bench/gentrace -shape locks
// -threads 32 -locks 12 -depth 3 -seed 606 -events 10000, STD): with the
// default limits six races ended unknown, each after 160 million units
// of the exact stage; with every limit ten times larger the small
// stages found all six, and took 156 s of CPU for their 58 candidates
// instead of 122 s. With this stage all six are found here (46 s of CPU
// for the 17 candidates it is asked about) and the run takes 270 s
// instead of 392 s; asked only after the exact stage had run out, it
// took 412 s, the exact stage spending its whole limit on each first.
func (s *solver) rescue(p *prepared) (stage.Decision, bool) {
	spent, _ := p.q.ResultOf("small").(smallSpent)
	if len(spent) == 0 {
		return stage.Decision{}, false
	}
	prob, err := s.goProblem(p.slice, p.reduced, p.q.Limits())
	if err != nil {
		return stage.Decision{}, false // stopped or over the budget
	}
	enc := prob.PatternAtEnd(p.q.Cand)
	l := s.exactLimits(p)
	l.rlimit, l.deadline = s.cfg.RescueRLimit, halfTimeLeft(p)
	for _, st := range spent {
		verdict, value := s.specialized(enc, enc.Freeze(st.Window, st.Gap), l)
		if verdict == stage.Unknown && (s.timeUp(p) || p.q.Stopped()) {
			return stage.Decision{}, false
		}
		if verdict != stage.Sat {
			continue
		}
		if dec, found, err := s.frozenWitness(p, enc, value); err != nil || found {
			return dec, found // err: stopped, which the ladder reports
		}
	}
	return stage.Decision{}, false
}
