package smt

import (
	"slices"

	"gpredict/predict/stage"
)

// smallPlan says which of a run of small stages (Config.Small, and the
// near and window checks, which use only the rule of the same question)
// a candidate asks, from what it knows before them and what the stages
// asked so far answered. It is apart from the loops that ask so that its
// rules can be checked one by one (smallplan_test.go) without a solver.
type smallPlan struct {
	// tried are the frozen stages the window stage already asked.
	tried []SmallStage
	// exactNext: the exact stage follows and will encode the slice.
	exactNext bool
	// lastFree are the free variables of the last frozen and the last
	// relaxed stage asked (-1: none yet).
	lastFree [2]int
	// relaxSpent: a relaxed check used its whole resource limit.
	relaxSpent bool
}

func newSmallPlan(tried []SmallStage, exactNext bool) *smallPlan {
	return &smallPlan{tried: tried, exactNext: exactNext, lastFree: [2]int{-1, -1}}
}

// skipsStage reports whether stage st is skipped whatever it would
// free: the window stage asked it already, or it is a relaxed stage
// after a relaxed check used its whole limit and the exact stage
// follows.
//
// Why the last rule: a relaxed check keeps the atoms near the chosen
// events, and one that exhausts its limit is a near stretch Z3 cannot
// settle within it; the wider relaxed checks keep more of the same
// stretch and, on the lock-heavy family, ran out of their limits too,
// for seconds each, before the exact stage decided the candidate. On
// the 32-thread STD member of 5K events, three candidates spent 83 of
// small's 137 s in relaxed checks (2.6 to 14.8 s each); eight of the
// nine used their whole limit, and none refuted its candidate. When the exact
// stage does not follow, the relaxed stages are the only refuters
// left, so they all run.
func (p *smallPlan) skipsStage(st SmallStage) bool {
	if slices.Contains(p.tried, st) {
		return true
	}
	return st.Relax && p.relaxSpent && p.exactNext
}

// asks reports whether a stage that leaves free variables free, and
// frees every step when whole, is asked, and notes it when it is.
// A stage freeing as many as the last of its kind asks the same
// question again (the window grew past the problem); one that frees
// every step asks the exact question with an eighth of the budget when
// the exact stage asks it next: on the lock-heavy family's 1K-event
// traces with values (dense-locks-1k.trace) the two stages of 1,024
// positions freed every step and took 24 s of small's 92 for 7 of 30
// candidates, and the exact stage then settled 14 in 15 s.
func (p *smallPlan) asks(st SmallStage, free int, whole bool) bool {
	kind := 0
	if st.Relax {
		kind = 1
	}
	if free == p.lastFree[kind] {
		return false
	}
	p.lastFree[kind] = free
	return !(p.exactNext && whole)
}

// answered notes the verdict of stage st.
func (p *smallPlan) answered(st SmallStage, v stage.Verdict) {
	if st.Relax && v == stage.Unknown {
		p.relaxSpent = true
	}
}
