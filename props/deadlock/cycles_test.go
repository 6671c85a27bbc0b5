package deadlock

import (
	"gpredict/internal/testtrace"
	"slices"
	"testing"
)

// TestFindCycles checks the static search: which cycle candidates the
// lock-order graph gives, each as its requests' hold and request events
// (the report's events) in cycle order from the smallest thread.
func TestFindCycles(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"re-entrant acquires are not requests; two cycles share T1's request", `
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
`, []string{"T1#1 T1#3 T2#1 T2#3", "T1#1 T1#3 T2#1 T2#2 T3#1 T3#2"}},
		{"one thread cannot wait for itself", `
T1 acquire a
T1 acquire b
T1 release b
T1 release a
T1 acquire b
T1 acquire a
T1 release a
T1 release b
`, nil},
		{"a ring of three is one cycle, found once", `
T1 acquire a
T1 acquire b
T1 release b
T1 release a
T2 acquire b
T2 acquire c
T2 release c
T2 release b
T3 acquire c
T3 acquire a
T3 release a
T3 release c
`, []string{"T1#1 T1#2 T2#1 T2#2 T3#1 T3#2"}},
		{"every request of a looping thread is a candidate", `
T1 acquire a
T1 acquire b
T1 release b
T1 release a
T1 acquire a
T1 acquire b
T1 release b
T1 release a
T2 acquire b
T2 acquire a
T2 release a
T2 release b
`, []string{"T1#1 T1#2 T2#1 T2#2", "T1#5 T1#6 T2#1 T2#2"}},
		{"a guard lock held at two requests rules the pick out", `
T1 acquire g
T1 acquire a
T1 acquire b
T1 release b
T1 release a
T1 release g
T2 acquire b
T2 acquire c
T2 release c
T2 release b
T3 acquire g
T3 acquire c
T3 acquire a
T3 release a
T3 release c
T3 release g
`, nil},
		{"a lock held by one thread only is no guard", `
T1 acquire g
T1 acquire a
T1 acquire b
T1 release b
T1 release a
T1 release g
T2 acquire b
T2 acquire a
T2 release a
T2 release b
`, []string{"T1#2 T1#3 T2#1 T2#2"}},
		{"locks of a cycle are distinct", `
T1 acquire a
T1 acquire b
T1 release b
T1 release a
T2 acquire b
T2 acquire a
T2 release a
T2 release b
T3 acquire b
T3 acquire c
T3 release c
T3 release b
T4 acquire c
T4 acquire a
T4 release a
T4 release c
`, []string{"T1#1 T1#2 T2#1 T2#2", "T1#1 T1#2 T3#1 T3#2 T4#1 T4#2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := testtrace.Text(t, tc.src)
			found := findCandidates(tr, defaultCycleLimits())
			var got []string
			shapes := reportShapes{}
			for _, c := range found.cands {
				got = append(got, ids(tr, shapes.violation(c).Choice))
			}
			if !slices.Equal(got, tc.want) || found.beyond != nil || found.outOfSteps {
				t.Errorf("cycles = %q (cut off: %v, out of steps: %v), want %q", got, found.beyond != nil, found.outOfSteps, tc.want)
			}
		})
	}
}
