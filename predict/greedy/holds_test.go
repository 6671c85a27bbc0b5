package greedy_test

import (
	"slices"
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/predict/closure"
	"gpredict/predict/greedy"
	"gpredict/predict/replay"
	"gpredict/trace"
)

// holdsBefore is the start of a recording in which the witness for a
// race on x must reverse holds of l: T3's hold, recorded first, cannot
// finish before the block (its read of z needs T1's write of z, after
// T1's write of x), so the other threads' holds of l, recorded later,
// must run before it, and T3's stays open across the block. T1 needs
// T3's hold started (it reads q, written inside it).
const holdsBefore = `T3 acquire l
T3 write q 1
T1 read q 1
T1 write x 1
T1 write z 1
T3 read z 1
T3 release l
`

// TestHoldGoesLast: when finishing a hold the needed events leave open
// would need a chosen event, the simulation runs the other threads'
// holds of that lock first and leaves it open, instead of giving up.
// Until 2026-11-30 it always finished such a hold (the recorded order of
// the holds), and found no witness for this race (nor for 32 of the 33
// the solver's small stage found on a 24-thread lock-heavy recording).
func TestHoldGoesLast(t *testing.T) {
	tests := []struct {
		name, trace, block string
	}{
		{"reverse the holds", holdsBefore + `T2 acquire l
T2 release l
T2 write x 2`, "T1#2 T2#3"},
		// T4's hold of l, recorded after T2's, is needed too (T2 reads
		// what T4 writes in it): both go before T3's.
		{"two holds go first", holdsBefore + `T4 acquire l
T4 write w 1
T4 release l
T2 read w 1
T2 acquire l
T2 release l
T2 write x 2`, "T1#2 T2#4"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr, block, x, ch, res := saturated(t, tc.trace, tc.block)
			sched, why := greedy.Explain(x, ch, res)
			if why != "" {
				t.Fatalf("no schedule: %s", why)
			}
			if err := replay.Validate(tr, trace.BranchesImplicit, sched); err != nil {
				t.Fatalf("invalid witness %v: %v", sched, err)
			}
			if n := len(sched); n < 2 || !isBlock(sched[n-2:], block) {
				t.Errorf("witness %v does not end with the block %v", sched, block)
			}
		})
	}
}

func isBlock(steps []replay.Step, block []trace.EventRef) bool {
	for _, c := range block {
		if steps[0].Ref != c && steps[1].Ref != c {
			return false
		}
	}
	return true
}

// saturated parses a recording and its block (testtrace.Parse), and
// returns the chain of that one block with what the cheap closure
// derives for it; a refutation fails the test.
func saturated(t *testing.T, text, blockIDs string) (*trace.Trace, []trace.EventRef, *encode.Index, closure.Chain, closure.Result) {
	t.Helper()
	tr, block := testtrace.Parse(t, text, blockIDs)
	x := encode.NewModelIndex(tr, trace.BranchesImplicit)
	ch := closure.Chain{Groups: [][]trace.EventRef{block}}
	res := closure.Saturate(x, ch, closure.DefaultConfig(false))
	if res.Refuted {
		t.Fatalf("the closure refuted it: %s", res.Why)
	}
	return tr, block, x, ch, res
}

// TestStartedHoldGoesLast: a run that resumes from a mark inside the hold
// that must go last (holdsBefore's T3 hold, after T4's two steps, which
// give the marks before it) cannot leave the other threads' holds first; it
// learns that they end before that hold starts, which moves the next
// run's mark before it. The full effort never runs from the start once a
// mark allowed a run, so until 2026-11-30 it found nothing here (nor for
// two of the five witnesses `exact` found on a 32-thread lock-heavy
// recording, which failed that way).
func TestStartedHoldGoesLast(t *testing.T) {
	tr, block, x, ch, res := saturated(t, "T4 write p 1\nT4 write p 2\n"+holdsBefore+`T2 acquire l
T2 release l
T2 write x 2`, "T1#2 T2#3")
	base := greedy.NewBase(x, 1)
	if base == nil {
		t.Fatal("no base")
	}
	// sched is the whole schedule last asked about: the witness once
	// Build succeeds, which it returns as soon as one is valid.
	var sched []replay.Step
	var checked error
	valid := func(from int, steps []replay.Step) bool {
		sched = append(slices.Clone(base.Steps[:from]), steps...)
		checked = replay.Validate(tr, trace.BranchesImplicit, sched)
		return checked == nil
	}
	if _, _, ok := greedy.Build(x, ch, res, base, greedy.Full, valid, nil); !ok {
		t.Fatalf("no witness (last check: %v)", checked)
	}
	if n := len(sched); n < 2 || !isBlock(sched[n-2:], block) {
		t.Errorf("witness %v does not end with the block %v", sched, block)
	}
}
