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

// TestFarSliceStagesMatchExplorer checks what the small stage does with
// a closed slice larger than it encodes: the relaxed stages over the
// slice's part near the chosen events (encode.NewNearProblemWithin) and
// the far window. With MaxSlice and MaxSmallSlice of one event, every
// candidate the slice-based stages get takes that path, narrowed
// (smt.NarrowConfig) so that on small traces it really leaves reads and
// holds out. Unknown is its answer when neither settles a candidate, so
// only what it settles is compared: a refutation must be the explorer's
// answer, and a witness must be one (it is validated, and counted here
// against the explorer). It fails when the path takes a model or an
// unknown for a refutation, or when either part is never exercised.
// What the near problem leaves out can only weaken its checks, never make
// them wrong (encode's TestNearProblemKeepsNearConstraints checks what
// it leaves out).
func TestFarSliceStagesMatchExplorer(t *testing.T) {
	n := 150
	if testing.Short() {
		n = 60
	}
	cfg := smt.NarrowConfig()
	cfg.MaxSlice, cfg.MaxSmallSlice = 1, 1
	skip := append(DirectAndLocal(), "window", "prefix-window")
	r := rand.New(rand.NewSource(20261125))
	var wrong, unknown, settled, invalid int
	found, refuted := 0, 0
	for k := 0; k < 2*n; k++ {
		tr := sweepTrace(r, k)
		for _, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
			d := NewTestLadderConfig(tr, model, skip, cfg)
			for s, sh := range shapes {
				for _, ch := range choices(r, tr, s, 6) {
					c := encode.Candidate{Alt: sh.alt, Choice: ch}
					got := d.Decide(c)
					if got.Verdict == Unknown {
						unknown++
						continue
					}
					settled++
					if want, _ := explore.Decide(tr, model, c); (got.Verdict == Sat) != want {
						if wrong++; wrong <= 5 {
							t.Errorf("trace %d, %s, %s, choice %v: stage %s says %s, explorer %v\n%s", k, model, sh.name, idsOf(tr, c.Choice), got.Stage, got.Verdict, want, traceText(tr))
						}
						continue
					}
					if got.Verdict == Sat {
						checkWitness(t, tr, model, c, got.Schedule)
					}
				}
			}
			f, rf := StageCounts(d)
			found += f["small"]
			refuted += rf["small"]
			invalid += d.Solver.InvalidWitnesses()
			d.Close()
		}
	}
	t.Logf("%d settled (small: %d found, %d refuted), %d unknown, %d wrong, %d invalid witnesses", settled, found, refuted, unknown, wrong, invalid)
	if invalid > 0 {
		t.Errorf("%d witnesses of the far window failed replay validation", invalid)
	}
	if found == 0 || refuted == 0 {
		t.Errorf("the small stage found %d and refuted %d on slices past its bound: the test checks too little", found, refuted)
	}
}
