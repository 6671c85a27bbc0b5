package predict_test

import (
	"math/rand"
	"testing"

	"gpredict/encode"
	"gpredict/internal/explore"
	. "gpredict/predict"
	"gpredict/predict/smt"
	"gpredict/trace"
)

// TestRescueStageMatchesExplorer starves the small and the exact stages
// (a resource limit of one unit: every check of theirs runs out), so that
// the rescue stage, which asks the frozen small stages again with no
// limit, is what decides. Every answer must be the explorer's and each
// witness valid; some candidates must be rescued (the test fails when
// the rescue finds nothing, as with the small stages' budget), and every
// unknown must be the exact stage's, for its resource limit.
func TestRescueStageMatchesExplorer(t *testing.T) {
	cfg := smt.NarrowConfig()
	cfg.RLimit, cfg.StageRLimit, cfg.RescueRLimit = 1, 1, 0
	n := 30
	if testing.Short() {
		n = 20
	}
	r := rand.New(rand.NewSource(20261203))
	var cands, rescued, unknown, mismatches int
	for k := 0; k < 2*n; k++ {
		tr := sweepTrace(r, k)
		for _, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
			d := NewTestLadderConfig(tr, model, stagesBut("small", "exact", "rescue"), cfg)
			for s, sh := range shapes {
				for _, ch := range choices(r, tr, s, 6) {
					c := encode.Candidate{Alt: sh.alt, Choice: ch}
					cands++
					got := d.Decide(c)
					want, _ := explore.Decide(tr, model, c)
					switch {
					case got.Verdict == Unknown:
						unknown++
						if got.Stage != "exact" || got.Reason != "Z3 resource limit 1 reached" {
							t.Errorf("trace %d, %s, %s, choice %v: unknown at stage %s (%s), want the exact stage's resource limit",
								k, model, sh.name, idsOf(tr, c.Choice), got.Stage, got.Reason)
						}
					case (got.Verdict == Sat) != want:
						mismatches++
						if mismatches <= 5 {
							t.Errorf("trace %d, %s, %s, choice %v: stage %s says %s, explorer %v\n%s", k, model, sh.name,
								idsOf(tr, c.Choice), got.Stage, got.Verdict, want, traceText(tr))
						}
					case got.Verdict == Sat:
						checkWitness(t, tr, model, c, got.Schedule)
					}
				}
			}
			found, _ := StageCounts(d)
			rescued += found["rescue"]
			if n := d.Solver.InvalidWitnesses(); n > 0 {
				t.Errorf("trace %d: %d witnesses of a frozen stage failed replay validation", k, n)
			}
			d.Close()
		}
	}
	t.Logf("%d candidates: %d rescued, %d unknown, %d mismatches", cands, rescued, unknown, mismatches)
	if rescued == 0 {
		t.Error("the rescue stage found no witness: the test checks too little")
	}
}
