package deadlock

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"gpredict/internal/explore"
	"gpredict/internal/tracegen"
	"gpredict/predict"
	"gpredict/trace"
)

// TestBlockedMatchesExplorer is the differential test of the Blocked
// built-in: on small random traces with channels, locks (Go's kinds
// too), forks, joins and hb facts, the ends it reports (with --all) are
// exactly the blocked ends the brute-force explorer finds by visiting
// every reachable state (explore.BlockedEnds), under both branch models.
// Every reported witness has passed replay.Checker.Stuck (an internal
// error fails the test). The traces have no waits: a wait woken by a
// notify and then kept from its lock is an end the search does not
// build (docs/properties.md, Blocked, Limits). GPREDICT_BLOCKED_SWEEP=N
// runs N rounds instead of the default 40. It fails unless ends of each
// kind were found — a receive, a send, a recvwait, a latchwait, a lock
// behind them — and
// some candidate end was refuted by the ladder, so that a search that
// finds too little, or a ladder asked nothing, cannot pass unseen.
func TestBlockedMatchesExplorer(t *testing.T) {
	rounds := sweepRounds(t, "GPREDICT_BLOCKED_SWEEP", 40)
	kinds := map[trace.Op]int{}
	refuted, compared := 0, 0
	for seed := range rounds {
		r := rand.New(rand.NewSource(int64(seed)))
		for _, tr := range []*trace.Trace{
			tracegen.Random(r, tracegen.Config{Chans: 1 + seed%2, WaitWeight: -1, Events: 6 + seed%5}),
			tracegen.Random(r, tracegen.Config{Chans: 1, LockKinds: true, WaitWeight: -1, JoinWeight: 3, Threads: 3, Events: 6 + seed%4, HBFacts: seed % 3}),
			mixedTrace(t, r),
			// Selects: a thread waits in one only when it has no default
			// and none of its cases is ready.
			tracegen.Random(r, tracegen.Config{Chans: 2, Selects: true, WaitWeight: -1, Events: 6 + seed%5}),
		} {
			if hasWait(tr) {
				continue
			}
			for _, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
				var want []string
				for _, e := range explore.BlockedEnds(tr, model) {
					want = append(want, endID(tr, e))
					for _, a := range e.At {
						kinds[tr.Event(a).Op]++
					}
				}
				res, err := runBlocked(t.Context(), tr, predict.Options{Branches: model, All: true, NewDecider: predict.NewZ3Decider}, defaultEndLimits())
				if err != nil {
					var text strings.Builder
					_ = trace.WriteText(&text, tr)
					t.Fatalf("seed %d, %s model: %v\n%s", seed, model, err, text.String())
				}
				got := blockedIDs(res)
				slices.Sort(want)
				compared++
				if len(res.Unknown) > 0 || !slices.Equal(got, want) {
					var text strings.Builder
					_ = trace.WriteText(&text, tr)
					t.Fatalf("seed %d, %s model: built-in %q (%d unknown), explorer %q\n%s", seed, model, got, len(res.Unknown), want, text.String())
				}
				refuted += res.Stats.SolverCalls - len(got)
			}
		}
	}
	t.Logf("%d comparisons; stuck events by op: %v; ends refuted by the ladder: %d", compared, kinds, refuted)
	if rounds >= 40 && (kinds[trace.OpRecv] == 0 || kinds[trace.OpSend] == 0 || kinds[trace.OpRecvWait] == 0 || kinds[trace.OpLatchWait] == 0 || kinds[trace.OpAcquire]+kinds[trace.OpRequest] == 0 || refuted == 0) {
		t.Errorf("the random traces gave no end stuck in a receive, a send, a recvwait, a latchwait or a lock, or no refuted end: the test checks too little")
	}
}

func hasWait(tr *trace.Trace) bool {
	for _, th := range tr.Threads {
		for _, ev := range th.Events {
			if ev.Op == trace.OpWait {
				return true
			}
		}
	}
	return false
}

// mixedTrace draws a small trace of channel operations inside and
// outside lock sections: T1 forks the others, each thread runs two to
// four blocks — a send or receive of c0 or c1 (capacity 0 or 1), alone
// or inside a section of m1 or m2, or a join of a later thread — and
// ends with `end`, with a `recvwait` (the run ended while it waited to
// receive), with a `latchwait` (… for a latch no event opens) or stops. The traces need not be executions: the
// built-in and the explorer must agree on any trace.
func mixedTrace(t *testing.T, r *rand.Rand) *trace.Trace {
	t.Helper()
	var b strings.Builder
	n := 2 + r.Intn(2)
	for c := range 2 {
		fmt.Fprintf(&b, "chan c%d : %d\n", c, r.Intn(2))
	}
	for i := 2; i <= n; i++ {
		fmt.Fprintf(&b, "T1 fork T%d\n", i)
	}
	for i := 1; i <= n; i++ {
		for range 2 + r.Intn(3) {
			op := fmt.Sprintf("%s c%d 1", []string{"send", "recv"}[r.Intn(2)], r.Intn(2))
			if r.Intn(6) == 0 && i < n {
				op = fmt.Sprintf("join T%d", i+1+r.Intn(n-i))
			}
			if r.Intn(2) == 0 {
				m := fmt.Sprintf("m%d", 1+r.Intn(2))
				fmt.Fprintf(&b, "T%d acquire %s\nT%d %s\nT%d release %s\n", i, m, i, op, i, m)
			} else {
				fmt.Fprintf(&b, "T%d %s\n", i, op)
			}
		}
		switch r.Intn(5) {
		case 0, 1:
			fmt.Fprintf(&b, "T%d end\n", i)
		case 2:
			// The recorded run ended while it waited to receive.
			fmt.Fprintf(&b, "T%d recvwait c%d\n", i, r.Intn(2))
		case 3:
			// The recorded run ended while it waited for a latch that
			// no event opens.
			fmt.Fprintf(&b, "T%d latchwait wg\n", i)
		}
	}
	tr, err := trace.ParseText("mixed.trace", b.String())
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	return tr
}

// endID identifies an explorer's end as blockedIDs does a report: the
// events waited in, and "forever" when it is closed.
func endID(tr *trace.Trace, e explore.BlockedEnd) string {
	if e.Closed {
		return ids(tr, e.At) + " forever"
	}
	return ids(tr, e.At)
}

// exploredEnds lists the explorer's blocked ends of tr under model as
// endID does, sorted.
func exploredEnds(tr *trace.Trace, model trace.BranchModel) []string {
	var ids []string
	for _, e := range explore.BlockedEnds(tr, model) {
		ids = append(ids, endID(tr, e))
	}
	slices.Sort(ids)
	return ids
}

// blockedIDs lists the reports of res as endID does, sorted.
func blockedIDs(res *predict.Result) []string {
	var out []string
	for _, v := range res.Violations {
		s := ids(res.Trace, v.Choice)
		if v.Property.Events[0].Name == "forever" {
			s += " forever"
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}
