package deadlock

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"gpredict/encode"
	"gpredict/predict"
	"gpredict/predict/replay"
	"gpredict/predict/stage"
	"gpredict/trace"
)

// Deadlock is a built-in because its violation is a state, not an order
// of events: k threads are blocked, each waiting for something that the
// one after it in the cycle holds (a thread may wait for itself), or a
// thread waits for a lock that a thread which has ended holds for ever
// (docs/semantics.md, Deadlocks). The acquire that blocks is never
// performed, so it is not an event of any schedule and no pattern can
// mention it soundly.
//
// The witness is a feasible schedule after which each blocked thread of a
// candidate (candidate.go) has performed exactly its events before its
// request point — all of them, with a pending request last, for a thread
// the recording left waiting — and has reached it (reach.go: with its
// reads before it consistent under the implicit model, and no wait left
// half-done), and an ended holder has performed all its events. What a
// thread holds after a prefix of its own events is thread-local, so the
// candidates are found statically; whether all its threads can stop
// there at once is the question. Must-happen-before alone, over the
// whole trace, says no for most candidates of recorded traces
// (order.go); a greedy replay (greedy.go) says yes for most others;
// otherwise the solver is asked about the trace cut at the request
// points (truncate) with a stand-in in place of each acquire: every
// schedule of the cut trace that contains all stand-ins (and pending
// requests, and the holder's `end`) is such a witness, and every witness
// is one. Either witness is then re-checked by the replay validator
// (check.go), independently of the encoding: feasible, and every thread
// of the candidate blocked by the next one (replay.Checker.Blocked).

// greedyStage names the greedy replay's row in the stage counts
// (predict.Stats.Stages, `--stats`): the candidates it was tried on and
// found a witness for; it refutes none, and passes the rest on to the
// decision ladder.
const greedyStage = "deadlock-greedy"

// Predict is the Deadlock built-in: every cycle candidate of tr within
// the default bounds, decided (without opts.All, those a location group's
// first violation makes unneeded are not: groups.go), as a result of the
// shape predict.Run gives.
func Predict(ctx context.Context, tr *trace.Trace, opts predict.Options) (*predict.Result, error) {
	return run(ctx, tr, opts, defaultSettings())
}

// settings are what Predict fixes and tests vary.
type settings struct {
	limits cycleLimits
	greedy bool // look for a witness with greedyWitness before asking the solver
}

func defaultSettings() settings { return settings{limits: defaultCycleLimits(), greedy: true} }

// run is Predict with its settings as a parameter.
func run(ctx context.Context, tr *trace.Trace, opts predict.Options, set settings) (*predict.Result, error) {
	start := time.Now()
	model := opts.Branches.Resolve(tr) // on the whole trace: a cut may drop every branch
	res := &predict.Result{Trace: tr, Model: model}
	res.Stats.Threads = len(tr.Threads)
	res.Stats.Events = tr.NumEvents()
	// Watched from the start: finding the cycles keeps to the budget's
	// collector settings too.
	mem := predict.WatchMemory(opts.MemoryBudget)
	defer mem.Stop()
	found := findCandidates(tr, set.limits)
	res.Stats.Candidates = len(found.cands)
	reports := reportShapes{}
	cycles, vs := inReportOrder(found.cands, reports)
	r := &cycleRun{tr: tr, model: model, opts: opts, set: set, mem: mem}
	if len(cycles) > 0 {
		r.x = opts.Indexes.Model(tr, model) // once: outOfOrder's facts, for every cycle
	}
	if !opts.All {
		r.groups = newGroups(res, vs)
	}
	outs := r.decideAll(ctx, cycles, start)
	// An interrupt keeps what was decided: the cycles it left undecided
	// are counted, as predict.Run counts its candidates, and the result
	// says it was interrupted.
	res.Interrupted = ctx.Err() != nil
	// The greedy replay settles candidates before the ladder does, so it
	// counts as a stage of its own: without its row the statistics would
	// say that no candidate was decided when it decided them all.
	greedy := stage.StageStats{Name: greedyStage}
	var ladder []stage.StageStats
	for i, c := range cycles {
		o := outs[i]
		switch {
		case !o.done:
			res.Stats.Undecided++
			continue
		case o.err != nil:
			return nil, witnessError(tr, vs[i], o.d.Schedule, o.err)
		case r.groups.hides(i):
			res.Stats.Skipped++
			continue
		case !o.reachable:
			res.Stats.Prefiltered++
			continue
		}
		res.Stats.SolverCalls++ // decided: by the greedy replay or by the ladder
		if o.greedyTried {
			greedy.Tried++
			greedy.Time += o.greedyTime
		}
		if o.greedyFound {
			greedy.Found++
		}
		ladder = predict.MergeStages(ladder, o.stages)
		switch o.d.Verdict {
		case predict.Sat:
			v := vs[i]
			v.Witness = predict.KeepWitness(o.w)
			res.Violations = append(res.Violations, v)
		case predict.Unknown:
			res.Unknown = append(res.Unknown, reports.unknown(&c, o.d.Reason))
		}
	}
	if greedy.Tried > 0 {
		// First: what it passes on goes to the ladder's first stage.
		ladder = append([]stage.StageStats{greedy}, ladder...)
	}
	res.Stats.Stages = ladder
	res.Unknown = append(res.Unknown, found.cutOff(reports, set.limits)...)
	res.Stats.Seconds = time.Since(start).Seconds()
	return res, nil
}

// inReportOrder returns cycles sorted as their reports are (by their
// events: compareChoices), with the violation each would report (without
// its witness). They are decided and reported in that order, which is
// what lets groups leave a group's later cycles undecided.
func inReportOrder(cycles []candidate, reports reportShapes) ([]candidate, []predict.Violation) {
	order := make([]int, len(cycles))
	vs := make([]predict.Violation, len(cycles))
	for i, c := range cycles {
		order[i], vs[i] = i, reports.violation(c)
	}
	slices.SortStableFunc(order, func(a, b int) int { return compareChoices(vs[a].Choice, vs[b].Choice) })
	outC, outV := make([]candidate, len(cycles)), make([]predict.Violation, len(cycles))
	for k, i := range order {
		outC[k], outV[k] = cycles[i], vs[i]
	}
	return outC, outV
}

// cycleRun is what the deciding of one run's cycles shares: the trace,
// its resolved branch model, the whole trace's index (outOfOrder), the
// options and settings, and the location groups (nil with --all).
type cycleRun struct {
	mem    predict.MemoryWatch // the run's memory budget
	tr     *trace.Trace
	model  trace.BranchModel
	x      *encode.Index
	opts   predict.Options
	set    settings
	groups *groups
}

// outcome is what deciding one cycle gave (done: it was decided before
// an interrupt stopped the run, or needed no decision): whether its
// threads can reach their requests at all (reachable; else it is
// pre-filtered), the decision, and, for a witness, the schedule the
// replay checks accepted, compacted (w: the outcomes are kept until the
// run ends, and a schedule of Steps takes twelve bytes a step where the
// compact witness takes one; d.Schedule is dropped too), or why they did
// not (err, with d.Schedule kept for the report); with what the greedy
// replay and the ladder's stages did for it.
type outcome struct {
	done                     bool
	reachable                bool
	d                        predict.Decision
	w                        replay.Witness
	err                      error
	greedyTried, greedyFound bool
	greedyTime               time.Duration
	stages                   []stage.StageStats
}

// decideAll decides the cycles, in order, on opts.Workers() workers,
// each cycle on its own cut trace and decider, so that the workers share
// nothing but the trace and its index, which they only read. A cycle
// whose group has a violation before it is not decided (groups). The
// outcomes are in the order of cycles, whichever worker decided them.
// When ctx is cancelled (an interrupt) no cycle is started, the solver
// gives up the ones it is deciding, and those are left not done.
// opts.Progress, if set, is told how far it has got, as predict.Run
// tells it.
func (r *cycleRun) decideAll(ctx context.Context, cycles []candidate, start time.Time) []outcome {
	outs := make([]outcome, len(cycles))
	var decided, violations atomic.Int64
	stopProgress := predict.Tick(r.opts.Progress, func() predict.Progress {
		return predict.Progress{Formed: len(cycles), Queued: len(cycles), Enumerated: true,
			Decided: int(decided.Load()), Violations: int(violations.Load()), Elapsed: time.Since(start)}
	})
	defer stopProgress()
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(r.opts.Workers(), len(cycles)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if r.groups.settled(i) {
					outs[i].done = true // not needed
					decided.Add(1)
					continue
				}
				if r.mem.Tight() {
					// Past the budget no cycle is decided: each is unknown
					// with the budget as the reason, as predict.Run's
					// candidates are, and nothing more is kept.
					outs[i] = outcome{done: true, reachable: true, d: predict.Decision{Verdict: predict.Unknown, Reason: r.mem.Reason()}}
					decided.Add(1)
					continue
				}
				o := r.decide(cycles[i], ctx.Done())
				if o.d.Verdict == predict.Unknown && o.d.Reason == stage.Interrupted {
					continue // left undecided
				}
				o.done = true
				outs[i] = o
				decided.Add(1)
				if o.d.Verdict == predict.Sat && o.err == nil {
					r.groups.found(i)
					violations.Add(1)
				}
			}
		}()
	}
	for i := range cycles {
		if ctx.Err() != nil {
			break
		}
		select {
		case next <- i:
		case <-ctx.Done():
		}
	}
	close(next)
	wg.Wait()
	return outs
}

// decide decides one candidate: it is pre-filtered when the whole
// trace's must-happen-before (outOfOrder) or the cut at its request points
// rules it out; otherwise the greedy replay goes first (with set.greedy),
// then the ladder on the cut trace, and a witness is checked against the
// original trace. The greedy replay only proposes: a schedule of it that
// fails the checks is dropped and the ladder decides; one of the ladder's
// that fails is an internal error.
func (r *cycleRun) decide(c candidate, stop <-chan struct{}) outcome {
	var o outcome
	if outOfOrder(r.x, r.model, c) {
		return o
	}
	cutTr, ok := reachable(r.tr, c)
	if !ok {
		return o
	}
	o.reachable = true
	if r.set.greedy {
		t0 := time.Now()
		for _, sched := range greedyWitnesses(r.tr, c) {
			if w, err := checkDeadlockWitness(r.tr, cutTr, r.model, c, sched); err == nil {
				o.d = predict.Decision{Verdict: predict.Sat}
				o.w, o.greedyFound = replay.Compact(r.tr, w), true
				break
			}
		}
		o.greedyTried, o.greedyTime = true, time.Since(t0)
	}
	if !o.greedyFound {
		o.d, o.stages = solve(cutTr, r.model, r.opts, r.mem, c, stop)
		if o.d.Verdict == predict.Sat {
			var w []replay.Step
			if w, o.err = checkDeadlockWitness(r.tr, cutTr, r.model, c, o.d.Schedule); o.err == nil {
				o.w, o.d.Schedule = replay.Compact(r.tr, w), nil
			}
		}
	}
	return o
}

// solve asks the solver (which gives up, Unknown with reason
// stage.Interrupted, once stop is closed) whether the cut trace cutTr has a schedule with
// every stand-in of c's requests. It also returns what each stage of the
// decider's ladder settled (nil for a decider without stages), which
// the run's statistics add up as the pattern properties' runs do.
func solve(cutTr *trace.Trace, model trace.BranchModel, opts predict.Options, mem predict.MemoryWatch, c candidate, stop <-chan struct{}) (predict.Decision, []stage.StageStats) {
	return decideWith(cutTr, model, opts, mem, encode.Candidate{Alt: c.alt(), Choice: c.events()}, stop)
}

// decideWith asks opts' decider (the engine's ladder by default) about
// cand on cutTr, and returns what each stage of its ladder settled. Past
// the memory budget the ladder runs no solver stage (the candidate is
// then unknown with the budget as the reason).
func decideWith(cutTr *trace.Trace, model trace.BranchModel, opts predict.Options, mem predict.MemoryWatch, cand encode.Candidate, stop <-chan struct{}) (predict.Decision, []stage.StageStats) {
	newDecider := opts.NewDecider
	if newDecider == nil {
		newDecider = predict.NewZ3Decider
	}
	dopts := predict.DeciderOptions{Timeout: opts.Timeout, DumpDir: opts.DumpDir, Stop: stop}
	if opts.MemoryBudget > 0 {
		dopts.Tight, dopts.TightReason = mem.Tight, mem.Reason()
	}
	dec := newDecider(cutTr, model, dopts)
	defer dec.Close()
	d := dec.Decide(cand)
	var stages []stage.StageStats
	if s, ok := dec.(interface{ Stats() []stage.StageStats }); ok {
		stages = s.Stats()
	}
	return d, stages
}

// cutOff is what the bounds left undecided, as unknown candidates whose
// reasons name the bound.
func (f cycleSearch) cutOff(reports reportShapes, lim cycleLimits) []predict.UnknownCandidate {
	var out []predict.UnknownCandidate
	if f.beyond != nil {
		out = append(out, reports.unknown(f.beyond, fmt.Sprintf(
			"not decided: the search stopped at its bound of %d deadlock candidates (MaxDeadlockCandidates); this candidate and every later one were not searched",
			lim.candidates)))
	}
	if f.outOfSteps {
		out = append(out, reports.unknown(nil, fmt.Sprintf(
			"not decided: the search of the lock-order graph stopped at its bound of %d steps (MaxDeadlockSearchSteps); the cycles it had not reached were not searched",
			lim.steps)))
	}
	return out
}

// reachable returns the trace to decide c on: tr cut at c's request
// points (candidate.stop), each acquire there replaced by its stand-in.
// It is false when the cut leaves some thread of c unable to reach its
// point: it joins another thread of c, or is forked after another one's
// request point (fork and join alone rule the candidate out).
func reachable(tr *trace.Trace, c candidate) (*trace.Trace, bool) {
	stop := c.stop(tr)
	cutTr := truncate(tr, slices.Clone(stop))
	for t, n := range stop {
		if n >= 0 && len(cutTr.Threads[t].Events) < n {
			return nil, false
		}
	}
	return withStandIns(cutTr, tr, c.standIns()), true
}

// compareChoices orders choices by length, then ref by ref.
func compareChoices(a, b []trace.EventRef) int {
	if len(a) != len(b) {
		return len(a) - len(b)
	}
	for i := range a {
		if a[i] != b[i] {
			if a[i].Less(b[i]) {
				return -1
			}
			return 1
		}
	}
	return 0
}
