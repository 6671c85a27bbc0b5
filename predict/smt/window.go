package smt

import (
	"gpredict/encode"
	"gpredict/predict/stage"
	"gpredict/trace"
)

// windowTried is the window stage's result when it passes a candidate on
// (stage.Decision.Derived): it had the candidate, whatever it found.
type windowTried struct{}

// window looks for a witness of the candidate inside its window, where
// the problem grows with the window rather than with everything before
// it. It settles the candidate only with a witness that replay validation
// accepts: the window fixes the past, so finding nothing there refutes
// nothing.
//
// A candidate that exact-first will take is left to it: over a slice that
// small, the exact question checked under the guard of a warm solver
// (raw.go) costs less than the window's checks, each in a context of
// its own, and it settles the candidate either way. On the lock-heavy
// member with values of 12 threads (gentrace -shape locks -threads 12
// -locks 8 -depth 3 -seed 5151), the window spent 53 s of CPU on 622
// candidates for 237 witnesses, and exact-first 26 s on the other 385;
// without the window, exact-first took 44 s for all 622 and the run 30 s
// instead of 41 s, with the same reports.
func (s *solver) window(p *prepared) (stage.Decision, bool) {
	if s.cfg.ExactFirstFollows && s.exactFirstTakes(p) {
		return stage.Decision{}, false
	}
	c := p.q.Cand
	w, wc, ok := s.f.Windows().For(c, s.cfg.WindowMargin)
	if !ok {
		return stage.Decision{}, false
	}
	// From here on the window has had the candidate: the small stages
	// skip the frozen stages it tries (smallStages).
	tried := stage.Decision{Derived: windowTried{}}
	if dec, done := s.inWindow(p, w, wc, s.cfg.Window); done {
		return dec, true
	}
	if len(s.cfg.Wide) == 0 || s.timeUp(p) || p.q.Stopped() {
		return tried, false
	}
	if w, wc, ok = s.f.Windows().For(c, s.cfg.WideMargin); !ok {
		return tried, false
	}
	if dec, done := s.inWindow(p, w, wc, s.cfg.Wide); done {
		return dec, true
	}
	return tried, false
}

// farWindow is the window of Config.FarMargin with the stages of
// Config.Far, for a candidate whose slice is too large for the small
// stages (smallStages).
func (s *solver) farWindow(p *prepared) (stage.Decision, bool) {
	if len(s.cfg.Far) == 0 {
		return stage.Decision{}, false
	}
	w, wc, ok := s.f.Windows().For(p.q.Cand, s.cfg.FarMargin)
	if !ok {
		return stage.Decision{}, false
	}
	return s.inWindow(p, w, wc, s.cfg.Far)
}

// inWindow tries the frozen stages sts over window w, where the
// candidate is wc; done says it settled the candidate (with a validated
// witness, or unknown on an error).
func (s *solver) inWindow(p *prepared, w *encode.Window, wc encode.Candidate, sts []SmallStage) (stage.Decision, bool) {
	prob, err := s.windowProblem(w.Trace, wc, p.q.Limits())
	if err != nil {
		return stage.Decision{}, false // stopped or over the budget
	}
	enc := prob.PatternAtEnd(wc)
	plan := newSmallPlan(nil, false)
	for _, st := range sts {
		val := enc.Freeze(st.Window, st.Gap)
		if !plan.asks(st, val.Free, false) {
			continue
		}
		verdict, value := s.specialized(enc, val, s.stageLimits(p))
		if verdict == stage.Unknown && (s.timeUp(p) || p.q.Stopped()) {
			return stage.Decision{}, false
		}
		if verdict != stage.Sat {
			continue
		}
		steps, err := enc.Witness(value, p.q.Limits())
		if err != nil {
			return s.unknown(s.stageLimits(p), err), true
		}
		// The past is the base order's first events: the witness resumes
		// from the validator's last mark in it, so validating it costs
		// what lies after the mark, not the whole past.
		from := s.f.MarkAtOrBefore(w.PastLen())
		if sched := w.Lift(from, steps); s.f.ValidFrom(p.q.Cand, from, sched) {
			return stage.Decision{Verdict: stage.Sat, Schedule: sched, From: from, Validated: true}, true
		}
		s.invalid++ // as for any frozen witness: a bug
	}
	return stage.Decision{}, false
}

// windowProblem is the exact problem of candidate wc over window trace
// wt (a trace of its own, indexed afresh): reduced when wc allows it.
func (s *solver) windowProblem(wt *trace.Trace, wc encode.Candidate, lim encode.Limits) (*encode.Problem, error) {
	idx := encode.NewModelIndex(wt, s.f.Model)
	sl, err := encode.SliceFor(idx, wc, lim)
	if err != nil {
		return nil, err
	}
	if encode.Reducible(wc) {
		return encode.NewReducedProblemWithin(idx, s.f.Model, sl, lim)
	}
	return encode.NewProblemWithin(idx, s.f.Model, sl, lim)
}
