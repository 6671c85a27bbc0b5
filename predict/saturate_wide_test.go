package predict_test

import (
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/predict"
	"gpredict/trace"
)

// TestSaturateWideRefutesFartherFacts: a race refuted only by a fact 100
// events before it (beyond the near zones of closure.DefaultConfig) is
// refuted by the saturate-wide stage, before any solver stage (all
// skipped here, and the ending stage, which has no zones and refutes it
// too).
func TestSaturateWideRefutesFartherFacts(t *testing.T) {
	text, race := testtrace.PaddedInterference(100)
	tr := testtrace.Text(t, text)
	d := predict.NewTestLadder(tr, trace.BranchesImplicit, []string{"ending", "recorded", "local", "prefix-window", "window", "small", "downset", "exact"}, false, 0)
	defer d.Close()
	got := d.Decide(encode.Candidate{Alt: race2, Choice: testtrace.Refs(t, tr, race)})
	if got.Verdict != predict.Unsat || got.Stage != "saturate-wide" {
		t.Fatalf("verdict %s by %q (%s), want a refutation by saturate-wide", got.Verdict, got.Stage, got.Reason)
	}
}
