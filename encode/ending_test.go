package encode_test

import (
	"fmt"
	"math/rand"
	"testing"

	"gpredict/encode"
	"gpredict/internal/explore"
	"gpredict/internal/testtrace"
	"gpredict/internal/tracegen"
	"gpredict/spec"
	"gpredict/trace"
)

// TestRefuteEndingSound checks, on random traces with few values and
// locks, that every race (a ‖ b) and ordering (a, b, c) candidate that
// RefuteEnding refutes has no witness according to the brute-force
// explorer, and that it refutes some that the clocks alone do not. It
// does so with the rules over the whole must-set (these traces are far
// below the stage's window) and over windows of its last 2 and 4 events
// per thread, where the events before the cut keep the index's clocks.
func TestRefuteEndingSound(t *testing.T) {
	for _, window := range []uint32{1 << 20, 4, 2} {
		t.Run(fmt.Sprintf("window=%d", window), func(t *testing.T) { testRefuteEndingSound(t, window) })
	}
}

func testRefuteEndingSound(t *testing.T, window uint32) {
	race := &spec.Alternative{Root: pnode(spec.PatPar, pev(0), pev(1)), Occs: []spec.Occurrence{{Event: "a"}, {Event: "b"}}}
	order := &spec.Alternative{Root: pnode(spec.PatSeq, pev(0), pev(1), pev(2)), Occs: []spec.Occurrence{{Event: "a"}, {Event: "b"}, {Event: "c", Decl: 2}}}
	r := rand.New(rand.NewSource(5))
	refuted, beyondClocks, checked := 0, 0, 0
	n := 100
	if testing.Short() {
		n = 30
	}
	for k := 0; k < n; k++ {
		tr := tracegen.Random(r, tracegen.Config{Threads: 3 + k%2, Events: 16, Vars: 2, Values: 2, Locks: 1 + k%2})
		for _, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
			x := encode.NewModelIndex(tr, model)
			try := func(alt *spec.Alternative, groups [][]trace.EventRef, choice []trace.EventRef) {
				checked++
				res := x.RefuteEndingWindow(groups, 32, window)
				if !res.Refuted {
					return
				}
				refuted++
				if !orderedByClocks(x, choice) {
					beyondClocks++
				}
				if ok, sched := explore.Decide(tr, model, encode.Candidate{Alt: alt, Choice: choice}); ok {
					t.Fatalf("trace %d (%s): refuted %v (%s), but the explorer finds witness %v", k, model, choice, res.Why, sched)
				}
			}
			refs := testtrace.All(tr)
			for _, a := range refs {
				for _, b := range refs {
					if a.Thread == b.Thread {
						continue
					}
					if a.Less(b) {
						try(race, [][]trace.EventRef{{a, b}}, []trace.EventRef{a, b})
					}
					for _, c := range refs {
						if c.Thread == a.Thread && a.Less(c) && r.Intn(6) == 0 {
							try(order, [][]trace.EventRef{{a}, {b}, {c}}, []trace.EventRef{a, b, c})
						}
					}
				}
			}
		}
	}
	t.Logf("%d candidates, %d refuted (%d of them not ordered by the clocks alone), none with a witness", checked, refuted, beyondClocks)
	if beyondClocks == 0 {
		t.Fatal("nothing refuted beyond the clocks: the test checks too little")
	}
}

// TestRefuteEndingKeepsFeasible lists candidates that have a witness and
// once were refuted: RefuteEnding must leave them, and the explorer
// confirms the witness.
func TestRefuteEndingKeepsFeasible(t *testing.T) {
	race := &spec.Alternative{Root: pnode(spec.PatPar, pev(0), pev(1)), Occs: []spec.Occurrence{{Event: "a"}, {Event: "b"}}}
	tests := []struct {
		name, text, refs string
	}{{
		// T3#1 reads 1 from T1#2, the second of T1's two writes of 1:
		// T1#1 T2#1 T2#2 T2#3 T1#2 T3#1 T4#1 T3#2. Taking T1#1 for the
		// only supplier (T4's write is past the race) put T2#2 before
		// it, and T2#1, which reads 1 before T2#2, had no write left.
		name: "first of two writes of one thread taken for the supplier",
		text: `T0 fork T1
T0 fork T2
T0 fork T4
T1 write x 1
T2 read x 1
T2 write x 2
T2 fork T3
T1 write x 1
T3 read x 1
T4 write y 0
T3 write y 1
T4 write x 1
`,
		refs: "T4#1 T3#2",
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr, choice := testtrace.Parse(t, tc.text, tc.refs)
			if ok, _ := explore.Decide(tr, trace.BranchesImplicit, encode.Candidate{Alt: race, Choice: choice}); !ok {
				t.Fatal("the explorer finds no witness: the case tests nothing")
			}
			x := encode.NewModelIndex(tr, trace.BranchesImplicit)
			if res := x.RefuteEnding([][]trace.EventRef{choice}, 32); res.Refuted {
				t.Fatalf("refuted a candidate with a witness: %s", res.Why)
			}
		})
	}
}

// orderedByClocks reports whether some two chosen events are ordered by
// must-happen-before (what the pre-filter's cheapest rules see).
func orderedByClocks(x *encode.Index, choice []trace.EventRef) bool {
	for _, a := range choice {
		for _, b := range choice {
			if a != b && x.Before(a, b) {
				return true
			}
		}
	}
	return false
}

func pev(occ int) *spec.PatNode { return &spec.PatNode{Kind: spec.PatEvent, Occ: occ} }
func pnode(k spec.PatKind, kids ...*spec.PatNode) *spec.PatNode {
	return &spec.PatNode{Kind: k, Kids: kids}
}
