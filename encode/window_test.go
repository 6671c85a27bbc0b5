package encode

import (
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/trace"
)

// TestWindowsCut checks where a window begins: at the last base position
// at least margin before the first chosen event where no lock is held
// shared, never after a wait or after the base order stops being an
// execution; a thread inside exclusive holds there begins with copies of
// their acquires.
func TestWindowsCut(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		choice    string
		margin    int
		ok        bool
		start     []int  // window start per thread
		held      []int  // copies of acquires per thread
		init      string // variable=value the window starts with
	}{
		{"a cut inside a hold copies its acquire", `T1 acquire l
T1 write x 1
T1 release l
T2 write z 1
T1 acquire l
T2 write z 2
T1 release l
T2 read x 1
T2 write x 3
`, "T2#3 T2#4", 1, true, []int{4, 2}, []int{1, 0}, "x=1"},
		{"nested holds are copied in order", `T1 acquire l
T1 acquire m
T1 write x 1
T2 write z 1
T1 release m
T1 release l
T2 read x 1
`, "T1#5 T2#2", 1, true, []int{3, 1}, []int{2, 0}, "x=1"},
		{"no cut after a wait", `T1 acquire l
T2 acquire m
T2 release m
T1 wait l
T2 notify l
T1 release l
T2 write x 1
T1 read x 1
`, "T2#4 T1#4", 0, true, []int{1, 2}, []int{1, 0}, ""},
		{"no cut after the base order stops being an execution", `T1 write x 1
T1 write y 1
T1 read x 2
T1 write z 1
T2 write x 2
T2 write z 2
`, "T1#4 T2#2", 1, true, []int{2, 0}, []int{0, 0}, "x=1"},
		{"no cut before the margin", `T1 write x 1
T2 write x 2
`, "T1#1 T2#1", 1, false, nil, nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := testtrace.Text(t, tc.src)
			choice := testtrace.Refs(t, tr, tc.choice)
			w, c, ok := NewWindows(tr).For(Candidate{Choice: choice}, tc.margin)
			if ok != tc.ok {
				t.Fatalf("window found %v, want %v", ok, tc.ok)
			}
			if !ok {
				return
			}
			for th, s := range tc.start {
				if w.Start[th] != s {
					t.Errorf("start %v, want %v", w.Start, tc.start)
					break
				}
			}
			for th, h := range tc.held {
				if w.Held[th] != h {
					t.Errorf("copies of acquires %v, want %v", w.Held, tc.held)
					break
				}
				for i := range h {
					if ev := w.Trace.Threads[th].Events[i]; ev.Op != trace.OpAcquire {
						t.Errorf("thread %d of the window begins with %v, want %d acquires", th, ev.Op, h)
					}
				}
			}
			for i, r := range c.Choice {
				if r.Index+uint32(w.Start[r.Thread]-w.Held[r.Thread]) != choice[i].Index {
					t.Errorf("chosen event %d moved to %v in the window, start %v", i, r, w.Start)
				}
			}
			if tc.init != "" {
				v, val := tc.init[:1], tc.init[2:]
				if got := w.Trace.Str(w.Trace.InitValue(tr.Syms.Intern(v))); got != val {
					t.Errorf("window starts with %s=%s, want %s", v, got, val)
				}
			}
			// Lift puts the past, in base order, before the window's steps.
			steps := w.Lift(0, []Step{{Ref: c.Choice[0]}})
			past := 0
			for _, s := range w.Start {
				past += s
			}
			if len(steps) != past+1 || steps[len(steps)-1].Ref != choice[0] {
				t.Errorf("lifted %v: want the %d past events and then %v", steps, past, choice[0])
			}
			for i := 1; i < past; i++ {
				a, b := steps[i-1].Ref, steps[i].Ref
				if tr.Threads[a.Thread].Arrival[a.Index] > tr.Threads[b.Thread].Arrival[b.Index] {
					t.Errorf("the past is not in base order: %v", steps[:past])
					break
				}
			}
		})
	}
}
