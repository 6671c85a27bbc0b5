package greedy

import (
	"math/rand"
	"slices"
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/predict/closure"
	"gpredict/predict/replay"
	"gpredict/trace"
)

// TestSkippedAttemptWouldRepeat: leaving out the KeepHolds attempt when
// the attempt with the holds rule never saw the rule act (search.repeats)
// changes no answer of Build. On random recordings and small lock-heavy
// members, every race candidate the closure leaves open is built with
// Full effort both ways — with the skip, and running every attempt —
// and the two must give the same schedule or both none. It requires
// skips, and candidates that only the KeepHolds attempt shows (so that
// skipping it always would fail the test).
func TestSkippedAttemptWouldRepeat(t *testing.T) {
	var skipped, onlyKeepHolds, candidates int
	for seed := int64(1); seed <= 50; seed++ {
		r := rand.New(rand.NewSource(seed))
		tr := pendingTrace(t, r, seed)
		x := encode.NewModelIndex(tr, trace.BranchesImplicit)
		valid := func(_ int, steps []replay.Step) bool {
			return replay.Validate(tr, trace.BranchesImplicit, steps) == nil
		}
		for _, pair := range testtrace.ConflictingPairs(tr) {
			if x.Before(pair[0], pair[1]) || x.Before(pair[1], pair[0]) {
				continue
			}
			ch := closure.Chain{Groups: [][]trace.EventRef{pair[:]}}
			res := closure.Saturate(x, ch, closure.DefaultConfig(true))
			if res.Refuted {
				continue
			}
			candidates++
			_, got, gotOK := attemptAll(x, ch, res, nil, Full, maxRuns, valid, nil)
			s := &search{x: x, ch: ch, events: ch.Events(), valid: valid, everyOrder: true, runs: maxRuns, holdsOrdered: map[Attempt]bool{}}
			var want []replay.Step
			wantOK, by := false, Attempt{}
			for _, a := range Full.attempts() {
				if s.repeats(a) {
					skipped++
				}
				if _, want, wantOK = s.attempt(a, res); wantOK {
					by = a
					break
				}
			}
			if gotOK != wantOK || !slices.Equal(got, want) {
				t.Fatalf("seed %d, %s ‖ %s: with the skip found %v, every attempt found %v (by %+v)", seed, tr.ID(pair[0]), tr.ID(pair[1]), gotOK, wantOK, by)
			}
			if wantOK && by.KeepHolds {
				onlyKeepHolds++
			}
		}
	}
	t.Logf("%d candidates, %d KeepHolds attempts skipped, %d shown only by KeepHolds", candidates, skipped, onlyKeepHolds)
	if skipped < 20 || onlyKeepHolds < 1 {
		t.Fatalf("too few cases: %d skipped, %d shown only by KeepHolds", skipped, onlyKeepHolds)
	}
}
