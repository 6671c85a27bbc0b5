package predict_test

import (
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/predict"
	"gpredict/predict/stage"
	"gpredict/trace"
)

// TestRecordedResumesBeforeTheChoice: the recorded run shows the race at
// its end, and with the base order marked at every step the recorded
// stage's witness resumes from the mark before the first chosen event.
// The pattern is checked on the steps after the mark, so resuming from a
// later mark (the one at the witness's end: tried) leaves the chosen
// events out of them and the stage finds nothing.
func TestRecordedResumesBeforeTheChoice(t *testing.T) {
	tr := testtrace.Text(t, `T1 write y 1
T2 write y 2
T1 write x 1
T2 write x 2`)
	f := stage.NewFactsMarked(tr, trace.BranchesImplicit, 1)
	d := predict.NewTestLadderOver(f, predict.DirectAndLocal(), false, 0)
	defer d.Close()
	c := encode.Candidate{Alt: race2, Choice: testtrace.Refs(t, tr, "T1#2 T2#2")}
	got := d.Ladder.Decide(c)
	if got.Verdict != predict.Sat || got.Stage != "recorded" || got.From != 2 {
		t.Fatalf("%s by %q from %d (%s), want a witness of the recorded stage from the mark at 2", got.Verdict, got.Stage, got.From, got.Reason)
	}
	checkWitness(t, tr, trace.BranchesImplicit, c, f.Steps(got))
}
