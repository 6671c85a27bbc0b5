package query

import (
	"strings"
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/predict/explain"
	"gpredict/predict/stage"
	"gpredict/trace"
)

// TestWriterPreferenceExplained: asking for a writer's request between
// two shared acquires of an rwmutex by another thread is a "no" that
// writer preference explains, in a fact that names the reader, the
// request and the acquire, and holds in the trace (explain.Verify). With
// a re-entrant lock the same question is a yes.
func TestWriterPreferenceExplained(t *testing.T) {
	const body = `
T1 fork T2
T1 fork T3
T2 racquire l
T2 racquire l
T2 write x 1
T2 rrelease l
T2 rrelease l
T3 request l
T3 acquire l
T3 release l
`
	for _, tc := range []struct {
		kind string
		want stage.Verdict
	}{{"lock l : rwmutex\n", stage.Unsat}, {"", stage.Sat}} {
		tr := testtrace.Text(t, tc.kind+body)
		q, err := Parse(tr, []string{"T2#1 < T3#1 < T2#2"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		ans, err := Ask(tr, q, Options{Branches: trace.BranchesImplicit})
		if err != nil {
			t.Fatal(err)
		}
		if ans.Verdict != tc.want {
			t.Fatalf("%q: %s, want %s", tc.kind, ans.Verdict, tc.want)
		}
		if ans.Verdict != stage.Unsat {
			continue
		}
		found := false
		for _, f := range ans.Explanation.Facts {
			if err := explain.Verify(tr, trace.BranchesImplicit, f); err != nil {
				t.Error(err)
			}
			found = found || f.Text == "T2#2 does not take l shared while T3 waits to acquire it (from T3#1 to T3#2)"
		}
		if !found {
			var texts []string
			for _, f := range ans.Explanation.Facts {
				texts = append(texts, f.Text)
			}
			t.Errorf("no writer preference among the facts:\n%s", strings.Join(texts, "\n"))
		}
	}
}
