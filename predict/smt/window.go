package smt

import (
	"time"

	"gpredict/encode"
	"gpredict/predict/replay"
	"gpredict/predict/stage"
	"gpredict/trace"
)

// window looks for a witness of the candidate inside its window, where
// the problem grows with the window rather than with everything before
// it. It settles the candidate only with a witness that replay validation
// accepts: the window fixes the past, so finding nothing there refutes
// nothing.
func (s *solver) window(p *prepared) (stage.Decision, bool) {
	c := p.q.Cand
	w, wc, ok := s.f.Windows().For(c, s.cfg.WindowMargin)
	if !ok {
		return stage.Decision{}, false
	}
	p.windowed = true
	deadline := s.stageDeadline(p)
	prob := s.windowProblem(w.Trace, wc)
	pat := prob.Pattern(wc)
	lastFree := -1
	for _, st := range s.cfg.Window {
		val := prob.Freeze(wc, st.Window, st.Gap)
		if val.Free == lastFree {
			continue
		}
		lastFree = val.Free
		verdict, value := s.specialized(prob, pat, val, time.Now().Add(time.Until(deadline)/2))
		if verdict == stage.Unknown && !time.Now().Before(deadline) {
			return stage.Decision{}, false
		}
		if verdict != stage.Sat {
			continue
		}
		if sched := liftedSchedule(prob, value, w); s.valid(p, sched) {
			return stage.Decision{Verdict: stage.Sat, Schedule: sched, Validated: true}, true
		}
		s.invalid++ // as for any frozen witness: a bug
	}
	return stage.Decision{}, false
}

// liftedSchedule reads a witness off a model of a window's problem and
// lifts it to the whole trace.
func liftedSchedule(p *encode.Problem, val func(encode.Var) int64, w *encode.Window) []replay.Step {
	return replaySteps(w.Lift(p.Complete(p.RepairBlock(p.Schedule(val)))))
}

// windowProblem is the exact problem of candidate wc over window trace
// wt (a trace of its own, indexed afresh): reduced when wc allows it.
func (s *solver) windowProblem(wt *trace.Trace, wc encode.Candidate) *encode.Problem {
	idx := encode.NewModelIndex(wt, s.f.Model)
	sl := encode.SliceFor(idx, wc)
	if encode.Reducible(wc) {
		return encode.NewReducedProblem(idx, s.f.Model, sl)
	}
	return encode.NewProblem(idx, s.f.Model, sl)
}
