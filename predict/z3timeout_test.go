package predict_test

import (
	"strings"
	"testing"
	"time"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	. "gpredict/predict"
	"gpredict/trace"
)

// TestZ3DeciderTimeoutIsUnknown checks that a candidate whose time runs
// out in the solver stages is Unknown with a reason naming the limit,
// never Unsat, and that a decider answers exactly once given time again.
// (The closure stage refutes this candidate at once, so the ladder here
// has the slice-based solver stages only.)
func TestZ3DeciderTimeoutIsUnknown(t *testing.T) {
	tr := testtrace.Text(t, testtrace.LockedWrites(3, 30))
	c := encode.Candidate{Alt: race2, Choice: testtrace.Refs(t, tr, "T1#89 T2#89")}
	model := trace.BranchesImplicit

	for _, timeout := range []time.Duration{time.Nanosecond, time.Microsecond} {
		d := NewTestLadder(tr, model, DirectAndLocal(), false, timeout)
		got := d.Decide(c)
		d.Close()
		if got.Verdict != Unknown || !strings.Contains(got.Reason, "timeout after "+timeout.String()) {
			t.Errorf("timeout %s: verdict %s (%q), want unknown with the limit as reason", timeout, got.Verdict, got.Reason)
		}
	}

	d := NewTestLadder(tr, model, DirectAndLocal(), false, time.Nanosecond)
	defer d.Close()
	d.Decide(c) // times out, leaving no half-built problem behind
	d2 := NewTestLadder(tr, model, DirectAndLocal(), false, 0)
	defer d2.Close()
	if got := d2.Decide(c); got.Verdict != Unsat {
		t.Fatalf("without a limit: verdict %s (%s), want unsat", got.Verdict, got.Reason)
	}
}

// TestZ3DeciderTooLargeIsUnknown checks that a candidate without a witness
// near the recorded order whose slice is too large to encode within the
// time limit is Unknown, with a reason saying so, before any encoding
// (solver stages only, as above).
func TestZ3DeciderTooLargeIsUnknown(t *testing.T) {
	tr := testtrace.Text(t, testtrace.LockedWrites(3, 800))
	c := encode.Candidate{Alt: race2, Choice: testtrace.Refs(t, tr, "T1#2399 T2#2399")}
	d := NewTestLadder(tr, trace.BranchesImplicit, DirectAndLocal(), false, time.Second)
	defer d.Close()
	start := time.Now()
	got := d.Decide(c)
	if got.Verdict != Unknown || !strings.Contains(got.Reason, "too large to encode within 1s") {
		t.Fatalf("verdict %s (%q), want unknown because the slice is too large", got.Verdict, got.Reason)
	}
	t.Logf("answered in %s", time.Since(start))
}
