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
// events, a wide window everything the full problem has. A kept value
// constraint names no step that is not near: a source not near is only
// its concreteness, and a write not near interferes with nothing.
func TestNearProblemKeepsNearConstraints(t *testing.T) {
	tr := testtrace.Text(t, `T1 write x 2
T2 read x 2
T1 acquire l
T1 release l
T2 acquire l
T2 release l
T4 write x 1
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
		{1, "", 0},     // T3#1 is near, but its only source T4#1 is not: nothing is asked
		{2, "T3#1", 0}, // T4#1 is near; T1#1, which writes 2, is not and does not interfere
		{5, "T3#1", 0}, // T2's hold (positions 4, 5) is near, T1's (2, 3) is not
		{6, "T3#1", 1}, // both are
		{100, "T2#1 T3#1", 1},
	}
	full := NewProblem(NewModelIndex(tr, trace.BranchesImplicit), trace.BranchesImplicit, FullSlice(tr))
	if reads, locks := nearKept(tr, full); reads != "T2#1 T3#1" || locks != 1 {
		t.Fatalf("the full problem has value constraints for %q and %d lock constraints: the test shows nothing", reads, locks)
	}
	if !namesStepOf(full, FamReadWrite, testtrace.Refs(t, tr, "T1#1")[0]) {
		t.Fatal("the full problem's value constraints do not name T1#1: the test shows nothing")
	}
	for _, tc := range tests {
		p, err := NewNearProblemWithin(NewModelIndex(tr, trace.BranchesImplicit), trace.BranchesImplicit, FullSlice(tr), false, c, tc.window, 0, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if reads, locks := nearKept(tr, p); reads != tc.reads || locks != tc.locks {
			t.Errorf("window %d: value constraints for %q and %d lock constraints, want %q and %d", tc.window, reads, locks, tc.reads, tc.locks)
		}
		if tc.window < 100 && namesStepOf(p, FamReadWrite, testtrace.Refs(t, tr, "T1#1")[0]) {
			t.Errorf("window %d: a value constraint names T1#1, which is not near", tc.window)
		}
	}
}

// namesStepOf reports whether a constraint of family fam in p has an
// order atom on a step of event e.
func namesStepOf(p *Problem, fam Family, e trace.EventRef) bool {
	of := func(v Var) bool { return v != p.Cut && p.Steps[v].Ref == e }
	var walk func(f *F) bool
	walk = func(f *F) bool {
		if f.Kind == KLt && (of(f.A) || of(f.B)) {
			return true
		}
		return slices.ContainsFunc(f.Kids, walk)
	}
	for _, k := range p.Causal {
		if k.Origin.Family == fam && walk(k.F) {
			return true
		}
	}
	return false
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
