package predict_test

import (
	"fmt"
	"strings"
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/predict"
	"gpredict/trace"
)

// TestGreedyLearnsFromWaitCycles checks that package greedy's simulation
// gets past a stuck state by learning an order (greedy.hint) rather than
// leaving the candidate to the stages after it, which are skipped here
// (saturate would derive the order this test needs).
//
// In "spoilt read", the recorded order runs T1 ahead: it writes v, then
// (under L) reads it back and writes x. The race of T1's x with T2's
// needs T2's hold of L first, so T2 must read w = 3, so T3 must write
// v = 2 and then w = 3 first — before T1 writes v, or T1's read of v
// would see 2. The simulation, following the recording, writes T1's v
// first and is stuck: T3's write would spoil T1's read, and T1 waits for
// T2's hold, which waits for T3. Only the hint that T3's write goes
// before T1's gets past it. The filler keeps the simulation from
// stumbling on that order by chance.
//
// In "read spoilt by a write of another value", the race of T1's write
// of x with T2's needs T2's read of 0 first, from T3's write (T1's write
// of 0 is the chosen one), and T3's own read of 0 before T1 writes 1: the
// initial value is the only 0 it can read. The simulation, following the
// recording, writes 1 first; T3's read, wanting 0, is stuck, and only the
// hint that it goes before the write that overwrote its value (spoiltHintFor)
// gets past it.
func TestGreedyLearnsFromWaitCycles(t *testing.T) {
	var filler strings.Builder
	for i := range 600 {
		fmt.Fprintf(&filler, "T4 write p%d 1\n", i)
	}
	tests := []struct {
		name, trace, choice string
	}{
		{"spoilt read", "T1 write v 1\n" + filler.String() + `T1 acquire L
T1 read v 1
T1 write x 1
T1 release L
T3 write v 2
T3 write w 3
T2 read w 3
T2 acquire L
T2 release L
T2 write x 2
`, "T1#4 T2#4"},
		{"read spoilt by a write of another value", `T1 fork T3
T1 write x 1
T1 fork T2
T1 write x 0
T3 read x 0
T3 write x 0
T2 read x 0
T2 write x 1
`, "T1#4 T2#2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := testtrace.Text(t, tc.trace)
			d := predict.NewTestLadder(tr, trace.BranchesImplicit, []string{"saturate", "greedy-saturated", "local", "prefix-window", "window", "small", "downset", "exact"}, false, 0)
			defer d.Close()
			got := d.Decide(encode.Candidate{Alt: race2, Choice: testtrace.Refs(t, tr, tc.choice)})
			if got.Verdict != predict.Sat || got.Stage != "greedy" {
				t.Fatalf("verdict %s by %q (%s), want a witness from greedy", got.Verdict, got.Stage, got.Reason)
			}
			if !got.Validated {
				t.Fatal("the witness was not validated")
			}
		})
	}
}
