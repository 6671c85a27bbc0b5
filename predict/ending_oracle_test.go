package predict_test

import (
	"bytes"
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/internal/tracegen"
	. "gpredict/predict"
	"gpredict/trace"
)

// TestEndingSparesReorderedRaces checks the ending stage's refutations
// (encode.Index.RefuteEnding) on members of the lock-heavy family, too
// large for the explorer, with another oracle: every race that the
// reordering stages (shb, syncp, syncp-values) show with a validated
// witness is feasible, so RefuteEnding must not refute it. Random small
// traces never had a thread with two eligible writes of a read's value,
// which the first version of the interference rule mistook for one; on
// this family that made it refute hundreds of races SHB reports.
func TestEndingSparesReorderedRaces(t *testing.T) {
	p := tracegen.DefaultLocks()
	skip := stagesBut("shb", "syncp", "syncp-values")
	witnessed := 0
	for seed := int64(1); seed <= 2; seed++ {
		var text bytes.Buffer
		if err := tracegen.WriteLocks(&text, nil, p, 1000, seed); err != nil {
			t.Fatal(err)
		}
		b := trace.NewBuilder()
		if err := trace.ReadFrom(b, "locks.trace", trace.FormatText, &text); err != nil {
			t.Fatal(err)
		}
		tr := b.Finish()
		d := NewTestLadder(tr, trace.BranchesImplicit, skip, false, 0)
		x := d.Facts().Index
		for _, pair := range testtrace.ConflictingPairs(tr) {
			if x.Before(pair[0], pair[1]) || x.Before(pair[1], pair[0]) {
				continue
			}
			if d.Decide(encode.Candidate{Alt: race2, Choice: pair[:]}).Verdict != Sat {
				continue
			}
			witnessed++
			if res := x.RefuteEnding([][]trace.EventRef{pair[:]}, 32); res.Refuted {
				t.Fatalf("seed %d: %s ‖ %s has a witness, but RefuteEnding refutes it: %s", seed, tr.ID(pair[0]), tr.ID(pair[1]), res.Why)
			}
		}
		d.Close()
	}
	t.Logf("%d races with a witness of the reordering stages, none refuted by RefuteEnding", witnessed)
	if witnessed < 100 {
		t.Fatalf("only %d races with a witness: the test checks too little", witnessed)
	}
}
