package predict_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	. "gpredict/predict"
	"gpredict/trace"
)

func TestZ3DeciderDumpsSMTLIB(t *testing.T) {
	dir := t.TempDir()
	tr := testtrace.Text(t, "T1 write x 1\nT2 write x 2")
	d := NewZ3Decider(tr, trace.BranchesImplicit, DeciderOptions{DumpDir: dir})
	defer d.Close()
	if got := d.Decide(encode.Candidate{Alt: race2, Choice: testtrace.Refs(t, tr, "T1#1 T2#1")}); got.Verdict != Sat {
		t.Fatalf("verdict %s, want sat", got.Verdict)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.smt2"))
	if len(files) != 1 {
		t.Fatalf("%d dump files, want 1", len(files))
	}
	b, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"(set-logic QF_IDL)", "; [pattern] T1#1 (a) is in the schedule", "(check-sat)"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("dump lacks %q:\n%s", want, b)
		}
	}
}

// Candidates that share a slice reuse the asserted causal constraints;
// deciding them in any order must not change a verdict.
func TestZ3DeciderIncrementalOrderIndependent(t *testing.T) {
	tr := testtrace.Text(t, "T1 acquire l\nT1 write x 1\nT1 release l\nT1 write y 1\nT2 read y 1\nT2 acquire l\nT2 write x 2\nT2 release l\nT2 write y 2")
	cands := []encode.Candidate{
		{Alt: race2, Choice: testtrace.Refs(t, tr, "T1#2 T2#3")},
		{Alt: race2, Choice: testtrace.Refs(t, tr, "T1#4 T2#5")},
		{Alt: seq2, Choice: testtrace.Refs(t, tr, "T2#3 T1#2")},
		{Alt: race2, Choice: testtrace.Refs(t, tr, "T1#4 T2#1")},
	}
	want := make([]Verdict, len(cands))
	for i, c := range cands {
		d := NewZ3Decider(tr, trace.BranchesImplicit, DeciderOptions{})
		want[i] = d.Decide(c).Verdict
		d.Close()
	}
	d := NewZ3Decider(tr, trace.BranchesImplicit, DeciderOptions{})
	defer d.Close()
	for round := 0; round < 2; round++ {
		for i := len(cands) - 1; i >= 0; i-- {
			if got := d.Decide(cands[i]).Verdict; got != want[i] {
				t.Errorf("round %d candidate %d: %s when shared, %s alone", round, i, got, want[i])
			}
		}
	}
}
