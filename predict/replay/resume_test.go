package replay_test

import (
	"cmp"
	"math/rand"
	"slices"
	"testing"

	"gpredict/internal/tracegen"
	"gpredict/predict/replay"
	"gpredict/trace"
)

// TestValidateFromMatchesValidate: resuming the validator from a mark of
// a base schedule must judge base[:m] + suffix exactly as validating it
// from the start does (same verdict, same message), for every clean mark
// and for suffixes that are valid and that are not.
func TestValidateFromMatchesValidate(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	var compared, failing int
	for k := 0; k < 400; k++ {
		tr := tracegen.Random(r, tracegen.Config{Recorded: true, SharedWeight: k % 3, HBFacts: k % 4, WaitWeight: 2, Chans: k % 3})
		base := recordedUntilWait(tr)
		c := replay.NewChecker(tr)
		at := make([]int, len(base)+1)
		for i := range at {
			at[i] = i
		}
		marks := c.Marks(base, at)
		for _, m := range marks {
			if !m.Clean {
				continue
			}
			for _, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
				suffix := randomSuffix(r, tr, base[:m.Steps])
				whole := append(slices.Clone(base[:m.Steps]), suffix...)
				want := c.Validate(model, whole)
				got := c.ValidateFrom(model, m, suffix)
				compared++
				if want != nil {
					failing++
				}
				if (want == nil) != (got == nil) || (want != nil && want.Error() != got.Error()) {
					t.Fatalf("trace %d, mark %d, %s: from the start %v, from the mark %v", k, m.Steps, model, want, got)
				}
			}
		}
	}
	t.Logf("%d schedules compared, %d of them invalid", compared, failing)
	if failing == 0 || failing == compared {
		t.Error("the schedules should be valid and invalid both")
	}
}

// recordedUntilWait is tr's recorded order up to its first wait.
func recordedUntilWait(tr *trace.Trace) []replay.Step {
	var all []trace.EventRef
	for _, th := range tr.Threads {
		for i := range th.Events {
			all = append(all, trace.EventRef{Thread: th.ID, Index: uint32(i)})
		}
	}
	arrival := func(e trace.EventRef) uint32 { return tr.Threads[e.Thread].Arrival[e.Index] }
	slices.SortFunc(all, func(a, b trace.EventRef) int { return cmp.Compare(arrival(a), arrival(b)) })
	var out []replay.Step
	for _, e := range all {
		if tr.Event(e).Op == trace.OpWait {
			break
		}
		out = append(out, replay.Step{Ref: e})
	}
	return out
}

// randomSuffix continues prefix with up to eight steps, each the next
// event of a random thread (waits in their three parts): thread order
// holds, the other rules only by chance.
func randomSuffix(r *rand.Rand, tr *trace.Trace, prefix []replay.Step) []replay.Step {
	next := make([]uint32, len(tr.Threads))
	for _, s := range prefix {
		next[s.Ref.Thread]++
	}
	var out []replay.Step
	for range r.Intn(9) {
		t := r.Intn(len(tr.Threads))
		if int(next[t]) >= len(tr.Threads[t].Events) {
			continue
		}
		e := trace.EventRef{Thread: trace.ThreadID(t), Index: next[t]}
		next[t]++
		if tr.Event(e).Op == trace.OpWait {
			out = append(out, replay.Step{Ref: e, Part: replay.Release}, replay.Step{Ref: e, Part: replay.Wake}, replay.Step{Ref: e, Part: replay.Reacquire})
			continue
		}
		out = append(out, replay.Step{Ref: e})
	}
	return out
}
