package smt

import (
	"gpredict/encode"
	"gpredict/predict/greedy"
	"gpredict/predict/replay"
	"gpredict/predict/stage"
	"gpredict/trace"
)

// prefixWindow looks for a witness of a chain candidate that runs the
// events before a per-thread cut as package greedy's simulation schedules
// them, then a window of the trace decided exactly by Z3: from the cut
// (greedy.Cut: about Config.Prefix[i] events before each thread's part of
// the must-set ends, where no thread holds a lock) to Config.WindowMargin
// events past that end, starting from the values the prefix left, while
// the window holds at most Config.PrefixMaxEvents events. It is
// the window stage without its two conditions — a past that is the
// recorded order, a cut where no thread at all holds a lock — which real
// recordings and busy programs rarely meet. Finding nothing refutes
// nothing (the prefix is one choice of the past); a witness counts once
// replay validation accepts it on the whole trace.
func (s *solver) prefixWindow(p *prepared) (stage.Decision, bool) {
	q := p.q
	facts := q.Facts()
	if !q.IsChain || facts == nil || s.smallFirst(p) {
		return stage.Decision{}, false
	}
	tr := s.f.Trace
	lastSize := -1
	for _, k := range s.cfg.Prefix {
		start := greedy.Cut(s.f.Index, q.Chain, *facts, k)
		size := 0
		for t, n := range facts.Cut {
			size += n - start[t]
		}
		if size == lastSize || size > s.cfg.PrefixMaxEvents {
			break // the window stopped growing, or grew too large
		}
		if s.cfg.PrefixMaxPast > 0 && sum(start) > s.cfg.PrefixMaxPast {
			break // simulating and validating the past would cost too much
		}
		lastSize = size
		past, values, ok := greedy.Prefix(s.f.Index, q.Chain, *facts, start)
		if !ok {
			continue
		}
		end := make([]int, len(tr.Threads))
		for t, n := range facts.Cut {
			end[t] = min(len(tr.Threads[t].Events), n+s.cfg.WindowMargin)
		}
		tr.CloseEnds(start, end)
		choice := make([]trace.EventRef, len(q.Cand.Choice))
		inside := true
		for i, r := range q.Cand.Choice {
			if int(r.Index) < start[r.Thread] || int(r.Index) >= end[r.Thread] {
				inside = false
				break
			}
			choice[i] = trace.EventRef{Thread: r.Thread, Index: r.Index - uint32(start[r.Thread])}
		}
		if !inside {
			continue
		}
		init := map[trace.Sym]trace.Sym{}
		for t, th := range tr.Threads {
			for i := start[t]; i < end[t]; i++ {
				if ev := &th.Events[i]; ev.Op.IsAccess() {
					if v, ok := s.f.Index.VarNum(ev.Obj); ok && values[v] != trace.NoSym {
						init[ev.Obj] = values[v]
					}
				}
			}
		}
		wt := tr.Window(start, end, init, 0)
		wc := encode.Candidate{Alt: q.Cand.Alt, Choice: choice}
		prob, err := s.windowProblem(wt, wc, q.Limits())
		if err != nil {
			return stage.Decision{}, false // stopped or over the budget
		}
		enc := prob.PatternAtEnd(wc)
		verdict, val := s.checkAll(enc.All(), s.stageLimits(p))
		switch verdict {
		case stage.Unknown:
			return stage.Decision{}, false
		case stage.Unsat:
			continue
		}
		steps, err := witness(enc, val, q.Limits())
		if err != nil {
			return s.unknown(s.stageLimits(p), err), true
		}
		sched := append(past, liftFrom(start, steps)...)
		if s.valid(p, sched) {
			return stage.Decision{Verdict: stage.Sat, Schedule: sched, Validated: true}, true
		}
		s.invalid++ // an exact model of the window after a valid prefix: a bug
	}
	return stage.Decision{}, false
}

// liftFrom turns steps of a window's trace (events start[t] on of every
// thread t) into steps of the whole trace.
func liftFrom(start []int, steps []replay.Step) []replay.Step {
	out := make([]replay.Step, len(steps))
	for i, s := range steps {
		s.Ref.Index += uint32(start[s.Ref.Thread])
		out[i] = s
	}
	return out
}

// sum is the sum of ns.
func sum(ns []int) int {
	total := 0
	for _, n := range ns {
		total += n
	}
	return total
}
