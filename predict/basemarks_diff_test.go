package predict_test

import (
	"math/rand"
	"testing"

	"gpredict/encode"
	. "gpredict/predict"
	"gpredict/predict/stage"
	"gpredict/trace"
)

// TestBaseMarksMatchExplorer is the differential test with the base
// order marked every step or every other step, so that on small traces
// the greedy stages start from marks (Decision.From > 0) and the
// validator resumes from its own marks: every verdict must match the
// explorer's, every witness — the base up to the mark, then the rest —
// must pass the validator run from the start, and some witnesses must
// start from a mark, or the test would check nothing of them.
func TestBaseMarksMatchExplorer(t *testing.T) {
	testMarksAgainstExplorer(t, 150, nil, false, "greedy")
}

// TestWindowMarksMatchExplorer is that comparison for the window stage,
// whose witnesses continue the base order's first events (the window's
// past), without the direct stages, the windows narrowed. It fails when
// a witness is lifted from the wrong mark (tried: one event of the past
// too many or too few after the mark).
func TestWindowMarksMatchExplorer(t *testing.T) {
	testMarksAgainstExplorer(t, 150, DirectAndLocal(), true, "window")
}

// testMarksAgainstExplorer compares a ladder without the stages in skip
// (narrowed with narrow) over facts marked every step or every other
// step with the explorer on 2n random traces; each stage in fromMark
// must settle some candidate with a witness that starts from a mark.
func testMarksAgainstExplorer(t *testing.T, n int, skip []string, narrow bool, fromMark ...string) {
	if testing.Short() {
		n /= 3
	}
	r := rand.New(rand.NewSource(20261124))
	var cands, mismatches, invalid int
	marked, sats := map[string]int{}, map[string]int{}
	for k := 0; k < 2*n; k++ {
		tr := sweepTrace(r, k)
		for _, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
			d := NewTestLadderOver(stage.NewFactsMarked(tr, model, 1+k%2), skip, narrow, 0)
			for s, sh := range shapes {
				for _, ch := range choices(r, tr, s, 6) {
					c := encode.Candidate{Alt: sh.alt, Choice: ch}
					cands++
					got := d.Ladder.Decide(c)
					if !agreesWithExplorer(t, k, tr, model, sh.name, c, got, &mismatches) {
						continue
					}
					if got.Verdict == Sat {
						sats[got.Stage]++
						if got.From > 0 {
							marked[got.Stage]++
						}
						checkWitness(t, tr, model, c, d.Facts().Steps(got))
					}
				}
			}
			invalid += d.Solver.InvalidWitnesses()
			d.Close()
		}
	}
	t.Logf("%d traces, %d candidates, witnesses by stage %v, of which from a mark %v, %d mismatches", 2*n, cands, sats, marked, mismatches)
	if invalid > 0 {
		t.Errorf("%d witnesses of a frozen stage failed replay validation", invalid)
	}
	for _, name := range fromMark {
		if marked[name] == 0 {
			t.Errorf("no witness of %s started from a mark: the test checks nothing of them", name)
		}
	}
}
