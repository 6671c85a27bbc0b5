package stage

import (
	"testing"
	"time"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/predict/closure"
	"gpredict/trace"
)

// TestDecideLightThenResume: a candidate decided in two parts
// (DecideLight, then Resume) gets the decision Decide gives it, the light
// part runs no heavy stage and settles what a light stage settles, what
// a light stage derived reaches the heavy ones, and the time limit goes
// on from what was left. Each case fails if the split runs a heavy stage
// early, drops the derived facts, restarts the stages from the first, or
// charges the wait to the candidate.
func TestDecideLightThenResume(t *testing.T) {
	tr := testtrace.Text(t, "T1 write x 1\nT2 write x 2\n")
	f := NewFacts(tr, trace.BranchesImplicit)
	c := encode.Candidate{Alt: raceAlt(), Choice: testtrace.Refs(t, tr, "T1#1 T2#1")}
	derived := &closure.Result{}
	for _, tc := range []struct {
		name      string
		settle    string // the stage that settles (its verdict is Sat)
		wantLight bool   // the light part settles
	}{
		{"settled by a light stage", "light2", true},
		{"settled by the first heavy stage", "heavy1", false},
		{"settled by a later heavy stage", "heavy2", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var ran []string
			var sawDerived bool
			run := func(name string) func(*Query) (Decision, bool) {
				return func(q *Query) (Decision, bool) {
					ran = append(ran, name)
					if name == "light1" {
						return Decision{Derived: derived}, false
					}
					if name == "heavy1" {
						sawDerived = q.Facts() == derived
					}
					if name == tc.settle {
						return Decision{Verdict: Sat}, true
					}
					return Decision{}, false
				}
			}
			stages := []Stage{
				{Name: "light1", Run: run("light1")},
				{Name: "light2", Run: run("light2")},
				{Name: "heavy1", Heavy: true, Requires: []string{"light1"}, Run: run("heavy1")},
				{Name: "light3", Run: run("light3")},
				{Name: "heavy2", Heavy: true, Run: run("heavy2")},
			}
			whole := NewLadder(f, 0, nil, stages).Decide(c)
			wantRan := ran
			ran = nil
			l := NewLadder(f, 0, nil, stages)
			d, p := l.DecideLight(c)
			if tc.wantLight != (p == nil) {
				t.Fatalf("light part settled: %v (pending %v), want %v", p == nil, p, tc.wantLight)
			}
			for _, name := range ran {
				if name == "heavy1" || name == "heavy2" {
					t.Fatalf("the light part ran %s", name)
				}
			}
			if p != nil {
				d = l.Resume(p)
				if !sawDerived {
					t.Error("heavy1 did not see what light1 derived")
				}
			}
			if d.Verdict != whole.Verdict || d.Stage != whole.Stage || len(ran) != len(wantRan) {
				t.Errorf("in two parts: %v by %s after %v; whole: %v by %s after %v", d.Verdict, d.Stage, ran, whole.Verdict, whole.Stage, wantRan)
			}
		})
	}
	t.Run("time limit", func(t *testing.T) {
		var left time.Duration
		stages := []Stage{
			{Name: "light", Run: func(*Query) (Decision, bool) { return Decision{}, false }},
			{Name: "heavy", Heavy: true, Run: func(q *Query) (Decision, bool) {
				left = time.Until(q.Deadline)
				return Decision{Verdict: Unsat}, true
			}},
		}
		l := NewLadder(f, time.Second, nil, stages)
		_, p := l.DecideLight(c)
		time.Sleep(1100 * time.Millisecond) // past the limit, had it run on
		if d := l.Resume(p); d.Verdict != Unsat || left < 900*time.Millisecond {
			t.Errorf("resumed after a wait longer than the limit: %v (%s), %s left; want Unsat with about 1s left", d.Verdict, d.Reason, left)
		}
	})
}
