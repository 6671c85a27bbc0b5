package explore

import (
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/trace"
)

// TestSharedLocksAndHB: the explorer's reading of shared holds (readers
// overlap, a writer excludes all) and of hb facts (the later event never
// comes first), on the race property.
func TestSharedLocksAndHB(t *testing.T) {
	p := raceProperty()
	alt := &p.Normal.Alts[0]
	for _, tc := range []struct {
		name, src, a, b string
		want            bool
	}{
		{"two readers race", "T1 racquire l\nT1 write x 1\nT1 rrelease l\nT2 racquire l\nT2 write x 2\nT2 rrelease l\n", "T1#2", "T2#2", true},
		{"writer excludes reader", "T1 racquire l\nT1 write x 1\nT1 rrelease l\nT2 acquire l\nT2 write x 2\nT2 release l\n", "T1#2", "T2#2", false},
		{"shared inside exclusive", "T1 acquire l\nT1 racquire l\nT1 write x 1\nT1 rrelease l\nT1 release l\nT2 racquire l\nT2 write x 2\nT2 rrelease l\n", "T1#3", "T2#2", false},
		// A fact orders its two events; with events between them (a send
		// and its receive) the accesses around them cannot be adjacent.
		{"hb separates", "T1 write x 1\nT1 write s 1\nT2 write r 1\nT2 write x 2\nhb T1:2 T2:1\n", "T1#1", "T2#2", false},
		{"hb orders the target only", "T1 write x 1\nT1 write s 1\nT2 write x 2\nT2 write r 1\nhb T1:2 T2:2\n", "T1#1", "T2#1", true},
		{"no hb", "T1 write x 1\nT1 write s 1\nT2 write r 1\nT2 write x 2\n", "T1#1", "T2#2", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := testtrace.Text(t, tc.src)
			choice := testtrace.Refs(t, tr, tc.a+" "+tc.b)
			for _, model := range []trace.BranchModel{imp, exp} {
				ok, sched := Decide(tr, model, encode.Candidate{Alt: alt, Choice: choice})
				if ok != tc.want {
					t.Errorf("%s: got %v, want %v", model, ok, tc.want)
				}
				if ok {
					checkWitness(t, tr, model, alt, choice, sched)
				}
			}
		})
	}
}
