package encode

import (
	"strings"
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/trace"
)

// TestProblemStepVars: every step of a problem's slice has the variable
// it is numbered with — an event's own steps (a wait's three), a
// select's other cases, a buffered write's commit under TSO — and no other
// step has one: a wait's Whole step, a part of a wait on another event,
// an event past the slice, a commit under SC.
func TestProblemStepVars(t *testing.T) {
	tr := testtrace.Text(t, strings.Join([]string{
		"select s1 recv:a recv:b default",
		"T1 acquire l", "T1 wait l", "T1 write x 1", "T1 release l",
		"T2 send a 1", "T2 write x 2", "T2 acquire l", "T2 notify l", "T2 release l",
		"T3 send b 1",
		"T4 recv b 1 select=s1", "T4 write y 1", "T4 read x 2",
	}, "\n"))
	x := NewIndex(tr)
	sl := &Slice{Prefix: []int{4, 5, 1, 2}} // T4's read is out
	for _, mem := range []trace.MemoryModel{trace.SC, trace.TSO} {
		p, err := NewProblemInWithin(x, trace.BranchesImplicit, mem, sl, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		cases, commits := 0, 0
		for v, s := range p.Steps[:p.Cut] {
			if got := p.Var(s); got != Var(v) || !p.HasStep(s) {
				t.Errorf("%v: step %s has variable %d, want %d", mem, s.Format(tr), got, v)
			}
			if _, ok := s.Part.Case(); ok || s.Part == trace.Default {
				cases++
			}
			if s.Part == Commit {
				commits++
			}
		}
		want := 6 + 5 + 1 + 2 + 2 // T1 with the wait's three steps, ..., T4, the two other cases
		if mem == trace.TSO {
			want += 3 // the commits of the three writes
		}
		if int(p.Cut) != want {
			t.Errorf("%v: %d steps, want %d", mem, p.Cut, want)
		}
		if cases != 2 || commits != want-16 {
			t.Errorf("%v: %d other cases and %d commits", mem, cases, commits)
		}
		ref := func(th, i int) trace.EventRef { return trace.EventRef{Thread: trace.ThreadID(th), Index: uint32(i)} }
		for _, s := range []Step{
			{Ref: ref(0, 1), Part: Whole},   // a wait's Whole
			{Ref: ref(0, 2), Part: Wake},    // a write's wake
			{Ref: ref(1, 0), Part: Release}, // a send's release
			{Ref: ref(3, 2), Part: Whole},   // past the slice
			{Ref: ref(4, 0), Part: Whole},   // no such thread
		} {
			if p.HasStep(s) {
				t.Errorf("%v: %s is a step of the problem", mem, s.Format(tr))
			}
		}
		if mem == trace.SC && p.HasStep(Step{Ref: ref(0, 2), Part: Commit}) {
			t.Errorf("a commit under SC")
		}
	}
}
