package predict

import (
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/trace"
)

// TestNoWitnessesKeepsTheVerdicts: with NoWitnesses the same violations
// are reported, each without its witness; without it each keeps one.
func TestNoWitnessesKeepsTheVerdicts(t *testing.T) {
	for _, tc := range []struct {
		name  string
		trace string
		prop  func(*trace.Trace) PropertyInput
	}{
		{"UnsafeIterator", fig8, unsafeIterator},
		{"Race", racy, race},
	} {
		tr := testtrace.Text(t, tc.trace)
		kept := runBruteOpts(t, tr, Options{Jobs: 2}, tc.prop(tr))
		dropped := runBruteOpts(t, tr, Options{Jobs: 2, NoWitnesses: true}, tc.prop(tr))
		if len(kept.Violations) == 0 || len(kept.Violations) != len(dropped.Violations) {
			t.Fatalf("%s: %d violations keeping witnesses, %d without; want the same, not 0", tc.name, len(kept.Violations), len(dropped.Violations))
		}
		for i := range kept.Violations {
			k, d := kept.Violations[i], dropped.Violations[i]
			if ids(tr, k.Choice) != ids(tr, d.Choice) {
				t.Errorf("%s: violation %d is %s, %s without witnesses", tc.name, i, ids(tr, k.Choice), ids(tr, d.Choice))
			}
			if kw := mustWitness(t, k); kw.Len() == 0 || d.Witness.Kept() {
				t.Errorf("%s: violation %d's witness has %d steps kept, and is kept without witnesses: %v; want some, then none", tc.name, i, kw.Len(), d.Witness.Kept())
			}
		}
	}
}
