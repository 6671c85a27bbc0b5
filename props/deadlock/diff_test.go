package deadlock

import (
	"math/rand"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gpredict/internal/explore"
	"gpredict/internal/tracegen"
	"gpredict/trace"
)

// TestMatchesExplorer is the differential test of the built-in: on small
// random traces, the deadlocks it reports are exactly those that the
// brute-force explorer finds by visiting every reachable state, under
// both branch models, with the greedy stage and with the solver alone
// (taking turns, as the solver's setting up dominates the test's time) —
// "the solver" being the engine's whole ladder, whose chain stages see
// each cycle as one `||` block of its requests' stand-ins. Every
// reported witness has passed the replay checks (an internal error fails
// the test). Each round takes one trace of nested lock sections
// (tracegen.Sections: cycles of two to four threads, guard locks, reads
// that order sections, late forks, joins), one of tracegen.Random
// (waits, notifies, re-entrant acquires) and one of tracegen.Random with
// Go's lock kinds (mutexes locked twice, rwmutexes whose writers wait,
// readers nested behind them, threads that end holding a lock or waiting
// for one). GPREDICT_DEADLOCK_SWEEP=N runs N rounds instead of the
// default 60.
func TestMatchesExplorer(t *testing.T) {
	rounds := 60
	if s := os.Getenv("GPREDICT_DEADLOCK_SWEEP"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("GPREDICT_DEADLOCK_SWEEP=%q: %v", s, err)
		}
		rounds = n
	}
	byLength := map[int]int{} // deadlocks found, by number of threads (0: blocked by an ended thread)
	refuted := 0              // candidates the solver found to be no deadlock
	writers := 0              // deadlocks with a thread waiting for an rwmutex (writer preference)
	chain := 0                // candidates the ladder's chain stages settled
	for seed := range rounds {
		r := rand.New(rand.NewSource(int64(seed)))
		goLocks := tracegen.Random(r, tracegen.Config{LockKinds: true, SharedWeight: 3, Threads: 2 + seed%2, Events: 10})
		for _, tr := range []*trace.Trace{tracegen.Sections(r, tracegen.SectionsConfig{}), tracegen.Random(r, tracegen.Config{}), goLocks} {
			for m, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
				var want []string
				for _, d := range explore.Deadlocks(tr, model) {
					want = append(want, ids(tr, d))
					if tr.Event(d[len(d)-1]).Op == trace.OpEnd || tr.Event(d[0]).Op == trace.OpEnd {
						byLength[0]++
					} else {
						byLength[len(d)]++
					}
				}
				set := defaultSettings()
				set.greedy = (seed+m)%2 == 0
				res := predictWith(t, tr, model, set)
				var got []string
				for _, v := range res.Violations {
					got = append(got, blockedIDs(tr, v.Choice))
					if slices.ContainsFunc(v.Choice, func(r trace.EventRef) bool {
						return tr.Event(r).Op == trace.OpRequest && tr.Kind(tr.Event(r).Obj).WriterPreference()
					}) {
						writers++
					}
				}
				slices.Sort(got)
				if len(res.Unknown) > 0 || !slices.Equal(got, want) {
					var text strings.Builder
					_ = trace.WriteText(&text, tr)
					t.Fatalf("seed %d, %s model, greedy %v: built-in %q (%d unknown), explorer %q\n%s",
						seed, model, set.greedy, got, len(res.Unknown), want, text.String())
				}
				if !set.greedy {
					refuted += res.Stats.SolverCalls - len(got)
				}
				for _, st := range res.Stats.Stages {
					if slices.Contains([]string{"closure", "greedy", "saturate", "greedy-saturated", "saturate-wide"}, st.Name) {
						chain += st.Found + st.Refuted
					}
				}
			}
		}
	}
	t.Logf("deadlocks by number of threads: %v (0: blocked by an ended thread); with a waiting writer: %d; candidates refuted by the solver: %d; settled by the chain stages: %d", byLength, writers, refuted, chain)
	if rounds >= 60 && (byLength[3] == 0 || byLength[1] == 0 || byLength[0] == 0 || writers == 0 || refuted == 0) {
		t.Errorf("the random traces gave no 3-thread deadlock, no thread blocking itself, none blocked by an ended thread, none with a waiting writer or no refuted candidate: the test checks too little")
	}
	// The ladder is asked about a cycle as a `||` block (reachAll), which
	// makes it a chain: its closure and greedy stages must take part.
	if rounds >= 60 && chain == 0 {
		t.Errorf("the ladder's chain stages settled no candidate: a cycle is not asked as a chain")
	}
}

// blockedIDs lists what identifies a Deadlock violation as explore
// does, in id order: the request events of a cycle's choice (hold,
// request per thread), or the request and the `end` of a thread blocked
// by one that ended (request, hold, end).
func blockedIDs(tr *trace.Trace, choice []trace.EventRef) string {
	var reqs []trace.EventRef
	if len(choice) == 3 {
		reqs = []trace.EventRef{choice[0], choice[2]}
	} else {
		for i := 1; i < len(choice); i += 2 {
			reqs = append(reqs, choice[i])
		}
	}
	slices.SortFunc(reqs, func(a, b trace.EventRef) int {
		if a.Less(b) {
			return -1
		}
		return 1
	})
	return ids(tr, reqs)
}
