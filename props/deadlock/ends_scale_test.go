package deadlock

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"gpredict/predict"
	"gpredict/trace"
)

// suiteTrace is a recorded test suite's shape (issue 24's bigcache): a
// main goroutine forks tests that share nothing; each test sends n
// values on its own buffered channel to `consumers` goroutines, which
// take a shard lock and, inside it, an atomic's lock after each
// receive, then see the channel closed; two more goroutines of each test
// nest two locks in opposite orders (a lock-order inversion: a deadlock,
// no blocked end, but a choice of stops each test can take) when
// inversions is set. With pairing, the pairing case (testdata) is
// appended as one more test: its ends are the trace's only ones.
func suiteTrace(t *testing.T, tests, consumers, n int, inversions, pairing bool) *trace.Trace {
	t.Helper()
	var b strings.Builder
	for i := range tests {
		fmt.Fprintf(&b, "chan c%d : 2\nmain fork P%d\n", i, i)
		for k := range consumers {
			fmt.Fprintf(&b, "P%d fork C%d_%d\n", i, i, k)
		}
		for v := range n {
			fmt.Fprintf(&b, "P%d send c%d %d\n", i, i, v)
		}
		for k, order := range [][2]string{{"a", "b"}, {"b", "a"}} {
			if !inversions {
				break
			}
			g := fmt.Sprintf("N%d_%d", i, k)
			x, y := fmt.Sprintf("%s%d", order[0], i), fmt.Sprintf("%s%d", order[1], i)
			fmt.Fprintf(&b, "P%d fork %s\n%s acquire %s\n%s acquire %s\n%s release %s\n%s release %s\n%s end\n", i, g, g, x, g, y, g, y, g, x, g)
		}
		fmt.Fprintf(&b, "P%d close c%d\nP%d end\n", i, i, i)
		for k := range consumers {
			for v := k; v < n; v += consumers {
				fmt.Fprintf(&b, "C%d_%d recv c%d %d\nC%[1]d_%d acquire shard%d\nC%[1]d_%d acquire hits%[3]d\nC%[1]d_%d release hits%[3]d\nC%[1]d_%d release shard%[3]d\n", i, k, i, v)
			}
			fmt.Fprintf(&b, "C%d_%d recvclosed c%d\nC%[1]d_%d end\n", i, k, i)
		}
	}
	if pairing {
		text, err := os.ReadFile("testdata/blocked/pairing.trace")
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString("main fork T1\n")
		b.Write(text)
	}
	b.WriteString("main end\n")
	tr, err := trace.ParseText("suite.trace", b.String())
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestBlockedSearchScales: on a suite of independent tests the search
// of ends costs the sum of the tests' searches, not their product, and
// a test with thousands of receives and lock acquires costs a few steps
// per stop of its sender; 16 tests that can each stop in a lock-order
// deadlock are 2^16 choices together, 16 × 2 apart. The one test with ends (pairing) keeps exactly
// its own ends. With the tests searched together (no components), every
// stop tried (no pruning) or a sender's stuck sends each tried against
// every receive of a consumer (no groups), the search runs out of its
// steps here.
func TestBlockedSearchScales(t *testing.T) {
	lim := endLimits{ends: MaxBlockedEnds, steps: 20_000}
	for _, tc := range []struct {
		name string
		tr   *trace.Trace
		want []string
	}{
		{"inversions", suiteTrace(t, 16, 4, 120, true, false), nil},
		{"pairing", suiteTrace(t, 8, 4, 120, false, true), []string{"W1#2", "W2#2"}},
	} {
		found := findEnds(tc.tr, trace.BranchesImplicit, nil, lim)
		if found.outOfSteps || found.beyond {
			t.Fatalf("%s: the search stopped at its bound (steps %v, ends %v)", tc.name, found.outOfSteps, found.beyond)
		}
		var got []string
		for _, e := range found.ends {
			got = append(got, ids(tc.tr, e.stuck))
		}
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: ends %q, want %q", tc.name, got, tc.want)
		}
	}
	// Decided end to end on a small suite (the ladder decides these ends
	// with its exact stage, whose cost grows with the whole cut trace).
	small := suiteTrace(t, 2, 2, 4, false, true)
	res, err := runBlocked(t.Context(), small, predict.Options{Branches: trace.BranchesImplicit, All: true, NewDecider: predict.NewZ3Decider}, lim)
	if err != nil {
		t.Fatal(err)
	}
	if got := blockedIDs(res); len(res.Unknown) > 0 || !slices.Equal(got, []string{"W1#2", "W2#2 forever"}) {
		t.Errorf("reports %q, %d unknown; want pairing's two ends", got, len(res.Unknown))
	}
}

// TestBlockedLockChoicesPruned: five philosophers who each take two
// locks five times have 5^5 choices of stops that deadlock them, and T1
// ends in a send nobody receives. Only T1 can wait for something other
// than a lock, so only the choices in which it does are kept: one end
// (everyone else finished), well within a bound of 100 ends that the
// lock-only choices alone would exceed.
func TestBlockedLockChoicesPruned(t *testing.T) {
	var b strings.Builder
	for r := range 5 {
		for i := range 5 {
			a, c := fmt.Sprintf("L%d", i), fmt.Sprintf("L%d", (i+1)%5)
			for _, step := range []string{"acquire " + a, "acquire " + c, "release " + c, "release " + a} {
				fmt.Fprintf(&b, "T%d %s @P.go:%d\n", i+1, step, 10+r)
			}
		}
	}
	b.WriteString("T1 send c 1 @P.go:20\n")
	tr, err := trace.ParseText("phil.trace", b.String())
	if err != nil {
		t.Fatal(err)
	}
	found := findEnds(tr, trace.BranchesImplicit, nil, endLimits{ends: 100, steps: MaxBlockedSearchSteps})
	var got []string
	for _, e := range found.ends {
		got = append(got, ids(tr, e.stuck))
	}
	if found.beyond || found.outOfSteps || !slices.Equal(got, []string{"T1#21"}) {
		t.Errorf("ends %q (beyond %v, out of steps %v), want T1#21 alone", got, found.beyond, found.outOfSteps)
	}
}
