package deadlock

import (
	"context"
	"fmt"
	"slices"
	"time"

	"gpredict/encode"
	"gpredict/predict"
	"gpredict/predict/replay"
	"gpredict/predict/stage"
	"gpredict/spec"
	"gpredict/trace"
)

// Blocked is a built-in for the same reason as Deadlock: its violation
// is a state — the run ends with threads waiting — and the operation a
// thread waits in is never performed (docs/semantics.md, Blocked ends).
// Its candidates are ends (ends.go, ends_search.go): a stop per thread
// whose final state, computed from the stops alone, leaves every stopped
// thread unable to move. Whether a feasible schedule reaches the stops is
// asked of the engine's ladder on the trace cut there, with a stand-in
// (as for Deadlock, reach.go) after the last event each started thread
// performs: a schedule of the cut trace with every stand-in is one in
// which every thread has performed exactly its events before its stop
// and has reached its stop (its reads before it consistent where the
// branch model asks it). The witness is that schedule without the
// stand-ins, followed by the sends and the waits' releases the stuck
// threads are inside; the replay validator then judges its end on its
// own (replay.Checker.Stuck): no step can follow it, and it leaves
// exactly the end's threads waiting.

// PredictBlocked is the Blocked built-in: every blocked end of tr within
// the default bounds, decided (without opts.All, those a location group's
// first violation makes unneeded are not), as a result of the shape
// predict.Run gives.
func PredictBlocked(ctx context.Context, tr *trace.Trace, opts predict.Options) (*predict.Result, error) {
	return runBlocked(ctx, tr, opts, defaultEndLimits())
}

func runBlocked(ctx context.Context, tr *trace.Trace, opts predict.Options, lim endLimits) (*predict.Result, error) {
	start := time.Now()
	model := opts.Branches.Resolve(tr)
	res := &predict.Result{Trace: tr, Model: model}
	res.Stats.Threads = len(tr.Threads)
	res.Stats.Events = tr.NumEvents()
	// Watched from the start: the search for ends keeps to the budget's
	// collector settings too.
	mem := predict.WatchMemory(opts.MemoryBudget)
	defer mem.Stop()
	found := findEnds(tr, model, opts.Indexes, lim)
	res.Stats.Candidates = len(found.ends)
	shapes := reportShapes{}
	seen := map[string]bool{} // location groups with a violation (without --all)
	for _, e := range found.ends {
		v := shapes.blockedViolation(tr, e)
		if ctx.Err() != nil {
			res.Stats.Undecided++
			continue
		}
		if mem.Tight() {
			res.Stats.SolverCalls++
			res.Unknown = append(res.Unknown, predict.UnknownCandidate{Property: v.Property, Binding: v.Binding, Choice: v.Choice, Reason: mem.Reason()})
			continue
		}
		key := res.GroupKey(&v)
		if !opts.All && seen[key] {
			res.Stats.Skipped++
			continue
		}
		cutTr, ok := reachEnd(tr, e)
		if !ok {
			res.Stats.Prefiltered++
			continue
		}
		d, stages := solveAll(cutTr, model, opts, mem, e, ctx.Done())
		res.Stats.Stages = predict.MergeStages(res.Stats.Stages, stages)
		if d.Verdict == predict.Unknown && ctx.Err() != nil {
			res.Stats.Undecided++
			continue
		}
		res.Stats.SolverCalls++
		switch d.Verdict {
		case predict.Sat:
			w, err := checkEndWitness(tr, model, e, d.Schedule)
			if err != nil {
				return nil, witnessError(tr, v, d.Schedule, err)
			}
			v.Witness = predict.KeepWitness(replay.Compact(tr, w))
			res.Violations = append(res.Violations, v)
			seen[key] = true
		case predict.Unknown:
			res.Unknown = append(res.Unknown, predict.UnknownCandidate{Property: v.Property, Binding: v.Binding, Choice: v.Choice, Reason: d.Reason})
		}
	}
	res.Interrupted = ctx.Err() != nil
	if found.beyond || found.outOfSteps {
		reason := fmt.Sprintf("not decided: the search stopped at its bound of %d blocked ends (MaxBlockedEnds); the ends it had not reached were not searched", lim.ends)
		if found.outOfSteps {
			reason = fmt.Sprintf("not decided: the search of the threads' stops stopped at its bound of %d steps (MaxBlockedSearchSteps); the ends it had not reached were not searched", lim.steps)
		}
		res.Unknown = append(res.Unknown, predict.UnknownCandidate{Property: shapes.blockedProperty(0, false), Reason: reason})
	}
	res.Stats.Seconds = time.Since(start).Seconds()
	return res, nil
}

// reachEnd returns the trace to decide e on: tr cut at e's stops, each
// started thread ending with a stand-in — in place of the event it waits
// at, or after its last event (a finished thread, a pending request).
// It is false when the cut does not keep what the stops perform (fork
// and join alone rule e out).
func reachEnd(tr *trace.Trace, e end) (*trace.Trace, bool) {
	cut := make([]int, len(tr.Threads))
	for t, s := range e.stops {
		cut[t] = int(s.performed)
	}
	cutTr := truncate(tr, slices.Clone(cut))
	for t, n := range cut {
		if len(cutTr.Threads[t].Events) != n {
			return nil, false
		}
	}
	out := *cutTr
	out.Threads = append([]*trace.Thread(nil), cutTr.Threads...)
	next := maxArrival(tr) + 1
	for t, s := range e.stops {
		if !s.started() {
			continue
		}
		th, from := *cutTr.Threads[t], tr.Threads[t]
		n := int(s.performed)
		loc := from.Events[min(n, len(from.Events)-1)].Loc
		arrival := next
		if n < len(from.Arrival) {
			arrival = from.Arrival[n]
		} else {
			next++
		}
		ev := standIn(&trace.Event{Loc: loc})
		th.Events = append(th.Events[:n:n], ev)
		th.Arrival = append(th.Arrival[:n:n], arrival)
		out.Threads[t] = &th
	}
	return &out, true
}

// maxArrival is the largest arrival position of tr's events.
func maxArrival(tr *trace.Trace) uint32 {
	var m uint32
	for _, th := range tr.Threads {
		for _, a := range th.Arrival {
			m = max(m, a)
		}
	}
	return m
}

// standInsOf are the stand-ins of reachEnd's trace: one per started
// thread, after its performed events.
func standInsOf(e end) []trace.EventRef {
	var out []trace.EventRef
	for t, s := range e.stops {
		if s.started() {
			out = append(out, trace.EventRef{Thread: trace.ThreadID(t), Index: s.performed})
		}
	}
	return out
}

// solveAll asks the ladder whether the cut trace has a schedule with
// every stand-in (`&`: a join may need a finished thread's stand-in
// before it, so they are not asked side by side).
func solveAll(cutTr *trace.Trace, model trace.BranchModel, opts predict.Options, mem predict.MemoryWatch, e end, stop <-chan struct{}) (predict.Decision, []stage.StageStats) {
	refs := standInsOf(e)
	root := &spec.PatNode{Kind: spec.PatAnd}
	occs := make([]spec.Occurrence, len(refs))
	for i := range refs {
		root.Kids = append(root.Kids, &spec.PatNode{Kind: spec.PatEvent, Occ: i})
		occs[i] = spec.Occurrence{Event: "reached", Decl: 0}
	}
	if len(refs) == 1 {
		root = root.Kids[0]
	}
	return decideWith(cutTr, model, opts, mem, encode.Candidate{Alt: &spec.Alternative{Root: root, Occs: occs}, Choice: refs}, stop)
}

// checkEndWitness turns the decider's schedule of e's cut trace into the
// witness on tr — without the stand-ins, then the sends and the waits'
// releases that the stuck threads are inside — and has the replay
// validator judge it: feasible, and its end a blocked end whose waiting
// threads wait exactly in e's events (replay.Checker.Stuck).
func checkEndWitness(tr *trace.Trace, model trace.BranchModel, e end, sched []replay.Step) ([]replay.Step, error) {
	refs := standInsOf(e)
	w := slices.DeleteFunc(slices.Clone(sched), func(s replay.Step) bool { return slices.Contains(refs, s.Ref) })
	for t, s := range e.stops {
		ref := trace.EventRef{Thread: trace.ThreadID(t), Index: s.at}
		switch s.kind {
		case stopInSend:
			w = append(w, replay.Step{Ref: ref, Part: replay.Whole})
		case stopInWait:
			w = append(w, replay.Step{Ref: ref, Part: replay.Release})
		}
	}
	got, err := replay.NewChecker(tr).Stuck(model, w)
	if err != nil {
		return nil, err
	}
	var at []trace.EventRef
	for _, s := range got.Stuck {
		at = append(at, s.At)
	}
	if !slices.Equal(at, e.stuck) {
		return nil, fmt.Errorf("the witness leaves %s waiting, want %s", idsOf(tr, at), idsOf(tr, e.stuck))
	}
	if got.Closed != e.closed {
		return nil, fmt.Errorf("the witness's end is closed=%v (every other thread ended or absent), want %v", got.Closed, e.closed)
	}
	return w, nil
}

func idsOf(tr *trace.Trace, refs []trace.EventRef) []string {
	out := make([]string, len(refs))
	for i, r := range refs {
		out[i] = tr.ID(r)
	}
	return out
}
