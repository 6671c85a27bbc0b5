package supply

import (
	"strings"
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/trace"
)

// The rules on traces small enough to read; that every refutation is right
// on thousands of random traces is checked against the reference explorer
// in package predict (z3diff_test.go, TestReorderedStagesMatchExplorer).
func TestRefute(t *testing.T) {
	tests := []struct {
		name, trace, block string
		refute             string // "" when the race stays possible
	}{
		// x=5 is written by two threads, so must-happen-before orders
		// nothing; with T1 stopped at the block, T4 cannot get z=7 and so
		// cannot write x=5 either.
		{"every write of a needed read's value is out of reach", `
T1 write y 1
T1 write x 5
T1 write z 7
T4 read z 7
T4 write x 5
T2 read x 5
T2 write y 2`, "T1#1 T2#2", "must read x=5"},
		{"another thread's write can give it", `
T1 write y 1
T1 write x 5
T3 write x 5
T2 read x 5
T2 write y 2`, "T1#1 T2#2", ""},
		{"the other writer is forked after the block", `
T1 write y 1
T1 write x 5
T1 fork T3
T3 write x 5
T2 read x 5
T2 write y 2`, "T1#1 T2#2", "must read x=5"},
		{"the read is the last of its thread before the block", `
T1 write y 1
T1 write x 5
T1 fork T3
T3 write x 5
T4 read x 5
T2 write y 2`, "T1#1 T2#1", ""},
		{"the initial value needs no write", `
T1 write y 1
T1 write x 0
T2 read x 0
T2 write y 2`, "T1#1 T2#2", ""},
		{"a join of a thread that can finish", `
T1 write y 1
T1 write z 7
T5 write z 7
T3 read z 7
T3 write q 1
T2 join T3
T2 write y 2`, "T1#1 T2#2", ""},
		{"a join of a thread that cannot finish", `
T1 write y 1
T1 write z 7
T1 fork T5
T5 write z 7
T3 read z 7
T3 write q 1
T2 join T3
T2 write y 2`, "T1#1 T2#2", "must read z=7"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr, block := testtrace.Parse(t, tc.trace, tc.block)
			x := encode.NewReadFromIndex(tr, trace.BranchesImplicit) // the rule, not the strengthened clocks, must refute
			why, refuted := NewTable(x).Refute(block, DefaultConfig())
			switch {
			case tc.refute == "" && refuted:
				t.Errorf("refuted (%s), want a possible race", why)
			case tc.refute != "" && !refuted:
				t.Errorf("not refuted, want %q", tc.refute)
			case tc.refute != "" && !strings.Contains(why, tc.refute):
				t.Errorf("refuted because %q, want %q", why, tc.refute)
			}
		})
	}
}
