package deadlock

import (
	"strings"
	"testing"

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
