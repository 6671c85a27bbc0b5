package deadlock

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"gpredict/encode"
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
// (waits, notifies, re-entrant acquires), one of nested sections with
// a few hb facts at random places (withHBFacts) and one of tracegen.Random
// with Go's lock kinds (mutexes locked twice, rwmutexes whose writers
// wait, readers nested behind them, threads that end holding a lock or
// waiting for one). GPREDICT_DEADLOCK_SWEEP=N runs N rounds instead of
// the default 60. It fails unless the must-happen-before pre-filter
// (outOfOrder) ruled some candidates out, so that a pre-filter that rules
// out too much cannot pass unseen, and unless each Go shape was found.
func TestMatchesExplorer(t *testing.T) {
	rounds := sweepRounds(t, "GPREDICT_DEADLOCK_SWEEP", 60)
	byLength := map[int]int{} // deadlocks found, by number of threads (0: blocked by an ended thread)
	refuted := 0              // candidates the solver found to be no deadlock
	writers := 0              // deadlocks with a thread waiting for an rwmutex (writer preference)
	chain := 0                // candidates the ladder's chain stages settled
	ordered := 0              // candidates outOfOrder ruled out
	for seed := range rounds {
		r := rand.New(rand.NewSource(int64(seed)))
		for _, tr := range []*trace.Trace{tracegen.Sections(r, tracegen.SectionsConfig{}), tracegen.Random(r, tracegen.Config{}),
			withHBFacts(t, r, tracegen.Sections(r, tracegen.SectionsConfig{})),
			tracegen.Random(r, tracegen.Config{LockKinds: true, SharedWeight: 3, Threads: 3, Events: 8 + seed%4, Locks: 1 + seed%2})} {
			for m, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
				x := encode.NewModelIndex(tr, model)
				for _, c := range findCandidates(tr, defaultCycleLimits()).cands {
					if outOfOrder(x, model, c) {
						ordered++
					}
				}
				want := explored(tr, model)
				for _, d := range explore.Deadlocks(tr, model) {
					if tr.Event(d[len(d)-1]).Op == trace.OpEnd || tr.Event(d[0]).Op == trace.OpEnd {
						byLength[0]++
					} else {
						byLength[len(d)]++
					}
				}
				set := defaultSettings()
				set.greedy = (seed+m)%2 == 0
				res := predictWith(t, tr, model, set)
				got := reportedRequests(res)
				for _, v := range res.Violations {
					if slices.ContainsFunc(v.Choice, func(r trace.EventRef) bool {
						return tr.Event(r).Op == trace.OpRequest && tr.Kind(tr.Event(r).Obj).WriterPreference()
					}) {
						writers++
					}
				}
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
					if slices.Contains([]string{"closure", "greedy", "saturate", "greedy-saturated", "saturate-rf", "saturate-wide"}, st.Name) {
						chain += st.Found + st.Refuted
					}
				}
			}
		}
	}
	t.Logf("deadlocks by number of threads: %v (0: blocked by an ended thread); with a waiting writer: %d; candidates ruled out by must-happen-before: %d, refuted by the solver: %d; settled by the chain stages: %d",
		byLength, writers, ordered, refuted, chain)
	if rounds >= 60 && (byLength[3] == 0 || byLength[1] == 0 || byLength[0] == 0 || writers == 0 || refuted == 0 || ordered == 0) {
		t.Errorf("the random traces gave no 3-thread deadlock, no thread blocking itself, none blocked by an ended thread, none with a waiting writer, no refuted candidate or none ruled out by must-happen-before: the test checks too little")
	}
	// The ladder is asked about a cycle as a `||` block (reachAll), which
	// makes it a chain: its closure and greedy stages must take part.
	if rounds >= 60 && chain == 0 {
		t.Errorf("the ladder's chain stages settled no candidate: a cycle is not asked as a chain")
	}
}

// TestRecordingsMatchExplorer: on the recorded programs small enough for
// the explorer (the five smallest STD programs of testdata/traces, the
// ones the DataRace comparison of cmd/gpredict uses too), the built-in
// with --all reports exactly the explorer's deadlocks, under both branch
// models, with the greedy replay and with the ladder alone; and some are
// found (Bensalem, Bensalem_dlf and StringBuffer under either model,
// Deadlock and Transfer only under the explicit one).
func TestRecordingsMatchExplorer(t *testing.T) {
	found := 0
	for _, name := range []string{"Deadlock", "Bensalem_dlf", "Bensalem", "Transfer", "StringBuffer"} {
		tr := read(t, "../../testdata/traces/std/"+name+".std")
		for _, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
			want := explored(tr, model)
			found += len(want)
			for _, greedy := range []bool{true, false} {
				set := defaultSettings()
				set.greedy = greedy
				res := predictWith(t, tr, model, set)
				got := reportedRequests(res)
				if len(res.Unknown) > 0 || !slices.Equal(got, want) {
					t.Errorf("%s, %s model, greedy %v: built-in %q (%d unknown), explorer %q", name, model, greedy, got, len(res.Unknown), want)
				}
			}
		}
	}
	if found == 0 {
		t.Error("the explorer found no deadlock: the test compares nothing")
	}
}

// requestIDs lists what identifies a Deadlock violation as explore
// does, in id order: the request events of a cycle's choice (hold,
// request per thread), or the request and the `end` of a thread blocked
// by one that ended (request, hold, end).
func requestIDs(tr *trace.Trace, choice []trace.EventRef) string {
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

// withHBFacts returns tr with one to three hb facts between events of
// different threads, read back through the text format: facts at random
// places, so that some fall on a request, or on the event before it, or
// order what the greedy replay would run in another order. A draw whose
// facts close a cycle with program order, fork and join (the reader
// rejects it) is drawn again; after ten such draws tr comes back as it is.
func withHBFacts(t *testing.T, r *rand.Rand, tr *trace.Trace) *trace.Trace {
	t.Helper()
	var text strings.Builder
	if err := trace.WriteText(&text, tr); err != nil {
		t.Fatal(err)
	}
	var events []trace.EventRef
	for _, th := range tr.Threads {
		for i := range th.Events {
			events = append(events, trace.EventRef{Thread: th.ID, Index: uint32(i)})
		}
	}
	for range 10 {
		var facts strings.Builder
		for range 1 + r.Intn(3) {
			a, b := events[r.Intn(len(events))], events[r.Intn(len(events))]
			if a.Thread != b.Thread {
				fmt.Fprintf(&facts, "hb %s:%d %s:%d\n", tr.ThreadName(a.Thread), a.Index+1, tr.ThreadName(b.Thread), b.Index+1)
			}
		}
		if out, err := trace.ParseText("hb.trace", text.String()+facts.String()); err == nil {
			return out
		}
	}
	return tr
}
