package smt

import (
	"slices"
	"testing"

	"gpredict/encode"
	"gpredict/predict/stage"
	"gpredict/trace"
)

// TestExactFirst: a candidate whose closed slice has at most ExactFirst
// events is settled by the exact question asked before the small
// stages; one cut short there by Z3's resource limit goes on to the
// small stages, which settle it within theirs, and, when nothing after
// settles it, the exact stage answers with the limit kept for it.
func TestExactFirst(t *testing.T) {
	tr, choice := lockedRace(t, 30) // a race the lock rules out
	c := encode.Candidate{Alt: race, Choice: choice}
	size := sliceSize(t, tr, c)
	for _, tc := range []struct {
		name       string
		exactFirst int
		follows    bool
		rlimit     uint64
		without    []string
		verdict    stage.Verdict
		stage      string
		reason     string
	}{
		{"asked first", size, true, DefaultRLimit, nil, stage.Unsat, "exact-first", ""},
		{"slice too large for it", size - 1, true, DefaultRLimit, nil, stage.Unsat, "small", ""},
		{"no exact stage after it", size, false, DefaultRLimit, nil, stage.Unsat, "small", ""},
		{"cut short, small settles", size, true, 1000, nil, stage.Unsat, "small", ""},
		{"cut short, exact keeps the limit", size, true, 1000, []string{"small"}, stage.Unknown, "exact", "Z3 resource limit 1000 reached"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := DefaultConfig(0, "")
			cfg.ExactFirst, cfg.ExactFollows, cfg.RLimit = tc.exactFirst, tc.follows, tc.rlimit
			f := stage.NewFacts(tr, trace.BranchesImplicit)
			all, w := Stages(f, cfg)
			// local would refute the race with the closure's rules.
			stages := slices.DeleteFunc(all, func(s stage.Stage) bool {
				return s.Name == "local" || slices.Contains(tc.without, s.Name)
			})
			l := stage.NewLadder(f, 0, nil, stages, w.Close)
			defer l.Close()
			got := l.Decide(c)
			if got.Verdict != tc.verdict || got.Stage != tc.stage || got.Reason != tc.reason {
				t.Errorf("%s by %q (%q), want %s by %q (%q)", got.Verdict, got.Stage, got.Reason, tc.verdict, tc.stage, tc.reason)
			}
		})
	}
}

// sliceSize is the number of events of c's slice in tr, as the ladder
// makes it (cut to what its witnesses reach: stage.Query.Slice).
func sliceSize(t *testing.T, tr *trace.Trace, c encode.Candidate) int {
	t.Helper()
	f := stage.NewFacts(tr, trace.BranchesImplicit)
	sl, err := stage.QueryFor(tr, c).Slice(f.Index)
	if err != nil {
		t.Fatal(err)
	}
	return sl.Size()
}
