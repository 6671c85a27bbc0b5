package stage

import (
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/predict/closure"
	"gpredict/spec"
	"gpredict/trace"
)

// TestDerivedFacts: what a stage derives without settling the candidate
// reaches, through Query.Facts, exactly the later stages that require it,
// the latest of those they require winning; a stage that requires none
// of them sees nothing, and nothing carries over to the next candidate.
func TestDerivedFacts(t *testing.T) {
	tr := testtrace.Text(t, "T1 write x 1\nT2 write x 2\n")
	a, b := &closure.Result{}, &closure.Result{}
	derive := func(r *closure.Result) func(*Query) (Decision, bool) {
		return func(*Query) (Decision, bool) { return Decision{Derived: r}, false }
	}
	f := NewFacts(tr, trace.BranchesImplicit)
	var slices []*encode.Slice // each candidate's, as the slice stage saw it
	seen := map[string]*closure.Result{}
	got := map[string]any{} // what result-of reads with ResultOf
	look := func(name string) func(*Query) (Decision, bool) {
		return func(q *Query) (Decision, bool) { seen[name] = q.Facts(); return Decision{}, false }
	}
	stages := []Stage{
		{Name: "first", Run: look("first")},
		{Name: "a", Run: derive(a)},
		{Name: "needs-a", Requires: []string{"a"}, Run: look("needs-a")},
		{Name: "needs-none", Run: look("needs-none")},
		{Name: "b", Run: derive(b)},
		{Name: "needs-a-only", Requires: []string{"a"}, Run: look("needs-a-only")},
		{Name: "needs-both", Requires: []string{"a", "b"}, Run: look("needs-both")},
		{Name: "needs-missing", Requires: []string{"missing"}, Run: look("needs-missing")},
		{Name: "slice", Run: func(q *Query) (Decision, bool) {
			first, err1 := q.Slice(f.Index)
			again, err2 := q.Slice(f.Index)
			if err1 != nil || err2 != nil || first == nil || again != first {
				t.Errorf("the query's slice is not kept: %p %p %v %v", first, again, err1, err2)
			}
			slices = append(slices, first)
			return Decision{}, false
		}},
		{Name: "result-of", Requires: []string{"b"}, Run: func(q *Query) (Decision, bool) {
			got["b"], got["a"] = q.ResultOf("b"), q.ResultOf("a")
			return Decision{}, false
		}},
	}
	l := NewLadder(f, 0, nil, stages)
	race := raceAlt()
	choice := testtrace.Refs(t, tr, "T1#1 T2#1")
	defer func() {
		if len(slices) != 2 || slices[0] == slices[1] {
			t.Errorf("a slice carried over to the next candidate: %p", slices)
		}
	}()
	for round := range 2 {
		clear(seen)
		clear(got)
		if d := l.Decide(encode.Candidate{Alt: race, Choice: choice}); d.Verdict != Unknown {
			t.Fatalf("round %d: %v, want unknown (no stage settles)", round, d.Verdict)
		}
		want := map[string]*closure.Result{"first": nil, "needs-a": a, "needs-none": nil, "needs-a-only": a, "needs-both": b, "needs-missing": nil}
		for name, w := range want {
			if got, ok := seen[name]; !ok || got != w {
				t.Errorf("round %d: stage %s saw %p, want %p", round, name, got, w)
			}
		}
		if got["b"] != any(b) || got["a"] != nil {
			t.Errorf("round %d: ResultOf b = %v, a = %v; want b's result and nothing (a is not required)", round, got["b"], got["a"])
		}
	}
}

// raceAlt is a race's pattern: two events in one `||` block.
func raceAlt() *spec.Alternative {
	return &spec.Alternative{Root: &spec.PatNode{Kind: spec.PatPar, Kids: []*spec.PatNode{
		{Kind: spec.PatEvent, Occ: 0}, {Kind: spec.PatEvent, Occ: 1}}},
		Occs: []spec.Occurrence{{Event: "a", Decl: 0}, {Event: "b", Decl: 1}}}
}
