package encode_test

import (
	"math/rand"
	"testing"

	"gpredict/encode"
	"gpredict/internal/explore"
	"gpredict/internal/testtrace"
	"gpredict/internal/tracegen"
	"gpredict/predict/replay"
	"gpredict/trace"
)

// TestStrengthenRules checks each rule of strengthen.go on a trace where
// it, and not the must-read-from edges, orders a before b.
func TestStrengthenRules(t *testing.T) {
	tests := []struct{ name, trace, a, b string }{
		{"a read's writes all come after an event", `
T1 fork T2
T1 fork T3
T1 write y 1
T2 read y 1
T2 write x 1
T3 read y 1
T3 write x 1
T4 read x 1
T4 write z 1`, "T1#3", "T4#2"},
		{"a write overwritten before the read supplies nothing", `
T1 write x 1
T1 write x 2
T2 read x 2
T2 read x 1
T2 write z 1
T3 write x 1`, "T3#1", "T2#3"},
		{"a read of another value before the read", `
T1 write x 1
T1 write z 1
T2 read z 1
T2 read x 2
T2 write y 1
T3 write x 2
T4 read y 1
T4 read x 1
T4 write q 1
T5 write x 1`, "T5#1", "T4#3"},
		{"an acquire before an event inside another hold", `
T1 acquire l
T1 write x 1
T1 release l
T2 read x 1
T2 write y 1
T3 acquire l
T3 read y 1
T3 write z 1
T3 release l`, "T1#3", "T3#3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := testtrace.Text(t, tc.trace)
			refs := testtrace.Refs(t, tr, tc.a+" "+tc.b)
			weak := encode.NewReadFromIndex(tr, trace.BranchesImplicit)
			strong := encode.NewModelIndex(tr, trace.BranchesImplicit)
			if weak.Before(refs[0], refs[1]) {
				t.Fatalf("%s before %s already without the rules: the case tests nothing", tc.a, tc.b)
			}
			if !strong.Before(refs[0], refs[1]) {
				t.Errorf("%s is not before %s in the strengthened clocks", tc.a, tc.b)
			}
			if ok, sched := explore.Query(tr, trace.BranchesImplicit, []explore.StepOrder{{Before: replay.Step{Ref: refs[1]}, After: replay.Step{Ref: refs[0]}}}, nil); ok {
				t.Errorf("the explorer schedules %s before %s: %v", tc.b, tc.a, sched)
			}
		})
	}
}

// TestStrengthenSound checks, on random traces with few values and
// locks, that every order the strengthened clocks add is one no feasible
// schedule reverses (the brute-force explorer), and that they add some.
func TestStrengthenSound(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	added := 0
	n := 300
	if testing.Short() {
		n = 80
	}
	for k := 0; k < n; k++ {
		tr := tracegen.Random(r, tracegen.Config{Threads: 3 + k%2, Events: 16, Vars: 2, Values: 2, Locks: 1 + k%2})
		for _, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
			weak, strong := encode.NewReadFromIndex(tr, model), encode.NewModelIndex(tr, model)
			for _, a := range testtrace.All(tr) {
				for _, b := range testtrace.All(tr) {
					if a.Thread == b.Thread || !strong.Before(a, b) || weak.Before(a, b) {
						continue
					}
					added++
					if ok, sched := explore.Query(tr, model, []explore.StepOrder{{Before: replay.Step{Ref: b}, After: replay.Step{Ref: a}}}, nil); ok {
						t.Fatalf("trace %d (%s): the clocks put %s before %s, but the explorer schedules %v", k, model, tr.ID(a), tr.ID(b), sched)
					}
				}
			}
		}
	}
	t.Logf("%d orders added by the rules, none reversed by a feasible schedule", added)
	if added == 0 {
		t.Fatal("the rules added no order: the test checks nothing")
	}
}
