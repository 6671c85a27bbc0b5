package props

import (
	"slices"
	"testing"

	"gpredict/predict"
	"gpredict/trace"
)

// TestTruncateClosure checks the two closure rules of truncate: a thread
// forked by a cut-away event keeps nothing, and a thread that joins a cut
// thread stops at the join (transitively).
func TestTruncateClosure(t *testing.T) {
	tr, err := trace.ParseText("closure.trace", `
T1 acquire a
T1 acquire b
T1 fork T3
T1 release b
T3 write x 1
T4 join T1
T4 write y 1
T5 write z 1
T5 join T4
T5 write z 2
T2 write w 1
`)
	if err != nil {
		t.Fatal(err)
	}
	th := func(name string) trace.ThreadID {
		id, ok := tr.ThreadByName(name)
		if !ok {
			t.Fatalf("no thread %s", name)
		}
		return id
	}
	cut := make([]int, len(tr.Threads))
	for i := range cut {
		cut[i] = -1
	}
	cut[th("T1")] = 1 // stop before `acquire b`
	got := truncate(tr, cut)
	want := map[string]int{"T1": 1, "T2": 1, "T3": 0, "T4": 0, "T5": 1}
	for name, n := range want {
		c := got.Threads[th(name)]
		if len(c.Events) != n {
			t.Errorf("%s keeps %d events, want %d", name, len(c.Events), n)
		}
		if n == 0 && c.HasFork {
			t.Errorf("%s keeps no events but still points at its fork", name)
		}
	}
	if len(tr.Threads[th("T1")].Events) != 4 {
		t.Errorf("truncate changed the original trace")
	}
}

// TestDeadlockCandidates checks the static shape: re-entrant acquires are
// not requests, and a cycle needs each thread to hold what the other
// requests.
func TestDeadlockCandidates(t *testing.T) {
	tr, err := trace.ParseText("cands.trace", `
T1 acquire a
T1 acquire a
T1 acquire b
T1 release b
T1 release a
T1 release a
T2 acquire b
T2 acquire c
T2 acquire a
T2 release a
T2 release c
T2 release b
T3 acquire c
T3 acquire a
T3 release a
T3 release c
`)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range deadlockCandidates(tr) {
		v := c.violation(tr)
		got = append(got, ids(tr, v.Choice)+" l1="+tr.Str(v.Binding[0])+" l2="+tr.Str(v.Binding[1]))
	}
	want := []string{"T1#1 T1#3 T2#1 T2#3 l1=a l2=b"}
	if len(got) != len(want) || got[0] != want[0] {
		t.Errorf("candidates = %q, want %q", got, want)
	}
}

// TestDeadlockAfterWait: when the last event before a request is a wait,
// the witness must contain the whole wait (release, wake, re-acquire), not
// only its release part.
func TestDeadlockAfterWait(t *testing.T) {
	tr, err := trace.ParseText("wait.trace", `
T1 fork T2
T1 acquire a
T1 acquire m
T1 wait m
T1 acquire b
T1 release b
T1 release m
T1 release a
T2 acquire b
T2 notify m
T2 acquire a
T2 release a
T2 release b
`)
	if err != nil {
		t.Fatal(err)
	}
	res, err := predictDeadlocks(t.Context(), tr, predict.Options{NewDecider: predict.NewZ3Decider})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Violations) != 1 {
		t.Fatalf("%d violations, want 1", len(res.Violations))
	}
	v := res.Violations[0]
	if got := ids(tr, v.Choice); got != "T1#2 T1#5 T2#1 T2#3" {
		t.Errorf("events %s, want T1#2 T1#5 T2#1 T2#3", got)
	}
	var steps []string
	for _, s := range v.Schedule(tr) {
		steps = append(steps, s.Format(tr))
	}
	if !slices.Contains(steps, "T1#4.reacquire") {
		t.Errorf("witness %v does not complete T1's wait", steps)
	}
}
