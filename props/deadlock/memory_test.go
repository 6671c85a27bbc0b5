package deadlock

import (
	"fmt"
	"strings"
	"testing"

	"gpredict/predict"
	"gpredict/trace"
)

// lockOrderTrace is the lock-order-heavy family of docs/engine.md,
// Limits: threads that each take two of locks locks, one inside the
// other, holds times, in orders that make many cycles (a linear
// congruential sequence: the same trace every time).
func lockOrderTrace(t *testing.T, threads, holds, locks int) *trace.Trace {
	t.Helper()
	var b strings.Builder
	for i := 2; i <= threads; i++ {
		fmt.Fprintf(&b, "T1 fork T%d\n", i)
	}
	x := uint32(1)
	next := func(k int) int {
		x = x*1664525 + 1013904223
		return int(x>>8) % k
	}
	for th := 1; th <= threads; th++ {
		for i := range holds {
			a := next(locks)
			c := (a + 1 + next(locks-1)) % locks
			fmt.Fprintf(&b, "T%d acquire l%d @D.java:%d\nT%d acquire l%d @D.java:%d\nT%d release l%d\nT%d release l%d\n",
				th, a, th*100000+2*i, th, c, th*100000+2*i+1, th, c, th, a)
		}
	}
	tr, err := trace.ParseText("locks.trace", b.String())
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestKeepsMemoryBudget: past the memory budget (--memory) the built-ins
// decide no more candidates — each left is unknown with the budget as
// its reason — so that a trace whose witnesses would not fit ends with
// the budget kept instead of the machine swapping. A budget below what
// the process already holds is past at once: nothing is decided, every
// cycle (every end) is unknown; with no budget the same traces have
// violations.
func TestKeepsMemoryBudget(t *testing.T) {
	locks := lockOrderTrace(t, 4, 40, 10)
	ends := read(t, "testdata/blocked/send-under-lock.trace")
	for _, tc := range []struct {
		name string
		run  func(predict.Options) (*predict.Result, error)
	}{
		{"Deadlock", func(o predict.Options) (*predict.Result, error) { return Predict(t.Context(), locks, o) }},
		{"Blocked", func(o predict.Options) (*predict.Result, error) { return PredictBlocked(t.Context(), ends, o) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			free, err := tc.run(predict.Options{All: true, Jobs: 2})
			if err != nil {
				t.Fatal(err)
			}
			if len(free.Violations) == 0 {
				t.Fatal("no violation without a budget: the test checks nothing")
			}
			tight, err := tc.run(predict.Options{All: true, Jobs: 2, MemoryBudget: 1 << 20})
			if err != nil {
				t.Fatal(err)
			}
			if len(tight.Violations) != 0 || len(tight.Unknown) < len(free.Violations) {
				t.Fatalf("past the budget: %d violations, %d unknown; want none, and at least %d unknown", len(tight.Violations), len(tight.Unknown), len(free.Violations))
			}
			for _, u := range tight.Unknown {
				if !strings.Contains(u.Reason, "memory budget") {
					t.Fatalf("unknown for %q, want the memory budget", u.Reason)
				}
			}
		})
	}
}
