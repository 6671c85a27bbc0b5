package predict_test

import (
	"context"
	"math/rand"
	"testing"

	"gpredict/encode"
	"gpredict/internal/explore"
	"gpredict/internal/tracegen"
	. "gpredict/predict"
	"gpredict/predict/explain"
	"gpredict/trace"
)

// predict --explain on random traces, for the five properties of the
// differential tests under both branch models: every candidate the run
// does not report is explained as refuted (with --all nothing is left
// out by location groups, and nothing times out), the brute-force
// explorer agrees that no schedule shows it, every fact of every
// explanation holds in the trace (explain.Verify), and the pattern facts
// name the chosen events by their occurrences' names.
func TestExplainRefuted(t *testing.T) {
	props := differentialProps(t)
	r := rand.New(rand.NewSource(7))
	kinds := map[string]int{}
	for k := 0; k < 150; k++ {
		cfg := e2eConfig(k)
		cfg.Events = 6 + r.Intn(5)
		tr := tracegen.Random(r, cfg)
		inputs := matchAll(t, props, tr)
		for _, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
			res, err := Run(context.Background(), tr, inputs, Options{Branches: model, Jobs: 1, All: true})
			if err != nil {
				t.Fatal(err)
			}
			ex, err := ExplainRefuted(context.Background(), tr, inputs, res, ExplainOptions{Select: []explain.Selector{{All: true}}, Branches: model})
			if err != nil {
				t.Fatal(err)
			}
			if ex.Shown != 0 || ex.Undecided != 0 {
				t.Fatalf("trace %d (%s): %d shown, %d undecided; with --all and no timeout, want none", k, model, ex.Shown, ex.Undecided)
			}
			if got, want := len(ex.Refuted)+len(res.Violations)+len(res.Unknown), res.Stats.Candidates; got != want {
				t.Fatalf("trace %d (%s): %d refuted + %d violations + %d unknown, want the %d candidates",
					k, model, len(ex.Refuted), len(res.Violations), len(res.Unknown), want)
			}
			kinds["candidates"] += res.Stats.Candidates
			for _, rf := range ex.Refuted {
				c := encode.Candidate{Alt: &rf.Property.Normal.Alts[rf.Alt], Choice: rf.Choice}
				if ok, sched := explore.Decide(tr, model, c); ok {
					t.Fatalf("trace %d (%s): %s [%s] is explained as refuted, but the explorer finds %v\n%s",
						k, model, rf.Property.Name, idsOf(tr, rf.Choice), sched, traceText(tr))
				}
				kinds[rf.Explanation.By]++
				for _, f := range rf.Explanation.Facts {
					kinds[string(f.Kind)]++
					if err := explain.Verify(tr, model, f); err != nil {
						t.Fatalf("trace %d (%s): %s [%s]: %v\n%s", k, model, rf.Property.Name, idsOf(tr, rf.Choice), err, traceText(tr))
					}
					checkPatternNames(t, c, f)
				}
			}
		}
	}
	t.Logf("explanations and facts: %v", kinds)
	for _, k := range []string{explain.ByMHB, explain.BySolver, string(explain.PatternOrder), string(explain.PatternEvent)} {
		if kinds[k] == 0 {
			t.Errorf("no explanation used %s (counts: %v)", k, kinds)
		}
	}
}

// checkPatternNames checks that a pattern fact names each chosen event by
// the name of an occurrence it was chosen for.
func checkPatternNames(t *testing.T, c encode.Candidate, f explain.Fact) {
	t.Helper()
	for i, e := range f.Events {
		if i >= len(f.Names) || f.Names[i] == "" {
			continue
		}
		ok := false
		for j, r := range c.Choice {
			ok = ok || (r == e && c.Alt.Occs[j].Event == f.Names[i])
		}
		if !ok {
			t.Fatalf("%s: event %v is not chosen as %s", f.Text, e, f.Names[i])
		}
	}
}
