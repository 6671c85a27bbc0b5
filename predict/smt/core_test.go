package smt

import (
	"slices"
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/predict/stage"
	"gpredict/trace"
)

// The core is minimal: started from every constraint of a refuted
// question (a read that would need a value no write before it gives), it
// keeps a set that is unsat and that every constraint is needed for.
func TestCoreIsMinimal(t *testing.T) {
	tr := testtrace.Text(t, `T1 fork T2
T1 acquire l
T1 write x 1
T1 write x 2
T1 release l
T2 acquire l
T2 read x 2
T2 release l
`)
	idx := encode.NewIndex(tr)
	prob := encode.NewProblem(idx, trace.BranchesImplicit, encode.FullSlice(tr))
	r, _ := tr.Ref("T2#2")
	one, _ := tr.Syms.Lookup("1")
	e := prob.With([]encode.Constraint{prob.ReadsValue(r, one)})
	cs := e.All()
	ans := DecideWithCore(e, cs, CoreConfig{MaxChecks: 1000})
	if ans.Verdict != stage.Unsat || !ans.Minimal || len(ans.Core) == len(cs) {
		t.Fatalf("verdict %s, minimal %v, core of %d of %d constraints", ans.Verdict, ans.Minimal, len(ans.Core), len(cs))
	}
	subset := func(ks []int) []encode.Constraint {
		var out []encode.Constraint
		for _, k := range ks {
			out = append(out, cs[k])
		}
		return out
	}
	if again := DecideWithCore(e, subset(ans.Core), CoreConfig{}); again.Verdict != stage.Unsat {
		t.Fatalf("the core alone is %s", again.Verdict)
	}
	for i := range ans.Core {
		without := slices.Delete(slices.Clone(ans.Core), i, i+1)
		if res := DecideWithCore(e, subset(without), CoreConfig{}); res.Verdict != stage.Sat {
			t.Errorf("without %q the core is still %s", cs[ans.Core[i]].Origin.Why, res.Verdict)
		}
	}
}

// Where two cores exist, the rank decides which one is kept, and among
// equal ranks the order of the list does; a budget too small to finish
// leaves an unsat set that is not called minimal.
func TestCorePreference(t *testing.T) {
	tr := testtrace.Text(t, "T1 write x 1\nT2 write x 2\nT3 write y 1\nT4 write y 2")
	prob := encode.NewProblem(encode.NewIndex(tr), trace.BranchesImplicit, encode.FullSlice(tr))
	// Two contradictions over distinct variables: {0,1} and {2,3}, plus a
	// constraint needed by neither.
	cs := []encode.Constraint{
		{F: encode.Lt(0, 1), Origin: encode.Origin{Family: encode.FamLock}},
		{F: encode.Lt(1, 0), Origin: encode.Origin{Family: encode.FamLock}},
		{F: encode.Lt(2, 3), Origin: encode.Origin{Family: encode.FamMHB}},
		{F: encode.Lt(3, 2), Origin: encode.Origin{Family: encode.FamMHB}},
		{F: encode.Lt(0, 2), Origin: encode.Origin{Family: encode.FamMHB}},
	}
	e := prob.With(nil)
	rankMHB := func(c encode.Constraint) int {
		if c.Origin.Family == encode.FamMHB {
			return 1
		}
		return 0
	}
	for _, tc := range []struct {
		name string
		rank func(encode.Constraint) int
		want []int
	}{
		{"list order", nil, []int{0, 1}},
		{"rank", rankMHB, []int{2, 3}},
	} {
		ans := DecideWithCore(e, cs, CoreConfig{MaxChecks: 100, Rank: tc.rank})
		if ans.Verdict != stage.Unsat || !ans.Minimal || !slices.Equal(ans.Core, tc.want) {
			t.Errorf("%s: %s, core %v (minimal %v), want %v", tc.name, ans.Verdict, ans.Core, ans.Minimal, tc.want)
		}
	}
	ans := DecideWithCore(e, cs, CoreConfig{MaxChecks: 1})
	if ans.Verdict != stage.Unsat || ans.Minimal || len(ans.Core) < 2 {
		t.Fatalf("with one check: %s, core %v, minimal %v", ans.Verdict, ans.Core, ans.Minimal)
	}
	var sub []encode.Constraint
	for _, k := range ans.Core {
		sub = append(sub, cs[k])
	}
	if again := DecideWithCore(e, sub, CoreConfig{}); again.Verdict != stage.Unsat {
		t.Errorf("the unfinished core %v is %s", ans.Core, again.Verdict)
	}
}
