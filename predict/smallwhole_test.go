package predict_test

import (
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/predict"
	"gpredict/trace"
)

// On a trace this small every default small stage leaves every step
// free: it would ask the exact question with an eighth of the budget, so
// the small stage leaves it to the exact stage when that follows in the
// ladder, and asks it itself when it does not.
func TestSmallLeavesTheExactQuestionToExact(t *testing.T) {
	tr := testtrace.Text(t, `T1 acquire l
T1 write x 1
T1 release l
T2 acquire l
T2 read x 1
T2 release l
T2 write y 1
T1 write y 2`)
	race := "T2#4 T1#4"
	// exact-first would ask the exact question before small.
	skip := append(predict.DirectAndLocal(), "recorded", "window", "prefix-window", "exact-first")
	for _, tc := range []struct {
		skip  []string
		stage string
	}{
		{skip, "exact"},
		{append(skip, "exact"), "small"},
	} {
		d := predict.NewTestLadder(tr, trace.BranchesImplicit, tc.skip, false, 0)
		got := d.Decide(encode.Candidate{Alt: race2, Choice: testtrace.Refs(t, tr, race)})
		d.Close()
		if got.Verdict != predict.Sat || got.Stage != tc.stage {
			t.Errorf("ladder without %v: %s by %q (%s), want a witness from %s", tc.skip, got.Verdict, got.Stage, got.Reason, tc.stage)
		}
	}
}
