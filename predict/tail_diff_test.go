package predict_test

import (
	"math/rand"
	"testing"

	"gpredict/encode"
	"gpredict/internal/tracegen"
	. "gpredict/predict"
	"gpredict/trace"
)

// TestTailBlockMatchesExplorer compares the exact stage alone with the
// explorer on every race (shape 0) of random traces, and on every pair of
// calls of two threads in the same shape: these are what the solver
// stages ask in the tail block's form (encode.PatternAtEnd), and
// every witness it finds must pass replay validation, its block at the
// end. Pairs that must-happen-before orders (program order, an hb fact)
// keep Pattern's form; both kinds must occur and be found, so that the
// test cannot pass without checking each. It fails when the tail form
// is asked of ordered pairs (tried: mismatches). Z3's models seldom tie
// another step with the members; encode's TestTailBlockForm checks that
// the members are put last when one does.
func TestTailBlockMatchesExplorer(t *testing.T) {
	skip := stagesBut("exact")
	n := 150
	if testing.Short() {
		n = 60
	}
	r := rand.New(rand.NewSource(20261202))
	var mismatches, calls int
	sats := map[bool]int{} // by whether must-happen-before orders the pair
	for k := 0; k < 2*n; k++ {
		tr := sweepTrace(r, k)
		if k%2 == 1 { // hb facts order some racing pairs
			tr = tracegen.Random(r, tracegen.Config{HBFacts: 6})
		}
		for _, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
			d := NewTestLadder(tr, model, skip, false, 0)
			x := d.Facts().Index
			for _, ch := range append(choices(r, tr, 0, 1<<30), callPairs(tr)...) {
				c := encode.Candidate{Alt: shapes[0].alt, Choice: ch}
				got := d.Decide(c)
				if !agreesWithExplorer(t, k, tr, model, shapes[0].name, c, got, &mismatches) {
					continue
				}
				if got.Verdict == Sat {
					checkWitness(t, tr, model, c, got.Schedule)
					sats[x.Before(ch[0], ch[1]) || x.Before(ch[1], ch[0])]++
					if tr.Event(ch[0]).Op == trace.OpCall {
						calls++
					}
				}
			}
			d.Close()
		}
	}
	t.Logf("%d traces: blocks found %d unordered (%d of calls), %d ordered by must-happen-before; %d mismatches", 2*n, sats[false], calls, sats[true], mismatches)
	if sats[false] == 0 || sats[true] == 0 || calls == 0 {
		t.Errorf("blocks found: %d unordered, %d of calls, %d ordered; the test needs each", sats[false], calls, sats[true])
	}
}

// callPairs lists the pairs of call events of two threads of tr.
func callPairs(tr *trace.Trace) [][]trace.EventRef {
	var out [][]trace.EventRef
	evs := allRefs(tr)
	for _, a := range evs {
		for _, b := range evs {
			if a.Thread < b.Thread && tr.Event(a).Op == trace.OpCall && tr.Event(b).Op == trace.OpCall {
				out = append(out, []trace.EventRef{a, b})
			}
		}
	}
	return out
}
