package smt

import (
	"testing"

	"gpredict/encode"
	"gpredict/predict/stage"
	"gpredict/trace"
)

// The approximating stages' context is replaced once the problems it was
// given hold Config.SmallRenewAtoms order atoms, and kept until then.
func TestSmallContextRenewsByAtoms(t *testing.T) {
	tr, _ := lockedRace(t, 3)
	cfg := DefaultConfig(0, "")
	cfg.SmallRenewAtoms = 10
	s := &solver{f: stage.NewFacts(tr, trace.BranchesImplicit), cfg: cfg}
	chain := func(n int) []encode.Constraint { // v0 < v1 < … < vn: satisfiable
		var cs []encode.Constraint
		for i := range n {
			cs = append(cs, encode.Constraint{F: encode.Lt(encode.Var(i), encode.Var(i+1))})
		}
		return cs
	}
	var contexts []*z3Solver
	for range 4 {
		if v, _ := s.checkAll(chain(4), limits{}); v != stage.Sat {
			t.Fatalf("a chain of 4 atoms: %s", v)
		}
		contexts = append(contexts, s.small.z)
	}
	// 4, 8, 12 atoms before the checks 2, 3, 4: the fourth is past 10.
	if contexts[1] != contexts[0] || contexts[2] != contexts[0] {
		t.Error("the context was replaced before its problems held 10 atoms")
	}
	if contexts[3] == contexts[0] {
		t.Error("the context was kept after its problems held 12 atoms, past 10")
	}
}
