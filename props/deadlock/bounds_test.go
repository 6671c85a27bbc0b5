package deadlock

import (
	"io"
	"slices"
	"strings"
	"testing"

	"gpredict/predict"
	"gpredict/predict/report"
	"gpredict/trace"
)

// TestDiningPhilosophers runs the built-in on DiningPhil, a recording of
// five philosophers who each eat five times (testdata/recorded, MIT, see
// the README there): every choice of one round per philosopher is a
// 5-thread deadlock, 5^5 = 3,125 violations at one set of locations, all
// found by the greedy stage (a solver call each would take a minute).
func TestDiningPhilosophers(t *testing.T) {
	tr := read(t, "testdata/recorded/DiningPhil.std")
	res := predictWith(t, tr, trace.BranchesAuto, defaultSettings())
	if len(res.Violations) != 3125 || len(res.Unknown) != 0 || stageSummary(res) != "deadlock-greedy 3125/3125" {
		t.Fatalf("%d violations, %d unknown, stages %q; want 3125, 0, all found by the greedy stage",
			len(res.Violations), len(res.Unknown), stageSummary(res))
	}
	reps := res.Reports(false)
	if len(reps) != 1 || reps[0].Count != 3125 {
		t.Fatalf("%d reports, want 1 standing for all 3125", len(reps))
	}
	var binding []string
	for _, l := range reps[0].Binding {
		binding = append(binding, tr.Str(l))
	}
	if got := strings.Join(binding, " "); got != "L0 L1 L2 L3 L4" {
		t.Errorf("binding %s, want L0 L1 L2 L3 L4", got)
	}
	if got := ids(tr, reps[0].Choice); got != "T1#2 T1#4 T2#2 T2#4 T3#2 T3#4 T4#2 T4#4 T5#2 T5#4" {
		t.Errorf("first violation %s, want the first round of each philosopher", got)
	}
}

// TestBounds: what a bound of the search cuts off is reported as unknown,
// with the bound in the reason; nothing is dropped silently.
func TestBounds(t *testing.T) {
	tr := read(t, "testdata/recorded/DiningPhil.std")
	for _, tc := range []struct {
		name       string
		limits     cycleLimits
		violations int    // -1: some, but not all 3125
		unknown    string // the one unknown's events ("" for none)
		reason     string
	}{
		// The search picks T5's round last: the third candidate is
		// T5's third round (events 13 to 18) with everyone else's first.
		{"candidates", cycleLimits{candidates: 2, steps: MaxDeadlockSearchSteps}, 2,
			"T1#2 T1#4 T2#2 T2#4 T3#2 T3#4 T4#2 T4#4 T5#14 T5#16", "bound of 2 deadlock candidates (MaxDeadlockCandidates)"},
		{"steps before the first cycle", cycleLimits{candidates: MaxDeadlockCandidates, steps: 3}, 0,
			"", "bound of 3 steps (MaxDeadlockSearchSteps)"},
		{"steps after some cycles", cycleLimits{candidates: MaxDeadlockCandidates, steps: 40}, -1,
			"", "bound of 40 steps (MaxDeadlockSearchSteps)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			set := defaultSettings()
			set.limits = tc.limits
			res := predictWith(t, tr, trace.BranchesAuto, set)
			n := len(res.Violations)
			if (tc.violations >= 0 && n != tc.violations) || (tc.violations < 0 && (n == 0 || n >= 3125)) || len(res.Unknown) != 1 {
				t.Fatalf("%d violations, %d unknown; want %d and 1", len(res.Violations), len(res.Unknown), tc.violations)
			}
			u := res.Unknown[0]
			if got := ids(tr, u.Choice); got != tc.unknown || !strings.Contains(u.Reason, tc.reason) {
				t.Errorf("unknown %q (%s), want %q with reason containing %q", got, u.Reason, tc.unknown, tc.reason)
			}
			if len(u.Binding) != len(u.Property.Params) || len(u.Choice) != len(u.Property.Normal.Alts[0].Occs) {
				t.Errorf("unknown's binding and events do not fit its property")
			}
			for _, write := range []func(io.Writer, *predict.Result, report.Options) error{report.WriteText, report.WriteJSON} {
				var out strings.Builder
				if err := write(&out, res, report.Options{}); err != nil || !strings.Contains(out.String(), tc.reason) {
					t.Errorf("report (%v) lacks the reason:\n%s", err, out.String())
				}
			}
		})
	}
}

// TestDefaultBoundsReachNothingHere: with the default bounds the search
// of the recorded traces stops nowhere.
func TestDefaultBoundsReachNothingHere(t *testing.T) {
	for _, name := range []string{"DiningPhil.std", "Deadlock.std", "Transfer.std"} {
		found := findCandidates(read(t, "testdata/recorded/"+name), defaultCycleLimits())
		if found.beyond != nil || found.outOfSteps || len(found.cands) == 0 {
			t.Errorf("%s: %d candidates, cut off %v, out of steps %v", name, len(found.cands), found.beyond != nil, found.outOfSteps)
		}
	}
	if !slices.IsSorted([]int{MaxDeadlockCandidates, MaxDeadlockSearchSteps}) {
		t.Errorf("the step bound is below the candidate bound: every candidate costs at least one step")
	}
}
