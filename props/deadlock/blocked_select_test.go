package deadlock

import (
	"slices"
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/predict"
	"gpredict/trace"
)

// TestBlockedSelects: a thread waits in a select only when the select
// has no default and none of its cases is ready at the end (docs/
// semantics.md, Blocked ends). T0 joins T1 before it forks T2, the only
// sender on a: T1 waits in its select for ever — unless b is closed
// (T3), or the select has a default. The built-in's ends are the
// explorer's (not written down), and the first trace has one.
func TestBlockedSelects(t *testing.T) {
	const base = `
T0 fork T1
T0 join T1
T0 fork T2
T2 send a 1
`
	traces := []string{
		"select s1 recv:a recv:b\nT1 recv a 1 select=s1\n" + base,
		"select s1 recv:a recv:b\nT1 recv a 1 select=s1\nT0 fork T3\nT3 close b\n" + base,
		"select s1 recv:a recv:b default\nT1 recv a 1 select=s1\n" + base,
	}
	for k, text := range traces {
		tr := testtrace.Text(t, text)
		model := trace.BranchesImplicit
		want := exploredEnds(tr, model)
		res, err := runBlocked(t.Context(), tr, predict.Options{Branches: model, All: true, NewDecider: predict.NewZ3Decider}, defaultEndLimits())
		if err != nil {
			t.Fatalf("trace %d: %v", k, err)
		}
		if got := blockedIDs(res); !slices.Equal(got, want) {
			t.Errorf("trace %d: built-in %q, explorer %q", k, got, want)
		}
		if k == 0 && len(want) == 0 {
			t.Errorf("trace %d: no blocked end; want T1 waiting in its select", k)
		}
		if k > 0 && len(want) > 0 {
			t.Errorf("trace %d: blocked ends %q; want none (the select goes on)", k, want)
		}
	}
}
