package closure

import (
	"slices"
	"strings"
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/trace"
)

// The rules one at a time, on traces small enough to read: each case is a
// race (a two-event block, the chain's last group) and says whether the
// facts refute it and, if so, which rule's sentence explains it. That
// every refutation and every derived order is right on thousands of
// random traces is checked against the reference explorer in package
// predict (z3diff_test.go), which fails when a rule is broken on purpose.
func TestSaturateRules(t *testing.T) {
	tests := []struct {
		name   string
		trace  string
		block  string // the two chosen events
		full   bool
		refute string // "" when the facts leave the race possible
	}{
		{"unordered writes", `
T1 write x 1
T2 write x 2`, "T1#1 T2#1", false, ""},
		{"must happen before the block", `
T1 write x 1
T1 fork T2
T2 write x 2`, "T1#1 T2#1", false, "which ends the pattern"},
		{"a hold open at the end keeps out the other's", `
T1 acquire l
T1 write x 1
T1 release l
T2 acquire l
T2 write x 2
T2 release l`, "T1#2 T2#2", false, "until the end, so"},
		{"the other's hold must end first, and it can", `
T1 acquire l
T1 write x 1
T1 release l
T2 acquire l
T2 release l
T2 write x 2`, "T1#2 T2#3", false, ""},
		{"a read's source, then a write between", `
T1 write x 1
T1 write y 1
T2 read y 1
T2 write x 2
T2 read x 1
T2 write z 1
T3 write z 2`, "T2#4 T3#1", true, "writes x after"},
		{"a read of the initial value before every write", `
T1 write x 1
T1 write z 1
T2 read x 0
T2 write z 2`, "T1#2 T2#2", true, ""},
		{"every write of a read's value comes after the block", `
T1 write x 1
T1 write y 1
T1 write x 5
T1 fork T3
T2 read x 5
T2 write y 2
T3 write x 5`, "T1#2 T2#2", true, "no write of that value can come before it"},
		{"a write of the read's value can still come first", `
T1 write x 1
T1 write y 1
T1 write x 5
T3 write x 5
T2 read x 5
T2 write y 2`, "T1#2 T2#2", true, ""},
		{"the only writers of a read's value are threads that stop first", `
T1 write y 1
T1 write z 7
T3 read z 7
T3 write x 5
T4 read z 7
T4 write x 5
T2 read x 5
T2 write y 2
T2 write z 7`, "T1#1 T2#2", true, "cannot come before the end"},
		{"a hold held to the end of the trace", `
T1 acquire l
T1 write x 1
T2 acquire l
T2 write x 2
T2 release l`, "T1#2 T2#2", false, "holds l to the end of the trace"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr, block := testtrace.Parse(t, tc.trace, tc.block)
			x := encode.NewReadFromIndex(tr, trace.BranchesImplicit) // the rule, not the strengthened clocks, must refute
			res := Saturate(x, Chain{Groups: [][]trace.EventRef{block}}, DefaultConfig(tc.full))
			switch {
			case tc.refute == "" && res.Refuted:
				t.Errorf("refuted (%s), want a possible race", res.Why)
			case tc.refute != "" && !res.Refuted:
				t.Errorf("not refuted (cut %v, %d edges), want %q", res.Cut, len(res.Edges), tc.refute)
			case tc.refute != "" && !strings.Contains(res.Why, tc.refute):
				t.Errorf("refuted because %q, want %q", res.Why, tc.refute)
			}
		})
	}
}

// When only one thread's writes of a read's value can come before it,
// the first of them comes before the read (writersRule): here T3's, since
// T1 writes x=5 only after its event in the block.
func TestWritersRuleOrdersTheOnlyWriter(t *testing.T) {
	tr, block := testtrace.Parse(t, `
T1 write y 1
T1 write x 5
T3 write z 1
T3 write x 5
T2 read x 5
T2 write y 2`, "T1#1 T2#2")
	x := encode.NewModelIndex(tr, trace.BranchesImplicit)
	res := Saturate(x, Chain{Groups: [][]trace.EventRef{block}}, DefaultConfig(true))
	if res.Refuted {
		t.Fatalf("refuted (%s), want a possible race", res.Why)
	}
	w, r := testtrace.Refs(t, tr, "T3#2")[0], testtrace.Refs(t, tr, "T2#1")[0]
	if !res.Before(w, r) {
		t.Errorf("T3#2 is not ordered before T2#1; edges %v", res.Edges)
	}
	// The order's sentence, kept as arguments and formatted on demand.
	want := "T2#1 reads x=5, which only T3's writes from T3#2 can give"
	i := slices.IndexFunc(res.Edges, func(e Edge) bool { return e.From == w && e.To == r })
	if i < 0 {
		t.Errorf("no edge T3#2 → T2#1; edges %v", res.Edges)
	} else if got := res.Reason(i); got != want {
		t.Errorf("reason %q, want %q", got, want)
	}
}
