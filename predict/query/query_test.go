package query

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/predict/explain"
	"gpredict/predict/report/witness"
	"gpredict/predict/stage"
	"gpredict/trace"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

func readTrace(t testing.TB, name string) *trace.Trace {
	t.Helper()
	return testtrace.File(t, filepath.Join("testdata", name))
}

// The answers to hand-written questions, as the text report prints them
// (golden files: go test ./predict/query -run TestAnswers -update
// rewrites them). Each case says which verdict it must have, so that a
// golden file cannot silently pin a wrong answer.
func TestAnswers(t *testing.T) {
	cases := []struct {
		name, trace   string
		orders, reads []string
		branches      trace.BranchModel
		want          stage.Verdict
		by            string // for Unsat: where the explanation comes from
	}{
		{name: "fig8_yes", trace: "fig8.trace", orders: []string{"T2#1 < T1#4", "T1#3 < T2#1"}, want: stage.Sat},
		{name: "fork_no", trace: "fig8.trace", orders: []string{"T2#1 < T1#2"}, want: stage.Unsat, by: explain.ByMHB},
		{name: "must_read_from_no", trace: "reads.trace", orders: []string{"T2#4 < T1#2"}, want: stage.Unsat, by: explain.ByMHB},
		{name: "initial_value_no", trace: "reads.trace", orders: []string{"T1#4 < T2#2"}, reads: []string{"T2#3 reads 0"},
			want: stage.Unsat, by: explain.BySolver},
		{name: "two_values_no", trace: "reads.trace", orders: []string{"T2#1 < T2#2"}, reads: []string{"T2#1 reads 0"},
			want: stage.Unsat, by: explain.BySolver},
		{name: "other_value_yes", trace: "reads.trace", reads: []string{"T2#3 reads 1"}, want: stage.Sat},
		{name: "unwritten_value_no", trace: "reads.trace", reads: []string{"T2#3 reads y=7"}, want: stage.Unsat, by: explain.BySolver},
		{name: "lock_no", trace: "locks.trace", reads: []string{"T2#2 reads 1"}, want: stage.Unsat, by: explain.BySolver},
		{name: "notify_no", trace: "notify.trace", orders: []string{"T1#3.wake < T2#3"}, want: stage.Unsat, by: explain.BySolver},
		{name: "wait_parts_no", trace: "notify.trace", orders: []string{"T1#3.wake < T1#3.release"}, want: stage.Unsat, by: explain.ByMHB},
		{name: "notify_yes", trace: "notify.trace", orders: []string{"T2#3 < T1#3.wake"}, reads: []string{"T1#4 reads 1"}, want: stage.Sat},
		{name: "implicit_no", trace: "branch.trace", orders: []string{"T2#2 < T1#2"}, branches: trace.BranchesImplicit,
			want: stage.Unsat, by: explain.ByMHB},
		{name: "explicit_yes", trace: "branch.trace", orders: []string{"T2#2 < T1#2"}, branches: trace.BranchesExplicit, want: stage.Sat},
		// Under the explicit model T1#1 may read 0, but then T1#2 writes a
		// value no read can rely on (docs/semantics.md rule 5: not
		// concrete).
		{name: "not_concrete_no", trace: "concrete.trace", orders: []string{"T1#2 < T2#1"}, reads: []string{"T2#2 reads 1"},
			branches: trace.BranchesExplicit, want: stage.Unsat, by: explain.BySolver},
		{name: "concrete_yes", trace: "concrete.trace", orders: []string{"T2#1 < T1#1"}, reads: []string{"T2#2 reads 1"},
			branches: trace.BranchesExplicit, want: stage.Sat},
		{name: "explicit_no", trace: "branch.trace", orders: []string{"T2#3 < T1#2"}, branches: trace.BranchesExplicit,
			want: stage.Unsat, by: explain.ByMHB},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := readTrace(t, c.trace)
			q, err := Parse(tr, c.orders, c.reads)
			if err != nil {
				t.Fatal(err)
			}
			ans, err := Ask(tr, q, Options{Branches: c.branches})
			if err != nil {
				t.Fatal(err)
			}
			if ans.Verdict != c.want {
				t.Fatalf("verdict %s, want %s", ans.Verdict, c.want)
			}
			if c.want == stage.Unsat {
				if ans.Explanation.By != c.by {
					t.Errorf("explained by %s, want %s", ans.Explanation.By, c.by)
				}
				for _, f := range ans.Explanation.Facts {
					if err := explain.Verify(tr, ans.Model, f); err != nil {
						t.Error(err)
					}
				}
			}
			ans.Seconds = 0
			var buf bytes.Buffer
			if err := WriteText(&buf, tr, ans, ReportOptions{Witness: witness.Trimmed}); err != nil {
				t.Fatal(err)
			}
			golden(t, filepath.Join("testdata", "golden", c.name+".txt"), buf.Bytes())
		})
	}
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs:\n--- got\n%s--- want\n%s", path, got, want)
	}
}
