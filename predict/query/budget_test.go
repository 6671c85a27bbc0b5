package query

import (
	"strings"
	"testing"

	"gpredict/predict/stage"
)

// TestAskWithinAtoms: a query whose problem needs more order atoms than
// Options.MaxAtoms allows is answered unknown with the budget as the
// reason, never yes or no; with room it is answered.
func TestAskWithinAtoms(t *testing.T) {
	tr := readTrace(t, "fig8.trace")
	q, err := Parse(tr, []string{"T2#1 < T1#4", "T1#3 < T2#1"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ans, err := Ask(tr, q, Options{MaxAtoms: 1})
	if err != nil {
		t.Fatal(err)
	}
	if ans.Verdict != stage.Unknown || !strings.Contains(ans.Reason, "memory budget") {
		t.Errorf("query past its bound: %v (%s); want unknown for the memory budget", ans.Verdict, ans.Reason)
	}
	if ans, err := Ask(tr, q, Options{MaxAtoms: 1 << 20}); err != nil || ans.Verdict != stage.Sat {
		t.Errorf("query within its bound: %v, %v; want yes", ans.Verdict, err)
	}
}
