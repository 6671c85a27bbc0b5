package predict_test

import (
	"math/rand"
	"testing"

	"gpredict/encode"
	"gpredict/internal/explore"
	"gpredict/internal/tracegen"
	"gpredict/predict"
	"gpredict/trace"
)

// TestReducedMatchesExplorerUniqueValues is the differential test of
// TestZ3DeciderMatchesExplorer on traces whose writes mostly write
// distinct values, as recorded traces do: there most reads are trivially
// consistent and most events are dropped by the reduced encoding
// (encode/reduce.go, encode/trivial.go), which the default traces (three
// values) rarely exercise.
func TestReducedMatchesExplorerUniqueValues(t *testing.T) {
	n := sweepSize(t, "GPREDICT_SWEEP", 400)
	if testing.Short() {
		n = 100
	}
	r := rand.New(rand.NewSource(7))
	var cands, sats, mismatches int
	for k := 0; k < n; k++ {
		cfg := tracegen.Config{Values: 1000}
		if k%2 == 1 {
			cfg.WaitWeight, cfg.JoinWeight, cfg.ForkWeight = 10, 6, 3
		}
		tr := tracegen.Random(r, cfg)
		for _, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
			d := predict.NewZ3Decider(tr, model, predict.DeciderOptions{})
			for s, sh := range shapes {
				for _, ch := range choices(r, tr, s, 8) {
					c := encode.Candidate{Alt: sh.alt, Choice: ch}
					cands++
					want, _ := explore.Decide(tr, model, c)
					got := d.Decide(c)
					if got.Verdict == predict.Unknown || (got.Verdict == predict.Sat) != want {
						mismatches++
						if mismatches <= 5 {
							t.Errorf("trace %d, %s, %s, choice %v: z3 %s (%s), explorer %v\n%s", k, model, sh.name,
								idsOf(tr, ch), got.Verdict, got.Reason, want, traceText(tr))
						}
						continue
					}
					if got.Verdict == predict.Sat {
						sats++
						checkWitness(t, tr, model, c, got.Schedule)
					}
				}
			}
			d.Close()
		}
	}
	t.Logf("%d traces, %d candidates, %d sat, %d mismatches", n, cands, sats, mismatches)
}
