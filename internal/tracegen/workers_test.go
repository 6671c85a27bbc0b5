package tracegen

import (
	"bytes"
	"testing"

	"gpredict/predict/replay"
	"gpredict/trace"
)

// A Workers trace is the same for the same seed, has about the events
// asked for, and its file order — the simulated interleaving — is a
// feasible schedule of it (every read sees the current value, locks are
// exclusive, fork and join are obeyed).
func TestWorkers(t *testing.T) {
	for _, n := range []int{40, 1000} {
		for seed := int64(1); seed <= 20; seed++ {
			tr := Workers(n, seed)
			if got := tr.NumEvents(); got < n || got > n+4*4+8 {
				t.Fatalf("n=%d seed %d: %d events", n, seed, got)
			}
			var sched []replay.Step
			for _, r := range trace.ArrivalOrder(tr) {
				sched = append(sched, replay.Step{Ref: r})
			}
			checkFeasible(t, seed, tr, sched)
		}
		var a, b bytes.Buffer
		if err := trace.WriteText(&a, Workers(n, 3)); err != nil {
			t.Fatal(err)
		}
		if err := trace.WriteText(&b, Workers(n, 3)); err != nil {
			t.Fatal(err)
		}
		if a.String() != b.String() {
			t.Fatalf("n=%d: same seed, different traces", n)
		}
	}
}
