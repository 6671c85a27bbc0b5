package deadlock

import (
	"fmt"
	"strings"
	"testing"

	"gpredict/predict"
	"gpredict/trace"
)

// TestStats: the built-in's counts say what decided its candidates. Each
// candidate that passes the reachability check is decided (the summary
// line's "decided"), by the greedy replay (its own row, first, in the
// stage counts) or else by the ladder, which gets what the replay passed
// on. Before the replay had a row, a run it settled entirely claimed
// that nothing was decided and no candidate reached the ladder.
func TestStats(t *testing.T) {
	for _, tc := range []struct {
		name    string
		path    string
		model   trace.BranchModel
		greedy  bool
		decided int
		// stages is what the stage counts start with: "NAME tried/found"
		// per row; the ladder's rows, all there or none, are summed up as
		// one "ladder" row of its first stage's tried and all found.
		stages string
	}{
		{"greedy settles it", "positive-cycle3.trace", trace.BranchesImplicit, true, 1,
			"deadlock-greedy 1/1"},
		{"the ladder alone", "positive-cycle3.trace", trace.BranchesImplicit, false, 1,
			"ladder 1/1"},
		{"a lock's reason, pre-filtered by the clocks' exclusion order", "negative-hold-before-request.trace", trace.BranchesImplicit, true, 0,
			""},
		{"pre-filtered, not decided", "negative-fork3.trace", trace.BranchesImplicit, true, 0,
			""},
		{"no candidate", "negative-guard3.trace", trace.BranchesImplicit, true, 0,
			""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			set := defaultSettings()
			set.greedy = tc.greedy
			res := predictWith(t, read(t, "../testdata/Deadlock/"+tc.path), tc.model, set)
			st := res.Stats
			if st.SolverCalls != tc.decided || st.SolverCalls != st.Candidates-st.Prefiltered {
				t.Errorf("%d decided of %d candidates (%d pre-filtered); want %d, every one not pre-filtered",
					st.SolverCalls, st.Candidates, st.Prefiltered, tc.decided)
			}
			if got := stageSummary(res); got != tc.stages {
				t.Errorf("stages %q, want %q", got, tc.stages)
			}
		})
	}
}

// stageSummary is res's stage counts in TestStats's short form.
func stageSummary(res *predict.Result) string {
	var rows []string
	ladder := res.Stats.Stages
	if len(ladder) > 0 && ladder[0].Name == greedyStage {
		rows = append(rows, fmt.Sprintf("%s %d/%d", greedyStage, ladder[0].Tried, ladder[0].Found))
		ladder = ladder[1:]
	}
	if len(ladder) > 0 {
		found := 0
		for _, s := range ladder {
			found += s.Found
		}
		rows = append(rows, fmt.Sprintf("ladder %d/%d", ladder[0].Tried, found))
	}
	return strings.Join(rows, ", ")
}
