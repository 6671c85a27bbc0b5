package deadlock

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gpredict/internal/explore"
	"gpredict/predict"
	"gpredict/predict/replay"
	"gpredict/trace"
)

func read(t *testing.T, path string) *trace.Trace {
	t.Helper()
	tr, err := trace.Read([]string{path}, "")
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// predictWith runs the built-in with set under model, deciding every
// cycle (--all).
func predictWith(t *testing.T, tr *trace.Trace, model trace.BranchModel, set settings) *predict.Result {
	t.Helper()
	res, err := run(t.Context(), tr, predict.Options{Branches: model, All: true, NewDecider: predict.NewZ3Decider}, set)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func ids(tr *trace.Trace, refs []trace.EventRef) string {
	s := make([]string, len(refs))
	for i, r := range refs {
		s[i] = tr.ID(r)
	}
	return strings.Join(s, " ")
}

func steps(tr *trace.Trace, sched []replay.Step) []string {
	out := make([]string, len(sched))
	for i, s := range sched {
		out[i] = s.Format(tr)
	}
	return out
}

// violations lists the chosen events of each violation of res.
func violations(res *predict.Result) []string {
	var out []string
	for _, v := range res.Violations {
		out = append(out, ids(res.Trace, v.Choice))
	}
	return out
}

// explored lists the explorer's deadlocks of tr under model, each as its
// requests in thread order, sorted (explore.Deadlocks).
func explored(tr *trace.Trace, model trace.BranchModel) []string {
	var out []string
	for _, d := range explore.Deadlocks(tr, model) {
		out = append(out, ids(tr, d))
	}
	return out
}

// reportedRequests lists the requests of each violation of res as
// explored lists the explorer's deadlocks.
func reportedRequests(res *predict.Result) []string {
	var out []string
	for _, v := range res.Violations {
		out = append(out, requestIDs(res.Trace, v.Choice))
	}
	slices.Sort(out)
	return out
}

// ringOf2 is two threads crossing locks a and b in their nested sections,
// both forked by T1 (T3 too, for the cases that give it events).
const ringOf2 = `
T1 fork T2
T1 fork T3
T1 acquire a
T1 acquire b
T1 release b
T1 release a
T2 acquire b
T2 acquire a
T2 release a
T2 release b
`

// sweepRounds is the number of rounds of a differential sweep: def, or
// the value of the environment variable env.
func sweepRounds(t *testing.T, env string, def int) int {
	t.Helper()
	s := os.Getenv(env)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%s=%q: %v", env, s, err)
	}
	return n
}
