package predict

import (
	"cmp"
	"math"
	"slices"
	"time"

	"gpredict/encode"
	"gpredict/predict/replay"
	"gpredict/spec"
	"gpredict/trace"
)

// windowMargin is how many base positions a window (encode.Windows)
// extends before the first and after the last chosen event.
var windowMargin = 64

// windowStages are the frozen stages tried inside a window: those of
// smallStages that free nothing outside it (the margin covers their 16
// positions around a chosen event; the gaps lie between chosen events).
var windowStages = []smallStage{
	{window: 16},
	{window: 16, gap: 512},
	{window: 16, gap: 2048},
}

// decideRecorded checks whether the recorded order itself, up to the last
// chosen event, shows c. Two cheap looks come first, so that the prefix
// (up to the whole trace) is only built and replay-validated when it has
// a chance: every `||` block's chosen events must sit at consecutive base
// positions, and the chosen events alone, in base order, must satisfy the
// pattern.
func (d *z3Decider) decideRecorded(c encode.Candidate) (Decision, bool) {
	chosen := make([]replay.Step, len(c.Choice))
	for i, r := range c.Choice {
		chosen[i] = replay.Step{Ref: r}
	}
	arrival := func(s replay.Step) uint32 { return d.tr.Threads[s.Ref.Thread].Arrival[s.Ref.Index] }
	slices.SortFunc(chosen, func(a, b replay.Step) int { return cmp.Compare(arrival(a), arrival(b)) })
	if !d.blocksContiguous(c.Alt.Root, c.Choice) || replay.CheckPattern(d.tr, c.Alt, c.Choice, chosen) != nil {
		return Decision{}, false
	}
	steps, ok := d.windowIndex().Recorded(c)
	if !ok {
		return Decision{}, false
	}
	if sched := replaySteps(steps); d.valid(c, sched) {
		d.recordedFound++
		return Decision{Verdict: Sat, Schedule: sched}, true
	}
	return Decision{}, false
}

// blocksContiguous reports whether the chosen events of every `||` block
// of n occupy consecutive base positions.
func (d *z3Decider) blocksContiguous(n *spec.PatNode, choice []trace.EventRef) bool {
	if n.Kind == spec.PatPar {
		lo, hi := uint32(math.MaxUint32), uint32(0)
		evs := allEvents(n, choice, nil)
		for _, r := range evs {
			a := d.tr.Threads[r.Thread].Arrival[r.Index]
			lo, hi = min(lo, a), max(hi, a)
		}
		if int(hi-lo)+1 != len(evs) {
			return false
		}
	}
	for _, k := range n.Kids {
		if !d.blocksContiguous(k, choice) {
			return false
		}
	}
	return true
}

// decideWindow looks for a witness of c inside its window, where the
// problem grows with the window rather than with everything before it. It
// reports a witness that replay validation accepts, or false: the window
// fixes the past, so finding nothing there refutes nothing. tried says
// whether c had a window.
func (d *z3Decider) decideWindow(c encode.Candidate, deadline time.Time) (dec Decision, ok, tried bool) {
	w, wc, ok := d.windowIndex().For(c, windowMargin)
	if !ok {
		return Decision{}, false, false
	}
	idx := encode.NewModelIndex(w.Trace, d.model)
	sl := encode.SliceFor(idx, wc)
	var p *encode.Problem
	if encode.Reducible(wc) {
		p = encode.NewReducedProblem(idx, d.model, sl)
	} else {
		p = encode.NewProblem(idx, d.model, sl)
	}
	pat := p.Pattern(wc)
	lastFree := -1
	for _, st := range windowStages {
		val := p.Freeze(wc, st.window, st.gap)
		if val.Free == lastFree {
			continue
		}
		lastFree = val.Free
		verdict, value := d.specialized(p, pat, val, time.Now().Add(time.Until(deadline)/2))
		if verdict == Unknown && !time.Now().Before(deadline) {
			return Decision{}, false, true
		}
		if verdict != Sat {
			continue
		}
		if sched := liftedSchedule(p, value, w); d.valid(c, sched) {
			d.windowFound++
			return Decision{Verdict: Sat, Schedule: sched}, true, true
		}
		d.smallInvalid++ // as for any frozen witness: a bug
	}
	return Decision{}, false, true
}

// windowIndex returns the trace's windows, computed on first use.
func (d *z3Decider) windowIndex() *encode.Windows {
	if d.windows == nil {
		d.windows = encode.NewWindows(d.tr)
	}
	return d.windows
}

// liftedSchedule reads a witness off a model of a window's problem and
// lifts it to the whole trace.
func liftedSchedule(p *encode.Problem, val func(encode.Var) int64, w *encode.Window) []replay.Step {
	return replaySteps(w.Lift(p.Complete(p.RepairBlock(p.Schedule(val)))))
}
