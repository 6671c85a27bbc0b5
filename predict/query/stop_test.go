package query

import (
	"testing"

	"gpredict/predict/stage"
)

// TestAskStopped: a query whose stop signal has closed is answered
// unknown, with the reason stage.Interrupted, never yes or no.
func TestAskStopped(t *testing.T) {
	tr := readTrace(t, "fig8.trace")
	q, err := Parse(tr, []string{"T2#1 < T1#4", "T1#3 < T2#1"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	close(stop)
	ans, err := Ask(tr, q, Options{Stop: stop})
	if err != nil {
		t.Fatal(err)
	}
	if ans.Verdict != stage.Unknown || ans.Reason != stage.Interrupted {
		t.Errorf("stopped query: %v (%s); want unknown (%s)", ans.Verdict, ans.Reason, stage.Interrupted)
	}
	if ans, err := Ask(tr, q, Options{Stop: make(chan struct{})}); err != nil || ans.Verdict != stage.Sat {
		t.Errorf("query with a stop signal that does not close: %v, %v; want yes", ans.Verdict, err)
	}
}
