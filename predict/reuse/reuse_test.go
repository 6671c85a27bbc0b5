package reuse

import (
	"strings"
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/predict/replay"
	"gpredict/trace"
)

// The harvest on traces small enough to read. That every proposal the
// stage keeps is a witness is the replay validator's to say; that the
// stage's answers are the explorer's on random traces is checked in
// package predict (z3diff_test.go, TestReuseStageMatchesExplorer).
func TestProposals(t *testing.T) {
	tests := []struct {
		name, trace string
		harvest     string // the schedule harvested
		pair        string
		want        string // the first proposal, "" for none
	}{
		{"two next accesses", `
T1 write y 1
T1 write x 1
T2 write y 2
T2 read x 0`, "T1#1 T2#1 T1#2 T2#2", "T1#2 T2#2", "T1#1 T2#1 T1#2 T2#2"},
		// At the start T2 runs on past its read of z (z holds 0) to its
		// write of x, beside T1's next write of x.
		{"a thread runs on alone to its access", `
T1 write x 1
T2 read z 0
T2 write x 2`, "T1#1 T2#1 T2#2", "T1#1 T2#2", "T2#1 T1#1 T2#2"},
		// At the start z holds 0, so T2's read of z=1 cannot be passed;
		// after T1#1 it can.
		{"a run stops at a read of another value", `
T1 write z 1
T1 write x 1
T2 read z 1
T2 write x 2`, "T1#1 T1#2 T2#1 T2#2", "T1#2 T2#2", "T1#1 T2#1 T1#2 T2#2"},
		// T1 holds l around its write wherever T2 could run on to its
		// read, and T2's acquire cannot pass while it does.
		{"a run stops at a lock another thread holds", `
T1 acquire l
T1 write x 1
T1 release l
T2 acquire l
T2 read x 1
T2 release l`, "T1#1 T1#2 T1#3 T2#1 T2#2 T2#3", "T1#2 T2#2", ""},
		{"a run passes a lock that is free", `
T1 write x 1
T2 acquire l
T2 read x 0
T2 release l`, "T1#1 T2#1 T2#2 T2#3", "T1#1 T2#2", "T2#1 T1#1 T2#2"},
		// T2's first event must wait for the fork, after which T1 has no
		// access left.
		{"an event not yet forked", `
T1 write x 1
T1 fork T2
T2 write x 2`, "T1#1 T1#2 T2#1", "T1#1 T2#1", ""},
		{"two reads do not race", `
T1 read x 0
T2 read x 0`, "T1#1 T2#1", "T1#1 T2#1", ""},
		// T2's read saw 1 where it recorded 0 (a bad schedule): it cannot
		// go on, so nothing after it is proposed.
		{"a thread whose read saw another value stops", `
T1 write x 1
T2 read x 0
T2 write y 1
T1 read y 0`, "T1#1 T2#1", "T2#2 T1#2", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := testtrace.Text(t, tc.trace)
			p := New(encode.NewIndex(tr))
			p.Add(steps(testtrace.Refs(t, tr, tc.harvest)))
			pair := testtrace.Refs(t, tr, tc.pair)
			got := ""
			for sched := range p.Proposals(pair[0], pair[1]) {
				got = render(tr, sched)
				break
			}
			if got != tc.want {
				t.Errorf("first proposal %q, want %q", got, tc.want)
			}
		})
	}
}

// TestAddSkipsWhatItCannotFollow: a schedule with a part of an event
// (here a wait's) or longer than MaxSchedule is not harvested.
func TestAddSkipsWhatItCannotFollow(t *testing.T) {
	tr := testtrace.Text(t, `
T1 write x 1
T2 write x 2`)
	p := New(encode.NewIndex(tr))
	refs := testtrace.Refs(t, tr, "T1#1 T2#1")
	parted := steps(refs)
	parted[0].Part = trace.Release
	p.Add(parted)
	p.Add(make([]replay.Step, MaxSchedule+1))
	if p.Len() != 0 {
		t.Fatalf("%d pairs harvested, want none", p.Len())
	}
	p.Add(steps(refs))
	if p.Len() != 1 {
		t.Fatalf("%d pairs harvested from a plain schedule, want 1", p.Len())
	}
}

func steps(refs []trace.EventRef) []replay.Step {
	out := make([]replay.Step, len(refs))
	for i, r := range refs {
		out[i] = replay.Step{Ref: r}
	}
	return out
}

func render(tr *trace.Trace, sched []replay.Step) string {
	ids := make([]string, len(sched))
	for i, s := range sched {
		ids[i] = s.Format(tr)
	}
	return strings.Join(ids, " ")
}
