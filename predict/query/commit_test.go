package query

import (
	"strings"
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/trace"
)

// A commit point names a write that is not volatile, and only a relaxed
// memory model has it.
func TestCommitPoints(t *testing.T) {
	tr := testtrace.Text(t, "volatile v\nT1 write x 1\nT1 read y 0\nT1 write v 1\nT2 write y 1\n")
	for _, tc := range []struct {
		point, err string
	}{
		{"T1#1.commit", ""},
		{"T2#1.commit", ""},
		{"T1#2.commit", "T1#2 is a read, not a write: only a write has a commit step"},
		{"T1#3.commit", "T1#3 writes volatile v, which is visible at once"},
		{"T1#1.visible", "a part is .release, .wake or .reacquire (of a wait), or .commit (of a write)"},
	} {
		p, err := ParsePoint(tr, tc.point)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s: %v", tc.point, err)
		case tc.err == "" && p.Part != encode.Commit:
			t.Errorf("%s: part %d", tc.point, p.Part)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: %v, want %q", tc.point, err, tc.err)
		}
	}
	q, err := Parse(tr, []string{"T2#1.commit < T1#2"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := q.CheckModel(tr, trace.SC); err == nil || !strings.Contains(err.Error(), "only --memory-model tso or pso has") {
		t.Errorf("a commit point under SC: %v", err)
	}
	if _, err := Ask(tr, q, Options{}); err == nil {
		t.Error("Ask took a commit point under SC")
	}
	for _, mem := range []trace.MemoryModel{trace.TSO, trace.PSO} {
		if err := q.CheckModel(tr, mem); err != nil {
			t.Errorf("%s: %v", mem, err)
		}
	}
}
