package smt

import (
	"gpredict/predict/reuse"
	"gpredict/predict/stage"
)

// reuseWitness is the reuse stage: a candidate of two chosen events that
// the witnesses found before it in the session show able to go next to
// each other (package reuse) is settled by such a schedule, once the
// replay validator accepts it. It is a solver stage, the first, although
// it asks no solver: what it can propose depends on the session's
// earlier solver witnesses, and the session fixes their order
// (predict/sessions.go), so the answer and its witness do not depend on
// which worker decided what before.
func (s *solver) reuseWitness(q *stage.Query) (stage.Decision, bool) {
	ch := q.Cand.Choice
	if s.reuse == nil || len(ch) != 2 {
		return stage.Decision{}, false
	}
	for sched := range s.reuse.Proposals(ch[0], ch[1]) {
		if s.f.Valid(q.Cand, sched) {
			return stage.Decision{Verdict: stage.Sat, Schedule: sched, Validated: true}, true
		}
	}
	return stage.Decision{}, false
}

// harvest gives the reuse stage a witness a solver stage found, when it
// starts at the start of the trace (a witness after a frozen past does
// not); the pool itself passes over those it cannot follow.
func (s *solver) harvest(dec stage.Decision) {
	if dec.From != 0 {
		return
	}
	if s.reuse == nil {
		s.reuse = reuse.New(s.f.Index)
	}
	s.reuse.Add(dec.Schedule)
}
