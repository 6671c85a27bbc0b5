package encode

import (
	"slices"
	"strings"
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/spec"
	"gpredict/trace"
)

// A near problem keeps the value constraints of the reads, and the lock
// constraints of the holds, within the window of the chosen events (base
// positions), and leaves out the others; window 0 is only the chosen
// events, a wide window everything the full problem has.
func TestNearProblemKeepsNearConstraints(t *testing.T) {
	tr := testtrace.Text(t, `T1 write x 1
T2 read x 1
T1 acquire l
T1 release l
T2 acquire l
T2 release l
T3 read x 1
T3 write y 1
T1 write y 2`)
	c := Candidate{Alt: alt(node(spec.PatPar, ev(0), ev(1)), 2), Choice: testtrace.Refs(t, tr, "T3#2 T1#4")}
	tests := []struct {
		window int
		reads  string // the reads with a value constraint
		locks  int    // lock constraints
	}{
		{0, "", 0},
		{1, "T3#1", 0},
		{3, "T3#1", 0}, // T2's hold (positions 4, 5) is near, T1's (2, 3) is not
		{5, "T3#1", 1}, // both are
		{100, "T2#1 T3#1", 1},
	}
	full := NewProblem(NewModelIndex(tr, trace.BranchesImplicit), trace.BranchesImplicit, FullSlice(tr))
	if reads, locks := nearKept(tr, full); reads != "T2#1 T3#1" || locks != 1 {
		t.Fatalf("the full problem has value constraints for %q and %d lock constraints: the test shows nothing", reads, locks)
	}
	for _, tc := range tests {
		p, err := NewNearProblemWithin(NewModelIndex(tr, trace.BranchesImplicit), trace.BranchesImplicit, FullSlice(tr), false, c, tc.window, 0, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if reads, locks := nearKept(tr, p); reads != tc.reads || locks != tc.locks {
			t.Errorf("window %d: value constraints for %q and %d lock constraints, want %q and %d", tc.window, reads, locks, tc.reads, tc.locks)
		}
	}
}

// nearKept lists the reads with a value constraint in p, and counts its
// lock constraints.
func nearKept(tr *trace.Trace, p *Problem) (string, int) {
	var reads []string
	locks := 0
	for _, k := range p.Causal {
		switch {
		case k.Origin.Family == FamLock:
			locks++
		case k.Origin.Family == FamReadWrite && strings.HasSuffix(k.Origin.Why, "as in the trace"):
			reads = append(reads, tr.ID(k.Origin.Events[0]))
		}
	}
	slices.Sort(reads)
	return strings.Join(reads, " "), locks
}
