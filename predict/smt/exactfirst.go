package smt

import "gpredict/predict/stage"

// exactTried is the exact-first stage's result when its check ran out of
// Z3's resource limit (or the memory budget): the exact stage would ask
// the same question under the same limits and get the same answer, so it
// answers with this decision instead of asking again.
type exactTried struct{ dec stage.Decision }

// exactFirst asks the exact stage's question before the small stages when
// the candidate's closed slice has at most Config.ExactFirst events and
// the exact stage follows in the ladder (Config.ExactFollows). Over a
// slice that small the problem is shared by the candidates it covers
// (Config.MaxSharedSlice), its causal constraints asserted once, so one
// exact check costs less than the small stages' checks that fix and
// drop parts of it, each over a context of its own.
//
// An answer settles the candidate (a witness goes to replay validation
// as the exact stage's does). A check cut short by the resource limit
// passes the candidate on to the small stages, which may still settle
// it, with the Unknown kept for the exact stage (exactTried); with a
// time limit (--timeout) the check gets half the time left, and one cut
// short by it passes the candidate on with nothing kept, since the exact
// stage will have more time.
func (s *solver) exactFirst(p *prepared) (stage.Decision, bool) {
	if !s.exactFirstTakes(p) {
		return stage.Decision{}, false
	}
	l := s.exactLimits(p)
	l.deadline = halfTimeLeft(p)
	dec := s.decideOver(p.slice, p, l)
	switch {
	case dec.Verdict != stage.Unknown, p.q.Stopped(), s.timeUp(p):
		return dec, true
	case l.pastDeadline():
		return stage.Decision{}, false
	}
	return stage.Decision{Derived: exactTried{dec}}, false
}

// exactAskedFirst is the decision the exact-first stage kept for the
// exact stage (exactTried), if it kept one.
func exactAskedFirst(p *prepared) (stage.Decision, bool) {
	t, ok := p.q.ResultOf("exact-first").(exactTried)
	return t.dec, ok
}

// exactFirstTakes reports whether the exact-first stage asks about the
// candidate: the exact stage follows, and the slice has at most
// Config.ExactFirst events and is not too large to encode (of which the
// exact stage speaks).
func (s *solver) exactFirstTakes(p *prepared) bool {
	if !s.cfg.ExactFollows || p.slice.Size() > s.cfg.ExactFirst {
		return false
	}
	_, big := s.tooLarge(p)
	return !big
}
