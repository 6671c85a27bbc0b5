package prefilter

import (
	"math/rand"
	"testing"

	"gpredict/encode"
	"gpredict/internal/explore"
	"gpredict/internal/tracegen"
	"gpredict/spec"
	"gpredict/trace"
)

// TestPrefilterSound checks, on random small traces, that every choice the
// pre-filter drops (including by must-read-from edges) has no feasible
// witness according to the brute-force explorer of docs/semantics.md, for a
// race shape and an ordering shape, under both branch models. It also
// requires the filter to drop something, and something only the orders that
// are facts given the chosen events (encode.Given) rule out, so that the
// test cannot pass vacuously.
func TestPrefilterSound(t *testing.T) {
	race := &spec.Alternative{Root: par(ev(0), ev(1)), Occs: []spec.Occurrence{occ(0, "a", "t1"), occ(1, "b", "t2")}}
	order := &spec.Alternative{Root: seq(ev(0), ev(1), ev(2)),
		Occs: []spec.Occurrence{occ(0, "a", "t1"), occ(1, "b", "t2"), occ(2, "c", "t1")}}
	r := rand.New(rand.NewSource(7))
	dropped, byGiven, checked := 0, 0, 0
	for n := 0; n < 400; n++ {
		cfg := tracegen.Config{}
		if n%2 == 0 {
			cfg.Values = 12 // mostly unique written values: must-read-from edges apply
		}
		if n%3 == 1 {
			cfg.SharedWeight = 3 // read locks: a shared hold excludes an exclusive one
		}
		tr := tracegen.Random(r, cfg)
		var refs []trace.EventRef
		for _, th := range tr.Threads {
			for i := range th.Events {
				refs = append(refs, trace.EventRef{Thread: th.ID, Index: uint32(i)})
			}
		}
		for _, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
			pf := New(tr, model)
			try := func(alt *spec.Alternative, choice []trace.EventRef) {
				if !pf.RulesOut(alt, choice) {
					return
				}
				dropped++
				if !pf.node(alt.Root, choice, pf.m.idx.Given(&encode.Slice{Prefix: make([]int, len(tr.Threads))})) {
					byGiven++
				}
				c := encode.Candidate{Alt: alt, Choice: append([]trace.EventRef(nil), choice...)}
				if ok, sched := explore.Decide(tr, model, c); ok {
					t.Fatalf("trace %d (%s): pre-filter dropped %v, but the explorer finds witness %v", n, model, choice, sched)
				}
			}
			for _, a := range refs {
				for _, b := range refs {
					if a.Thread == b.Thread {
						continue
					}
					checked++
					try(race, []trace.EventRef{a, b})
					for _, c := range refs {
						if c.Thread == a.Thread && a.Less(c) && r.Intn(4) == 0 {
							try(order, []trace.EventRef{a, b, c})
						}
					}
				}
			}
		}
	}
	t.Logf("%d race choices, %d choices dropped by the pre-filter (%d only given the chosen events), none feasible", checked, dropped, byGiven)
	if dropped == 0 || byGiven == 0 {
		t.Fatal("the pre-filter dropped nothing, or nothing only given the chosen events: the test checks too little")
	}
}

func ev(occ int) *spec.PatNode { return &spec.PatNode{Kind: spec.PatEvent, Occ: occ} }
func seq(k ...*spec.PatNode) *spec.PatNode {
	return &spec.PatNode{Kind: spec.PatSeq, Kids: k}
}
func par(k ...*spec.PatNode) *spec.PatNode {
	return &spec.PatNode{Kind: spec.PatPar, Kids: k}
}

// occ is an occurrence "name" or "name(t1)" of declaration decl.
func occ(decl int, name, thread string) spec.Occurrence {
	return spec.Occurrence{Event: name, Decl: decl, Thread: thread}
}
