package smt

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/internal/tracegen"
	"gpredict/trace"
)

// TestCheckIgnoresTheCollector: what a check spends of Z3's resource
// limit does not depend on when Go's garbage collector ran (z3Terms.made
// says why it could). The causal constraints of a lock-heavy trace with
// values are lowered into a fresh context; the least resource limit under
// which their check ends is found with the collector off, and the check
// must end under that limit, and not under one unit less, when the
// collector and go-z3's finalizers have run between the lowering and the
// check. Before every term was kept, it needed 48,141 units after the
// collection and 47,529 without.
func TestCheckIgnoresTheCollector(t *testing.T) {
	var b strings.Builder
	if err := tracegen.WriteLocks(&b, nil, tracegen.DefaultLocks(), 200, 3); err != nil {
		t.Fatal(err)
	}
	tr := testtrace.Text(t, b.String())
	idx := encode.NewModelIndex(tr, trace.BranchesImplicit)
	causal := encode.NewProblem(idx, trace.BranchesImplicit, encode.FullSlice(tr)).Causal
	// No collection but the test's own.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))

	// ends reports whether the check ends (Sat: the constraints hold in
	// the recorded run) within rlimit; collect runs the collector and the
	// finalizers it queues before the check.
	ends := func(rlimit uint64, collect bool) bool {
		z := newZ3Solver()
		z.solver.Push() // as the exact stage does
		if err := z.assertAll(causal, limits{}); err != nil {
			t.Fatal(err)
		}
		if collect {
			collectAll()
		}
		sat, err := z.check(limits{rlimit: rlimit})
		switch {
		case err == errRLimit:
			return false
		case err != nil || !sat:
			t.Fatalf("the recorded run's constraints: sat %v, %v", sat, err)
		}
		return true
	}
	lo, hi := uint64(1), uint64(1)<<24 // the check ends within hi, not within lo
	if !ends(hi, false) || ends(lo, false) {
		t.Fatalf("the check should end within %d units and not within %d", hi, lo)
	}
	for hi-lo > 1 {
		if mid := lo + (hi-lo)/2; ends(mid, false) {
			hi = mid
		} else {
			lo = mid
		}
	}
	if !ends(hi, true) {
		t.Errorf("without a collection the check ends within %d units; after one it does not", hi)
	}
	if ends(hi-1, true) {
		t.Errorf("without a collection the check needs %d units; after one it ends within %d", hi, hi-1)
	}
}

// collectAll runs the garbage collector and waits until the finalizers it
// queued have run: runtime.GC returns once every finalizer is queued, and
// they run one after another on one goroutine, so the finalizer queued by
// a second collection runs after all of the first's.
func collectAll() {
	for range 2 {
		done := make(chan struct{})
		runtime.SetFinalizer(new([16]byte), func(*[16]byte) { close(done) })
		runtime.GC()
		<-done
	}
}
