package replay

import (
	"strings"
	"testing"

	"gpredict/trace"
)

// Rule 6: store buffers under TSO and PSO, none under SC. Each case is a
// schedule and, per model, "" (valid) or a piece of the expected error.
func TestMemoryModels(t *testing.T) {
	// Every thread ends with a branch, so that its reads are required
	// (rule 5, implicit model) once the branch is scheduled.
	sb := []string{"T1 write x 1", "T1 read y 0", "T1 branch", "T2 write y 1", "T2 read x 0", "T2 branch"}
	mp := []string{"T1 write x 1", "T1 write y 1", "T2 read y 1", "T2 read x 0", "T2 branch"}
	fenced := []string{"T1 write x 1", "T1 fence", "T1 read y 0", "T1 branch", "T2 write y 1", "T2 read x 0", "T2 branch"}
	own := []string{"T1 write x 1", "T1 read x 1", "T1 read y 0", "T1 branch", "T2 write y 1", "T2 read x 0", "T2 branch"}
	locked := []string{"T1 write x 1", "T1 acquire l", "T1 release l", "T2 read x 0", "T2 branch"}
	vol := []string{"T1 write v 1", "T1 read y 0", "T1 branch", "T2 write y 1", "T2 read v 0", "T2 branch"}
	for _, tc := range []struct {
		name         string
		trace        []string
		sched        string
		sc, tso, pso string
	}{
		{"SB relaxed", sb, "T1#1 T1#2 T1#3 T2#1 T2#2 T2#3 T1#1.commit T2#1.commit", "no commit step", "", ""},
		{"SB as in SC", sb, "T1#1 T1#2 T1#3 T2#1 T2#2 T2#3", "T2#2 reads x=0", "", ""},
		{"SB committed", sb, "T1#1 T1#1.commit T1#2 T1#3 T2#1 T2#2 T2#3", "no commit step", "T2#2 reads x=0", "T2#2 reads x=0"},
		{"commit before issue", sb, "T1#1.commit T1#1", "no commit step", "before the write itself", "before the write itself"},
		{"commit twice", sb, "T1#1 T1#1.commit T1#1.commit", "no commit step", "commits twice", "commits twice"},
		{"commit of a read", sb, "T1#1 T1#2 T1#2.commit", "only a write", "only a write", "only a write"},
		{"MP in order", mp, "T1#1 T1#2 T1#1.commit T1#2.commit T2#1 T2#2 T2#3", "no commit step", "T2#2 reads x=0", "T2#2 reads x=0"},
		{"MP reordered", mp, "T1#1 T1#2 T1#2.commit T2#1 T2#2 T2#3 T1#1.commit", "no commit step", "T1#2 commits before T1#1", ""},
		{"fence flushes", fenced, "T1#1 T1#2 T1#3 T1#4 T2#1 T2#2 T2#3", "T2#2 reads x=0", "T1#1 is still in its store buffer", "T1#1 is still in its store buffer"},
		{"fence after commit", fenced, "T1#1 T1#1.commit T1#2 T1#3 T1#4 T2#1 T2#2 T2#3", "no commit step", "T2#2 reads x=0", "T2#2 reads x=0"},
		{"own write forwarded", own, "T1#1 T1#2 T1#3 T1#4 T2#1 T2#2 T2#3 T2#1.commit T1#1.commit", "no commit step", "", ""},
		{"lock flushes", locked, "T1#1 T1#2", "", "is still in its store buffer", "is still in its store buffer"},
		{"lock after commit", locked, "T1#1 T1#1.commit T1#2 T1#3 T2#1 T2#2", "no commit step", "T2#1 reads x=0", "T2#1 reads x=0"},
		{"volatile not buffered", vol, "T1#1 T1#1.commit", "no commit step", "volatile v", "volatile v"},
		{"volatile write visible at once", vol, "T1#1 T1#2 T1#3 T2#1 T2#1.commit T2#2 T2#3", "no commit step", "T2#2 reads v=0", "T2#2 reads v=0"},
		{"volatile read flushes", vol, "T1#1 T1#2 T1#3 T2#1 T2#2", "", "T2#1 is still in its store buffer", "T2#1 is still in its store buffer"},
	} {
		tr := buildTrace(t, tc.trace...)
		if v, ok := tr.Syms.Lookup("v"); ok {
			tr.Volatile[v] = true
		}
		sched := steps(t, tr, tc.sched)
		for _, m := range []struct {
			model trace.MemoryModel
			want  string
		}{{trace.SC, tc.sc}, {trace.TSO, tc.tso}, {trace.PSO, tc.pso}} {
			err := NewChecker(tr).ValidateIn(trace.BranchesImplicit, m.model, sched)
			switch {
			case m.want == "" && err != nil:
				t.Errorf("%s under %s: %v", tc.name, m.model, err)
			case m.want != "" && err == nil:
				t.Errorf("%s under %s: valid, want an error with %q", tc.name, m.model, m.want)
			case m.want != "" && !strings.Contains(err.Error(), m.want):
				t.Errorf("%s under %s: %v, want %q", tc.name, m.model, err, m.want)
			}
		}
	}
}

// A read sees its own thread's newest buffered write, others see memory.
func TestReadsSeenIn(t *testing.T) {
	tr := buildTrace(t, "T1 write x 1", "T1 write x 2", "T1 read x 2", "T2 read x 0", "T2 read x 2")
	sched := steps(t, tr, "T1#1 T1#2 T1#3 T2#1 T1#1.commit T1#2.commit T2#2")
	seen, err := NewChecker(tr).ReadsSeenIn(trace.TSO, sched)
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]string{"T1#3": "2", "T2#1": "0", "T2#2": "2"} {
		r, _ := tr.Ref(id)
		if got := tr.Str(seen[r].Value); got != want || !seen[r].Known {
			t.Errorf("%s sees %s (known %v), want %s", id, got, seen[r].Known, want)
		}
	}
}
