package smt

import (
	"testing"

	"github.com/aclements/go-z3/z3"
)

// TestCheckUnderAssumptions checks a solver under guard literals: each
// guarded formula holds only when its guard is assumed, a guard switched
// off makes a check under it unsat, and the model of a check under
// assumptions is the solver's, as modelValues reads it. It fails if
// checkAssuming drops its assumptions (every check would be sat) or if
// go-z3's layout, which rawOf reads by reflection, changes (it panics).
func TestCheckUnderAssumptions(t *testing.T) {
	z := newZ3Solver()
	x, y := z.terms.int(0), z.terms.int(1)
	less, lessOff := z.guard()
	more, moreOff := z.guard()
	z.solver.Assert(lessOff.Or(x.LT(y)))
	z.solver.Assert(moreOff.Or(y.LT(x)))
	check := func(name string, want bool, lits ...z3.Bool) {
		t.Helper()
		sat, err := z.check(limits{}, lits...)
		if err != nil || sat != want {
			t.Fatalf("%s: sat %v, err %v; want sat %v", name, sat, err, want)
		}
	}
	check("no assumption", true)
	check("x < y", true, less)
	val, err := z.modelValues()
	if err != nil {
		t.Fatal(err)
	}
	if val(0) >= val(1) {
		t.Fatalf("model of x < y: x = %d, y = %d", val(0), val(1))
	}
	check("y < x", true, more)
	check("both", false, less, more)
	z.solver.Assert(lessOff)
	check("x < y switched off", false, less)
	check("y < x after it", true, more)
}
