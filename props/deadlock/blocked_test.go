package deadlock

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gpredict/internal/testwitness"
	"gpredict/predict"
	"gpredict/trace"
)

// TestBlockedCases: on each trace of testdata/blocked the Blocked
// built-in (with --all) reports exactly the ends listed, each as the
// events its stuck threads wait in, and so does the explorer; every
// witness has passed replay.Checker.Stuck.
func TestBlockedCases(t *testing.T) {
	cases := []struct {
		file string
		want []string
	}{
		{"send-under-lock", []string{"T1#3 T2#1 forever"}},
		{"recv-under-lock", []string{"T1#3 T2#1 forever"}},
		{"join-under-lock", []string{"T1#3 T2#1 forever"}},
		{"buffered", nil},
		{"ordered", nil},
		{"pairing", []string{"W1#2", "W2#2 forever"}},
		{"lost-signal", []string{"T1#3 forever"}},
		{"recvwait", []string{"W1#1 forever"}},
		{"recvwait-goes-on", nil},
		{"latchwait", []string{"T1#2 W1#1 forever"}},
	}
	seen := map[string]bool{}
	for _, c := range cases {
		seen[c.file+".trace"] = true
		t.Run(c.file, func(t *testing.T) {
			tr := read(t, filepath.Join("testdata/blocked", c.file+".trace"))
			model := trace.BranchesImplicit
			explored := exploredEnds(tr, model)
			res, err := runBlocked(t.Context(), tr, predict.Options{Branches: model, All: true, NewDecider: predict.NewZ3Decider}, defaultEndLimits())
			if err != nil {
				t.Fatal(err)
			}
			got := blockedIDs(res)
			if len(res.Unknown) > 0 || !slices.Equal(got, c.want) || !slices.Equal(explored, c.want) {
				t.Errorf("built-in %q (%d unknown), explorer %q, want %q", got, len(res.Unknown), explored, c.want)
			}
			for _, v := range res.Violations {
				if len(testwitness.Schedule(t, tr, v)) == 0 {
					t.Errorf("%s: empty witness", ids(tr, v.Choice))
				}
			}
		})
	}
	files, _ := os.ReadDir("testdata/blocked")
	for _, f := range files {
		if !seen[f.Name()] && strings.HasSuffix(f.Name(), ".trace") {
			t.Errorf("testdata/blocked/%s has no case", f.Name())
		}
	}
}
