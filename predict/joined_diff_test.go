package predict_test

import (
	"math/rand"
	"testing"

	"gpredict/encode"
	. "gpredict/predict"
	"gpredict/predict/smt"
	"gpredict/trace"
)

// TestJoinedProblemsMatchExplorer decides candidates with the exact stage
// alone, one after another on one ladder, with MaxSharedSlice just under
// the trace's size: the solver cannot take the whole trace as its one
// problem and grows it instead over the join of the slices it has met
// (encode.Slice.Join), which is not closed. Every answer, over whatever
// problem the candidate met, is compared with the explorer's, and every
// witness replayed.
func TestJoinedProblemsMatchExplorer(t *testing.T) {
	n := 100
	if testing.Short() {
		n = 40
	}
	r := rand.New(rand.NewSource(20261203))
	var cands, sats, mismatches, joins int
	for k := range n {
		tr := sweepTrace(r, k)
		cfg := smt.DefaultConfig(0, "")
		cfg.MaxSharedSlice = encode.FullSlice(tr).Size() - 1
		for _, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
			d := NewTestLadderConfig(tr, model, stagesBut("exact"), cfg)
			for s, sh := range shapes {
				for _, ch := range choices(r, tr, s, 6) {
					c := encode.Candidate{Alt: sh.alt, Choice: ch}
					cands++
					if decideChecked(t, d, k, tr, model, sh.name, c, &mismatches) {
						sats++
					}
				}
			}
			joins += d.Solver.Joins()
			d.Close()
		}
	}
	t.Logf("%d traces, %d candidates, %d sat, %d mismatches, %d joined problems", n, cands, sats, mismatches, joins)
	if joins == 0 {
		t.Error("no problem was built over a join: the test checks too little")
	}
}
