package deadlock

import (
	"path/filepath"
	"slices"
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/predict"
	"gpredict/trace"
)

// twoRounds is a pair of threads that each run the same nested sections
// twice, over c and d, then over a and b, so that each pair of rounds is
// a cycle and the two cycles are one location group. T1 first takes a
// and b alone: the search meets the a-b cycle (T1#11 …) first, which in
// report order is the second. body goes between T1's two rounds, first
// is T2's first event.
func twoRounds(body, first string) string {
	return `
T1 acquire a   @Pre.java:1
T1 release a   @Pre.java:2
T1 acquire b   @Pre.java:3
T1 release b   @Pre.java:4
T1 fork T2     @Main.java:1
T1 acquire c   @Loop.java:1
T1 acquire d   @Loop.java:2
T1 release d   @Loop.java:3
T1 release c   @Loop.java:4
` + body + `
T1 acquire a   @Loop.java:1
T1 acquire b   @Loop.java:2
T1 release b   @Loop.java:3
T1 release a   @Loop.java:4
` + first + `
T2 acquire d   @Other.java:2
T2 acquire c   @Other.java:3
T2 release c   @Other.java:4
T2 release d   @Other.java:5
T2 acquire b   @Other.java:2
T2 acquire a   @Other.java:3
T2 release a   @Other.java:4
T2 release b   @Other.java:5
`
}

// TestGroupedMatchesAll: without --all the built-in leaves the cycles of
// a group after its first violation undecided (groups.go), and what it
// reports is what --all reports, grouped: the first violation of each
// group in report order; every cycle is counted once, as decided, not
// needed or pre-filtered, however many workers decide them.
func TestGroupedMatchesAll(t *testing.T) {
	type tc struct {
		name string
		tr   *trace.Trace
		// want is the grouped run's violations and skipped its cycles
		// not needed (nil, -1: a recorded trace's, not checked beyond
		// what --all reports).
		want    []string
		skipped int
	}
	cases := []tc{
		// The group's first violation in report order is the c-d cycle,
		// which the search finds second.
		{"the first in report order, not in search order",
			testtrace.Text(t, twoRounds("T1 write y 1 @Main.java:2", "T2 write z 1 @Other.java:1")),
			[]string{"T1#6 T1#7 T2#2 T2#3"}, 1},
		// T2 starts its sections only after T1's first round: the c-d
		// cycle is no deadlock, and the group's violation is the other.
		{"a group's first cycle ruled out, its second a violation",
			testtrace.Text(t, twoRounds("T1 write x 1 @Main.java:2", "T2 read x 1 @Other.java:1")),
			[]string{"T1#11 T1#12 T2#6 T2#7"}, 0},
	}
	paths, err := filepath.Glob("testdata/recorded/*.std")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no recorded traces (%v)", err)
	}
	for _, p := range paths {
		cases = append(cases, tc{name: filepath.Base(p), tr: read(t, p), skipped: -1})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			all := predictWith(t, c.tr, trace.BranchesImplicit, defaultSettings())
			var want []string
			for _, r := range all.Reports(false) {
				want = append(want, ids(c.tr, r.Choice))
			}
			if c.want != nil && !slices.Equal(want, c.want) {
				t.Fatalf("--all reports %q, want %q: the case tests something else", want, c.want)
			}
			for _, jobs := range []int{1, 3} {
				opts := predict.Options{Branches: trace.BranchesImplicit, Jobs: jobs, NewDecider: predict.NewZ3Decider}
				grouped, err := run(t.Context(), c.tr, opts, defaultSettings())
				if err != nil {
					t.Fatal(err)
				}
				if got := violations(grouped); !slices.Equal(got, want) {
					t.Errorf("%d jobs: violations %q, want %q", jobs, got, want)
				}
				st := grouped.Stats
				if st.SolverCalls+st.Skipped+st.Prefiltered != st.Candidates || (c.skipped >= 0 && st.Skipped != c.skipped) {
					t.Errorf("%d jobs: %d candidates: %d decided, %d not needed, %d pre-filtered; want every one counted once, %d not needed",
						jobs, st.Candidates, st.SolverCalls, st.Skipped, st.Prefiltered, c.skipped)
				}
			}
		})
	}
}
