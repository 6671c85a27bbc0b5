package prefilter

import (
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/spec"
	"gpredict/trace"
)

// TestPrefilterSharedLocks: the pre-filter's lockset rule (a `||` block
// whose events sit in regions of one lock is impossible) must not apply
// to two shared (read) regions, which may overlap; it does apply when one
// region is exclusive (a shared hold excludes another thread's exclusive
// one). Treating read locks like write locks would drop a real race here.
func TestPrefilterSharedLocks(t *testing.T) {
	race := &spec.Alternative{Root: par(ev(0), ev(1)), Occs: []spec.Occurrence{occ(0, "a", "t1"), occ(1, "b", "t2")}}
	for _, tc := range []struct {
		name, src string
		want      string // "kept", "dropped", or "either" (dropping is optional)
	}{
		{"two readers", "T1 racquire l\nT1 write x 1\nT1 rrelease l\nT2 racquire l\nT2 write x 2\nT2 rrelease l\n", "kept"},
		{"reader and writer", "T1 racquire l\nT1 write x 1\nT1 rrelease l\nT2 acquire l\nT2 write x 2\nT2 release l\n", "dropped"},
		{"writer and reader", "T1 acquire l\nT1 write x 1\nT1 release l\nT2 racquire l\nT2 write x 2\nT2 rrelease l\n", "dropped"},
		{"reader of another lock", "T1 racquire m\nT1 write x 1\nT1 rrelease m\nT2 acquire l\nT2 write x 2\nT2 release l\n", "kept"},
		{"two writers", "T1 acquire l\nT1 write x 1\nT1 release l\nT2 acquire l\nT2 write x 2\nT2 release l\n", "dropped"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := testtrace.Text(t, tc.src)
			choice := testtrace.Refs(t, tr, "T1#2 T2#2")
			for _, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
				pf := New(tr, model)
				got := pf.RulesOut(race, choice)
				if got && tc.want == "kept" {
					t.Errorf("%s: the pre-filter drops the race of two read-locked writes, which can be adjacent", model)
				}
				if !got && tc.want == "dropped" {
					t.Errorf("%s: the pre-filter keeps two writes in regions of one lock that exclude each other", model)
				}
			}
		})
	}
}
