package encode

import (
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/trace"
)

// TestRecvFromEdges: a required receive of a value that only one other
// thread sends on its channel follows that send; a recvclosed follows the
// channel's only close; nothing is ordered when the value has two
// senders or the receiver's own thread sent it first.
func TestRecvFromEdges(t *testing.T) {
	tests := []struct {
		name, text string
		from, to   string
		ordered    bool
	}{
		{"one sender", "chan c : 1\nT1 write x 1\nT1 send c v\nT2 recv c v\nT2 read x 1", "T1#1", "T2#2", true},
		{"not required", "chan c : 1\nT1 write x 1\nT1 send c v\nT2 recv c v", "T1#2", "T2#1", false},
		{"two senders", "chan c : 2\nT1 send c v\nT3 send c v\nT2 recv c v\nT2 read x 0", "T1#1", "T2#2", false},
		{"own send first", "chan c : 2\nT2 send c v\nT1 send c v\nT2 recv c v\nT2 read x 0", "T1#1", "T2#3", false},
		{"other values", "chan c : 2\nT1 send c v\nT1 send c w\nT2 recv c w\nT2 read x 0", "T1#2", "T2#2", true},
		{"all sends received", "T1 send c v\nT3 send c v\nT2 recv c v\nT2 recv c v\nT2 read x 0", "T3#1", "T2#3", true},
		{"not all sends received", "T1 send c v\nT3 send c v\nT2 recv c v\nT2 read x 0", "T3#1", "T2#2", false},
		{"receives in two threads", "T1 send c v\nT3 send c v\nT2 recv c v\nT4 recv c v\nT2 read x 0", "T3#1", "T2#2", false},
		{"closed", "T1 write x 1\nT1 close c\nT2 recvclosed c\nT2 read x 1", "T1#2", "T2#2", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := testtrace.Text(t, tc.text)
			x := NewModelIndex(tr, trace.BranchesImplicit)
			refs := testtrace.Refs(t, tr, tc.from+" "+tc.to)
			if got := x.Before(refs[0], refs[1]); got != tc.ordered {
				t.Errorf("%s before %s: %v, want %v", tc.from, tc.to, got, tc.ordered)
			}
		})
	}
}
