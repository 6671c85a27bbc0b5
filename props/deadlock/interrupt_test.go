package deadlock

import (
	"context"
	"sync/atomic"
	"testing"

	"gpredict/encode"
	"gpredict/predict"
	"gpredict/trace"
)

// cancelAfter is a decider that cancels the run once it has decided n
// candidates: an interrupt at a known point.
type cancelAfter struct {
	predict.Decider
	n      *atomic.Int64
	cancel context.CancelFunc
}

func (c cancelAfter) Decide(cand encode.Candidate) predict.Decision {
	d := c.Decider.Decide(cand)
	if c.n.Add(-1) == 0 {
		c.cancel()
	}
	return d
}

// TestInterruptKeepsWhatWasFound: an interrupt during the Deadlock
// built-in stops it, and the result keeps the violations decided before
// it (with their witnesses), counts the cycles left undecided and says
// it was interrupted; nothing found is thrown away.
func TestInterruptKeepsWhatWasFound(t *testing.T) {
	tr := read(t, "testdata/recorded/DiningPhil.std")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var n atomic.Int64
	n.Store(2)
	opts := predict.Options{Branches: trace.BranchesAuto, Jobs: 1, All: true,
		NewDecider: func(tr *trace.Trace, m trace.BranchModel, o predict.DeciderOptions) predict.Decider {
			return cancelAfter{Decider: predict.NewZ3Decider(tr, m, o), n: &n, cancel: cancel}
		}}
	res, err := run(ctx, tr, opts, settings{limits: defaultCycleLimits()}) // no greedy replay: every cycle asks the decider
	if err != nil {
		t.Fatal(err)
	}
	if !res.Interrupted {
		t.Fatal("the result does not say it was interrupted")
	}
	if len(res.Violations) != 2 || res.Stats.SolverCalls != 2 || res.Stats.Undecided != 3125-2 {
		t.Fatalf("%d violations, %d decided, %d undecided; want the 2 decided before the interrupt and 3123 undecided",
			len(res.Violations), res.Stats.SolverCalls, res.Stats.Undecided)
	}
	for _, v := range res.Violations {
		if !v.Witness.Kept() {
			t.Errorf("violation %s has no witness", ids(tr, v.Choice))
		}
	}
}

// TestProgressReported: the built-in tells Options.Progress how far it
// has got, as predict.Run does, so that its phase shows progress; the
// last report counts every cycle decided (with --all: as the result
// does) or not needed (without it: DiningPhil's 3,125 cycles are one
// location group, whose first violation makes the rest unneeded).
func TestProgressReported(t *testing.T) {
	tr := read(t, "testdata/recorded/DiningPhil.std")
	for _, all := range []bool{true, false} {
		var last predict.Progress
		calls := 0
		opts := predict.Options{Branches: trace.BranchesAuto, All: all, NewDecider: predict.NewZ3Decider,
			Progress: func(p predict.Progress) { last = p; calls++ }}
		res, err := run(t.Context(), tr, opts, defaultSettings())
		if err != nil {
			t.Fatal(err)
		}
		st := res.Stats
		if calls == 0 || !last.Enumerated || last.Queued != st.Candidates || last.Decided != st.SolverCalls+st.Skipped ||
			last.Violations < len(res.Violations) || (all && last.Violations != len(res.Violations)) {
			t.Fatalf("all %v: %d progress reports, the last %+v; want its counts to be the result's: %d candidates, %d decided, %d not needed, %d violations",
				all, calls, last, st.Candidates, st.SolverCalls, st.Skipped, len(res.Violations))
		}
	}
}
