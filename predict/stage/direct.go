package stage

import (
	"cmp"
	"math"
	"slices"

	"gpredict/predict/closure"
	"gpredict/predict/greedy"
	"gpredict/predict/replay"
	"gpredict/spec"
	"gpredict/trace"
)

// Direct returns the stages that need no solver, in ladder order: first
// those of Reordered (shb, syncp, lazy, supply: races, one `||` block),
// then:
//
//   - closure (refutes): the cheap rules of package closure — what must
//     happen before the chosen events, the pattern's orders, the holds
//     still open when the last group ends;
//   - greedy (finds witnesses): package greedy's simulation guided by
//     those facts, its first attempt only (greedy.Quick), kept only if
//     the replay validator accepts it;
//   - saturate (refutes): every rule of package closure, in the zones
//     near the chosen events (read-write interference, overlapping holds);
//   - greedy-saturated (finds witnesses): the simulation again, guided by
//     the saturated facts, with every attempt (greedy.Shallow: ending
//     runs them again in full, with more orders);
//   - saturate-rf (refutes): the rules of saturate over the
//     must-read-from clocks;
//   - saturate-wide (refutes): every rule again, from scratch, with wider
//     zones and a larger budget;
//   - recorded (finds witnesses): the recorded order itself, up to the
//     last chosen event, when the trace has one (any pattern).
//
// All but recorded apply to chain candidates only.
func Direct(f *Facts, cfg ClosureConfigs) []Stage {
	return append(Reordered(f), []Stage{
		{Name: "closure", Channels: true, Run: func(q *Query) (Decision, bool) { return saturate(f, q, cfg.Cheap) }},
		{Name: "greedy", Channels: true, Requires: []string{"closure"}, Run: func(q *Query) (Decision, bool) { return build(f, q, greedy.Quick) }},
		{Name: "saturate", Channels: true, Run: func(q *Query) (Decision, bool) { return saturate(f, q, cfg.Full) }},
		{Name: "saturate-rf", Channels: true, Run: func(q *Query) (Decision, bool) { return saturateReadFrom(f, q, cfg.Full) }},
		{Name: "ending", Channels: true, Requires: []string{"closure", "saturate"}, Run: func(q *Query) (Decision, bool) { return ending(f, q) }},
		{Name: "greedy-saturated", Channels: true, Requires: []string{"closure", "saturate"}, Run: func(q *Query) (Decision, bool) { return build(f, q, greedy.Shallow) }},
		{Name: "saturate-wide", Channels: true, Requires: FactStages(), Run: func(q *Query) (Decision, bool) { return saturateWide(f, q, cfg.Wide) }},
		{Name: "recorded", Channels: true, Run: func(q *Query) (Decision, bool) { return recorded(f, q) }},
	}...)
}

// ClosureConfigs configure package closure for the closure stages: Cheap
// for `closure`, Full for `saturate`, Wide for `saturate-wide`.
type ClosureConfigs struct{ Cheap, Full, Wide closure.Config }

// DefaultClosureConfigs are the engine's.
func DefaultClosureConfigs() ClosureConfigs {
	return ClosureConfigs{Cheap: closure.DefaultConfig(false), Full: closure.DefaultConfig(true), Wide: closure.WideConfig()}
}

// FactStages are the stages that derive closure facts (Decision.Derived),
// in ladder order: what a stage that reads the latest facts requires.
func FactStages() []string { return []string{"closure", "saturate", "local"} }

// saturateWide saturates q afresh with wide. Wider zones are not simply
// better: with the same budget they spend it on facts far from the chosen
// events, and the near ones that refute go underived (with zones of 256
// events a race of the dense benchmark that zones of 64 refute stays
// open). So the wide pass comes after the near one and greedy-saturated,
// only for what they left (it runs only where a stage before it derived
// facts): it costs about 0.1 s a candidate on the dense benchmark. When
// it refutes nothing it derives nothing: the near facts stay the latest
// for the stages after it (the solver stages' hints are tuned on them).
func saturateWide(f *Facts, q *Query, wide closure.Config) (Decision, bool) {
	if q.Facts() == nil {
		return Decision{}, false
	}
	if d, done := saturate(f, q, wide); done {
		return d, done
	}
	return Decision{}, false
}

// saturate refutes q when the closure's facts contradict each other, and
// otherwise hands them to the stages after it (Decision.Derived).
func saturate(f *Facts, q *Query, cfg closure.Config) (Decision, bool) {
	if !q.IsChain {
		return Decision{}, false
	}
	res := closure.Saturate(f.Index, q.Chain, cfg)
	if res.Refuted {
		return Decision{Verdict: Unsat, Reason: res.Why}, true
	}
	return Decision{Derived: &res}, false
}

// saturateReadFrom is the saturate-rf stage: saturate's rules over the
// must-read-from clocks (encode.Index.ReadFromView). The zones follow the
// must-set, which the strengthened clocks enlarge, so the facts near the
// smaller one can refute what those near the larger one do not
// (TestDefaultBudgetRefutesDenseRecording). It hands nothing on: the
// strengthened facts stay the latest. It used to run inside saturate, on
// every candidate saturate did not refute; on the lock-heavy STD member
// of 100K events it refuted 1 of those 1,833 for a third of saturate's
// time, so it comes after greedy-saturated, which shows most of them.
func saturateReadFrom(f *Facts, q *Query, cfg closure.Config) (Decision, bool) {
	weak := f.Index.ReadFromView()
	if !q.IsChain || weak == f.Index {
		return Decision{}, false
	}
	if res := closure.Saturate(weak, q.Chain, cfg); res.Refuted {
		return Decision{Verdict: Unsat, Reason: res.Why}, true
	}
	return Decision{}, false
}

// endingRounds bounds the rounds of the ending stage: on the lock-heavy
// family its refutations need at most a dozen.
const endingRounds = 32

// ending refutes a chain candidate by the index's rules re-applied under
// the candidate's assumptions (encode.Index.RefuteEnding); when they do
// not refute it, their orders guide package greedy's simulation (as
// hints: greedy-saturated without them found none of the witnesses of the
// lock-heavy family that the solver stages then found).
func ending(f *Facts, q *Query) (Decision, bool) {
	if !q.IsChain {
		return Decision{}, false
	}
	res := f.Index.RefuteEnding(q.Chain.Groups, endingRounds)
	if res.Refuted {
		return Decision{Verdict: Unsat, Reason: res.Why}, true
	}
	facts := q.Facts()
	if facts == nil || len(res.Facts) == 0 {
		return Decision{}, false
	}
	hints := make([]closure.Edge, len(res.Facts))
	for i, o := range res.Facts {
		hints[i] = closure.Edge{From: o.From, To: o.To, Why: "derived under the candidate (encode.Index.RefuteEnding)"}
	}
	from, sched, ok := greedy.Build(f.Index, q.Chain, facts.WithEdges(hints), f.Base, greedy.Full, func(from int, s []replay.Step) bool { return f.ValidFrom(q.Cand, from, s) }, q.Stop)
	if !ok {
		return Decision{}, false
	}
	return Decision{Verdict: Sat, Schedule: sched, From: from, Validated: true}, true
}

// build proposes a witness by simulation, guided by the latest facts it
// requires, and keeps it if it is valid.
func build(f *Facts, q *Query, effort greedy.Effort) (Decision, bool) {
	facts := q.Facts()
	if !q.IsChain || facts == nil {
		return Decision{}, false
	}
	from, sched, ok := greedy.Build(f.Index, q.Chain, *facts, f.Base, effort, func(from int, s []replay.Step) bool { return f.ValidFrom(q.Cand, from, s) }, q.Stop)
	if !ok {
		return Decision{}, false
	}
	return Decision{Verdict: Sat, Schedule: sched, From: from, Validated: true}, true
}

// recorded checks whether the recorded order itself, up to the last
// chosen event, shows q. Two cheap looks come first, so that the prefix
// (up to the whole trace) is only built and replay-validated when it has
// a chance: every `||` block's chosen events must sit at consecutive base
// positions, and the chosen events alone, in base order, must satisfy the
// pattern.
func recorded(f *Facts, q *Query) (Decision, bool) {
	windows := f.Windows()
	if windows == nil {
		return Decision{}, false
	}
	c := q.Cand
	tr := f.Trace
	arrival := func(r trace.EventRef) uint32 { return tr.Threads[r.Thread].Arrival[r.Index] }
	chosen := make([]replay.Step, len(c.Choice))
	for i, r := range c.Choice {
		chosen[i] = replay.Step{Ref: r}
	}
	slices.SortFunc(chosen, func(a, b replay.Step) int { return cmp.Compare(arrival(a.Ref), arrival(b.Ref)) })
	if !blocksContiguous(tr, c.Alt.Root, c.Choice) || replay.CheckPattern(tr, c.Alt, c.Choice, chosen) != nil {
		return Decision{}, false
	}
	steps, ok := windows.Recorded(c)
	if !ok {
		return Decision{}, false
	}
	// encode's steps are the replay validator's (trace.Step); they are
	// the base order's, so the validator resumes from the last mark
	// before the first chosen event (the pattern is checked on the
	// steps after the mark).
	first, _ := slices.BinarySearchFunc(steps, arrival(chosen[0].Ref), func(s replay.Step, a uint32) int { return cmp.Compare(arrival(s.Ref), a) })
	from := f.MarkAtOrBefore(first)
	if !f.ValidFrom(c, from, steps[from:]) {
		return Decision{}, false
	}
	return Decision{Verdict: Sat, Schedule: steps[from:], From: from, Validated: true}, true
}

// blocksContiguous reports whether the chosen events of every `||` block
// of n occupy consecutive base positions.
func blocksContiguous(tr *trace.Trace, n *spec.PatNode, choice []trace.EventRef) bool {
	if n.Kind == spec.PatPar {
		lo, hi := uint32(math.MaxUint32), uint32(0)
		evs := n.Chosen(choice)
		for _, r := range evs {
			a := tr.Threads[r.Thread].Arrival[r.Index]
			lo, hi = min(lo, a), max(hi, a)
		}
		if int(hi-lo)+1 != len(evs) {
			return false
		}
	}
	for _, k := range n.Kids {
		if !blocksContiguous(tr, k, choice) {
			return false
		}
	}
	return true
}
