package predict

import (
	"testing"

	"gpredict/predict/replay"
	"gpredict/trace"
)

// mustWitness is v's witness, read back from wherever the run kept it.
func mustWitness(t testing.TB, v Violation) replay.Witness {
	t.Helper()
	w, err := v.Witness.Load()
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// mustSchedule is v's witness schedule over tr.
func mustSchedule(t testing.TB, tr *trace.Trace, v Violation) []replay.Step {
	t.Helper()
	sched, err := v.Schedule(tr)
	if err != nil {
		t.Fatal(err)
	}
	return sched
}
