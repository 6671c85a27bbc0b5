// Package testwitness holds what tests outside package predict share
// about violations' witnesses (package predict's own tests cannot import
// it: it imports predict).
package testwitness

import (
	"testing"

	"gpredict/predict"
	"gpredict/predict/replay"
	"gpredict/trace"
)

// Schedule is v's witness schedule over tr, read back from wherever the
// run kept it; a witness that cannot be read fails the test.
func Schedule(t testing.TB, tr *trace.Trace, v predict.Violation) []replay.Step {
	t.Helper()
	sched, err := v.Schedule(tr)
	if err != nil {
		t.Fatal(err)
	}
	return sched
}
