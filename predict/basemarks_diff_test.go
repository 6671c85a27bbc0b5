package predict_test

import (
	"math/rand"
	"testing"

	"gpredict/encode"
	. "gpredict/predict"
	"gpredict/predict/stage"
	"gpredict/trace"
)

// TestBaseMarksMatchExplorer is the differential test with the base
// order marked every step or every other step, so that on small traces
// the greedy stages start from marks (Decision.From > 0) and the
// validator resumes from its own marks: every verdict must match the
// explorer's, every witness — the base up to the mark, then the rest —
// must pass the validator run from the start, and some witnesses must
// start from a mark, or the test would check nothing of them.
func TestBaseMarksMatchExplorer(t *testing.T) {
	n := 150
	if testing.Short() {
		n = 50
	}
	r := rand.New(rand.NewSource(20261124))
	var cands, fromMark, mismatches int
	for k := 0; k < 2*n; k++ {
		tr := sweepTrace(r, k)
		for _, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
			d := NewTestLadderOver(stage.NewFactsMarked(tr, model, 1+k%2), nil, false, 0)
			for s, sh := range shapes {
				for _, ch := range choices(r, tr, s, 6) {
					c := encode.Candidate{Alt: sh.alt, Choice: ch}
					cands++
					got := d.Ladder.Decide(c)
					if !agreesWithExplorer(t, k, tr, model, sh.name, c, got, &mismatches) {
						continue
					}
					if got.Verdict == Sat {
						if got.From > 0 {
							fromMark++
						}
						checkWitness(t, tr, model, c, d.Facts().Steps(got))
					}
				}
			}
			d.Close()
		}
	}
	t.Logf("%d traces, %d candidates, %d witnesses from a mark, %d mismatches", 2*n, cands, fromMark, mismatches)
	if fromMark == 0 {
		t.Error("no witness started from a mark: the test checks nothing of them")
	}
}
