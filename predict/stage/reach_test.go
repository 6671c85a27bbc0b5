package stage

import (
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/trace"
)

// TestSyncpValuesReach: the race needs main's read of x=1 to read a's
// first write, before b's write of 2, which the recording did just before
// the block; the read's recorded source follows a's chosen event, so
// neither shb nor syncp has it. syncp-values finds it only when it starts
// far enough back to leave b's write out (lazyReach): with a mark after
// every step, starting at the mark before the block, as until
// 2026-11-29, takes b's write as recorded and finds nothing.
func TestSyncpValuesReach(t *testing.T) {
	tr := testtrace.Text(t, `
main fork a
main fork b
a write x 1
b write x 2
a write y 1
a write x 1
main read x 1
main write y 2
`)
	f := NewFactsMarked(tr, trace.BranchesImplicit, 1)
	if f.MarkAtOrBefore(4) != 4 {
		t.Fatalf("no mark right before the block (%d): the test checks nothing", f.MarkAtOrBefore(4))
	}
	var stages []Stage
	for _, s := range Reordered(f) {
		if s.Name == "shb" || s.Name == "syncp" || s.Name == "syncp-values" {
			stages = append(stages, s)
		}
	}
	l := NewLadder(f, 0, nil, stages)
	d := l.Decide(encode.Candidate{Alt: raceAlt(), Choice: testtrace.Refs(t, tr, "a#2 main#4")})
	if d.Verdict != Sat || d.Stage != "syncp-values" {
		t.Fatalf("%s by %q, want a witness from syncp-values", d.Verdict, d.Stage)
	}
}
