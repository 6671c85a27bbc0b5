package smt

import (
	"slices"
	"testing"

	"time"

	"gpredict/encode"
	"gpredict/trace"
)

// The minimiser shrinks any unsat set to a minimal one: started from
// every constraint of a refuted question (not from Z3's core, which is
// often minimal already on small problems), it keeps a set that is unsat
// and that every constraint is needed for.
func TestMinimiseFromEverything(t *testing.T) {
	tr, err := trace.ParseText("m.trace", `T1 fork T2
T1 acquire l
T1 write x 1
T1 write x 2
T1 release l
T2 acquire l
T2 read x 2
T2 release l
`)
	if err != nil {
		t.Fatal(err)
	}
	idx := encode.NewIndex(tr)
	prob := encode.NewProblem(idx, trace.BranchesImplicit, encode.FullSlice(tr))
	r, _ := tr.Ref("T2#2")
	one, _ := tr.Syms.Lookup("1")
	cs := append(append([]encode.Constraint(nil), prob.Causal...), prob.ReadsValue(r, one))
	z := newCoreZ3()
	defer z.close()
	all := make([]int, len(cs))
	for i, c := range cs {
		all[i] = z.track(c.F)
	}
	if res, _, err := z.check(all, time.Time{}); err != nil || res != lFalse {
		t.Fatalf("the question is not refuted: %v %v", res, err)
	}
	core, minimal, _ := minimise(z, cs, all, CoreConfig{MaxChecks: 1000})
	if !minimal || len(core) == len(all) {
		t.Fatalf("minimise kept %d of %d constraints (minimal: %v)", len(core), len(all), minimal)
	}
	if res, _, _ := z.check(core, time.Time{}); res != lFalse {
		t.Fatalf("the minimised set is %v, want unsat", res)
	}
	for i := range core {
		without := slices.Delete(slices.Clone(core), i, i+1)
		if res, _, _ := z.check(without, time.Time{}); res != lTrue {
			t.Errorf("without %q the set is still %v", cs[core[i]].Origin.Why, res)
		}
	}
}
