package deadlock

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/internal/testwitness"
	"gpredict/predict"
	"gpredict/trace"
)

// TestTruncateClosure checks the two closure rules of truncate: a thread
// forked by a cut-away event keeps nothing, and a thread that joins a cut
// thread stops at the join (transitively).
func TestTruncateClosure(t *testing.T) {
	tr := testtrace.Text(t, `
T1 acquire a
T1 acquire b
T1 fork T3
T1 release b
T3 write x 1
T4 join T1
T4 write y 1
T5 write z 1
T5 join T4
T5 write z 2
T2 write w 1
`)
	th := func(name string) trace.ThreadID {
		id, ok := tr.ThreadByName(name)
		if !ok {
			t.Fatalf("no thread %s", name)
		}
		return id
	}
	cut := make([]int, len(tr.Threads))
	for i := range cut {
		cut[i] = -1
	}
	cut[th("T1")] = 1 // stop before `acquire b`
	got := truncate(tr, cut)
	want := map[string]int{"T1": 1, "T2": 1, "T3": 0, "T4": 0, "T5": 1}
	for name, n := range want {
		c := got.Threads[th(name)]
		if len(c.Events) != n {
			t.Errorf("%s keeps %d events, want %d", name, len(c.Events), n)
		}
		if n == 0 && c.HasFork {
			t.Errorf("%s keeps no events but still points at its fork", name)
		}
	}
	if len(tr.Threads[th("T1")].Events) != 4 {
		t.Errorf("truncate changed the original trace")
	}
}

// TestDeadlockAfterWait: when the last event before a request is a wait,
// the witness must contain the whole wait (release, wake, re-acquire), not
// only its release part.
func TestDeadlockAfterWait(t *testing.T) {
	tr := testtrace.Text(t, `
T1 fork T2
T1 acquire a
T1 acquire m
T1 wait m
T1 acquire b
T1 release b
T1 release m
T1 release a
T2 acquire b
T2 notify m
T2 acquire a
T2 release a
T2 release b
`)
	res := predictWith(t, tr, trace.BranchesAuto, defaultSettings())
	if got := violations(res); !slices.Equal(got, []string{"T1#2 T1#5 T2#1 T2#3"}) {
		t.Fatalf("violations %q, want [T1#2 T1#5 T2#1 T2#3]", got)
	}
	if s := steps(tr, testwitness.Schedule(t, tr, res.Violations[0])); !slices.Contains(s, "T1#4.reacquire") {
		t.Errorf("witness %v does not complete T1's wait", s)
	}
}

// TestStagesAgree decides the catalogue's Deadlock traces with the greedy
// stage and with the solver alone, under both branch models: the same
// violations, and no unknown.
func TestStagesAgree(t *testing.T) {
	paths, err := filepath.Glob("../testdata/Deadlock/*.trace")
	if err != nil || len(paths) < 8 {
		t.Fatalf("%d Deadlock test traces (%v)", len(paths), err)
	}
	for _, path := range paths {
		tr := read(t, path)
		for _, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
			var got [2][]string
			for i, greedy := range []bool{true, false} {
				set := defaultSettings()
				set.greedy = greedy
				res := predictWith(t, tr, model, set)
				if len(res.Unknown) > 0 {
					t.Errorf("%s, %s model, greedy %v: %d unknown", path, model, greedy, len(res.Unknown))
				}
				got[i] = violations(res)
			}
			if !slices.Equal(got[0], got[1]) {
				t.Errorf("%s, %s model: greedy stage %q, solver alone %q", path, model, got[0], got[1])
			}
		}
	}
}

// TestReadsBeforeRequest: under the implicit model a thread reaches its
// request only with the reads before it consistent; under the explicit
// model (no branch events) no read counts.
func TestReadsBeforeRequest(t *testing.T) {
	tr := read(t, "../testdata/Deadlock/negative-read-before-request.trace")
	for _, tc := range []struct {
		model trace.BranchModel
		want  []string
	}{
		{trace.BranchesImplicit, nil},
		{trace.BranchesExplicit, []string{"T1#2 T1#4 T2#1 T2#2"}},
	} {
		for _, greedy := range []bool{true, false} {
			set := defaultSettings()
			set.greedy = greedy
			if got := violations(predictWith(t, tr, tc.model, set)); !slices.Equal(got, tc.want) {
				t.Errorf("%s model, greedy %v: violations %q, want %q", tc.model, greedy, got, tc.want)
			}
		}
	}
}

// TestGreedyWitnessIsTrimmed: the greedy stage runs every thread as far
// as it can, and the witness keeps only what the deadlock needs: not T4,
// whose events nothing needs, but T3 up to the end of its hold of m,
// because T3 writes the x that T1 reads and T2 takes m afterwards.
func TestGreedyWitnessIsTrimmed(t *testing.T) {
	tr := testtrace.Text(t, `
T1 fork T2
T1 fork T3
T1 fork T4
T3 acquire m
T3 write x 1
T3 release m
T3 write y 1
T4 write z 1
T4 write z 2
T1 read x 1
T1 acquire a
T1 acquire b
T1 release b
T1 release a
T2 acquire m
T2 release m
T2 acquire b
T2 acquire a
T2 release a
T2 release b
`)
	res := predictWith(t, tr, trace.BranchesImplicit, defaultSettings())
	if len(res.Violations) != 1 || stageSummary(res) != "deadlock-greedy 1/1" {
		t.Fatalf("%d violations, stages %q; want 1 found by the greedy stage", len(res.Violations), stageSummary(res))
	}
	got := strings.Join(steps(tr, testwitness.Schedule(t, tr, res.Violations[0])), " ")
	if want := "T1#1 T1#2 T1#3 T3#1 T3#2 T3#3 T1#4 T1#5 T2#1 T2#2 T2#3"; got != want {
		t.Errorf("witness %s, want %s", got, want)
	}
}

// TestJobsDoNotChangeTheResult: the cycles are decided on --jobs workers
// (decideAll); one worker and several give the same violations, unknown
// candidates and counts, in the same order, with --all and without it
// (where which cycles a worker decided before their group's first
// violation was known depends on timing, but what is reported and
// counted does not: groups.go).
func TestJobsDoNotChangeTheResult(t *testing.T) {
	paths, err := filepath.Glob("../testdata/Deadlock/*.trace")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range append(paths, "testdata/recorded/DiningPhil.std", "testdata/recorded/Transfer.std") {
		tr := read(t, path)
		for _, all := range []bool{true, false} {
			var got [2]string
			for i, jobs := range []int{1, 3} {
				opts := predict.Options{Branches: trace.BranchesImplicit, Jobs: jobs, All: all, NewDecider: predict.NewZ3Decider}
				res, err := run(t.Context(), tr, opts, defaultSettings())
				if err != nil {
					t.Fatal(err)
				}
				var unknown []string
				for _, u := range res.Unknown {
					unknown = append(unknown, ids(tr, u.Choice)+": "+u.Reason)
				}
				found := 0
				for _, s := range res.Stats.Stages {
					found += s.Found
				}
				got[i] = fmt.Sprintf("violations %q unknown %q decided %d pre-filtered %d not needed %d found by stages %d",
					violations(res), unknown, res.Stats.SolverCalls, res.Stats.Prefiltered, res.Stats.Skipped, found)
			}
			if got[0] != got[1] {
				t.Errorf("%s, all %v: one worker: %s\nthree workers: %s", path, all, got[0], got[1])
			}
		}
	}
}

// TestHBFacts: the trace's hb facts bind the greedy replay and its
// trimmed witness as they bind every schedule, and a fact into a request
// itself constrains nothing, since a blocked request is not performed
// (docs/trace-format.md): the explorer counts such a thread as having
// reached it. Each case is decided with the greedy replay and with the
// ladder alone, under both branch models, and compared with the explorer.
// (Before, the replay ignored the facts and the witness check counted a
// fact into a request: both gave witnesses that failed the replay checks,
// an internal error.)
func TestHBFacts(t *testing.T) {
	for _, tc := range []struct {
		name, facts string
		want        []string
	}{
		// T3's write comes last in the recording, so the replay would
		// take T2's section first without the fact.
		{"a fact into the section orders the replay", "T3 write y 1\nhb T3:1 T2:1", []string{"T1#3 T1#4 T2#1 T2#2"}},
		{"a fact into the request", "T1 write y 1\nhb T1:7 T2:2", []string{"T1#3 T1#4 T2#1 T2#2"}},
		{"a fact from after a request into the section", "T1 write y 1\nhb T1:7 T2:1", nil},
	} {
		tr := testtrace.Text(t, ringOf2+tc.facts)
		for _, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
			want := explored(tr, model)
			for _, greedy := range []bool{true, false} {
				set := defaultSettings()
				set.greedy = greedy
				res := predictWith(t, tr, model, set)
				got, reqs := violations(res), reportedRequests(res)
				if !slices.Equal(got, tc.want) || !slices.Equal(reqs, want) {
					t.Errorf("%s, %s model, greedy %v: violations %q (requests %q), want %q; the explorer finds %q",
						tc.name, model, greedy, got, reqs, tc.want, want)
				}
			}
		}
	}
}

// TestGreedyStopsAtTheRequests: the greedy replay ends once every thread
// of the cycle is at its request; T3, whose events come last in the
// recording and which nothing in the cycle needs, is not run at all (on a
// long recording running the rest of every thread was most of the
// replay's time).
func TestGreedyStopsAtTheRequests(t *testing.T) {
	tr := testtrace.Text(t, ringOf2+"T3 write x 1\nT3 write x 2")
	found := findCandidates(tr, defaultCycleLimits())
	if len(found.cands) != 1 {
		t.Fatalf("%d candidates, want 1", len(found.cands))
	}
	g := newGreedy(tr, found.cands[0])
	g.run()
	if got := strings.Join(steps(tr, g.sched), " "); got != "T1#1 T1#2 T1#3 T2#1" {
		t.Errorf("the replay ran %s, want T1#1 T1#2 T1#3 T2#1", got)
	}
}
