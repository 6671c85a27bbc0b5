package encode

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/spec"
	"gpredict/trace"
)

// Encodings of one problem are independent: encoding a second candidate
// changes neither the problem nor the first encoding (before Encoding,
// the problem kept the last candidate's kept events, so the first
// candidate's witness was read with the second one's).
func TestEncodingsShareTheProblem(t *testing.T) {
	tr := testtrace.Text(t, "T1 write x 1\nT1 write y 1\nT2 read x 1\nT2 write z 1\nT3 write w 1")
	idx := NewModelIndex(tr, trace.BranchesImplicit)
	p := NewReducedProblem(idx, trace.BranchesImplicit, FullSlice(tr))
	causal := len(p.Causal)
	a := Candidate{Alt: alt(node(spec.PatPar, ev(0), ev(1)), 2), Choice: testtrace.Refs(t, tr, "T1#2 T2#2")}
	b := Candidate{Alt: alt(ev(0), 1), Choice: testtrace.Refs(t, tr, "T3#1")}
	ea := p.Pattern(a)
	keptA := keptVars(ea)
	eb := p.Pattern(b)
	if got := keptVars(ea); !slices.Equal(got, keptA) {
		t.Errorf("a's kept variables changed with b's encoding: %v, then %v", keptA, got)
	}
	if slices.Equal(keptVars(eb), keptA) {
		t.Fatalf("a and b keep the same variables %v: the test shows nothing", keptA)
	}
	if len(p.Causal) != causal {
		t.Errorf("the problem's causal constraints went from %d to %d", causal, len(p.Causal))
	}
	// Every kept step at 0, the cut at 1: the witness is every kept step
	// completed with what must come before it, whichever encoding was made last.
	val := func(v Var) int64 {
		if v == p.Cut {
			return 1
		}
		return 0
	}
	got, err := ea.Witness(val, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if dump(t, p.Pattern(a)) != dump(t, ea) {
		t.Errorf("encoding a again gives other constraints")
	}
	var ids []string
	for _, s := range got {
		ids = append(ids, p.StepName(s))
	}
	for _, want := range []string{"T1#2", "T2#2"} {
		if !slices.Contains(ids, want) {
			t.Errorf("witness %v lacks the chosen %s", ids, want)
		}
	}
}

func dump(t *testing.T, e *Encoding) string {
	var b strings.Builder
	if err := e.WriteSMTLIB(&b, "e"); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func keptVars(e *Encoding) []Var {
	var out []Var
	for v := Var(0); int(v) < e.NumVars(); v++ {
		if e.KeptVar(v) {
			out = append(out, v)
		}
	}
	return out
}

// A completion and a slice closure look at their stop signal and the
// memory budget. (A trace
// whose threads fork each other in a cycle, which completion used to
// push forever, no longer reaches the engine: the readers reject it,
// see trace's TestForkJoinCorpus.)
func TestEncodingStopsAndBounds(t *testing.T) {
	tr := testtrace.Text(t, "T1 write y 1\nT2 write x 1\nT2 fork T3\nT2 write w 1\nT3 write z 1")
	idx := NewModelIndex(tr, trace.BranchesImplicit)
	c := Candidate{Alt: alt(ev(0), 1), Choice: testtrace.Refs(t, tr, "T2#3")}
	sl, err := SliceFor(idx, c, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	e := NewReducedProblem(idx, trace.BranchesImplicit, sl).Pattern(c)
	val := func(v Var) int64 {
		if v == e.Problem.Cut {
			return 1
		}
		return 0
	}
	if _, err := e.Witness(val, Limits{}); err != nil {
		t.Errorf("completion: %v", err)
	}
	for _, lc := range reachedLimits() {
		if _, err := e.Witness(val, lc.lim); !errors.Is(err, lc.want) {
			t.Errorf("completion past %s: %v, want %v", lc.name, err, lc.want)
		}
	}

	// A slice closure long enough to look at its stop signal.
	var b strings.Builder
	for i := range 3 * stopEvery {
		fmt.Fprintf(&b, "T1 write x %d\n", i)
	}
	long := testtrace.Text(t, b.String())
	last := []trace.EventRef{{Thread: 0, Index: uint32(3*stopEvery - 1)}}
	for _, lc := range reachedLimits() {
		if _, err := NewIndex(long).Close(lc.lim, last, nil); !errors.Is(err, lc.want) {
			t.Errorf("closure past %s: %v, want %v", lc.name, err, lc.want)
		}
	}
	if sl, err := NewIndex(long).Close(Limits{}, last, nil); err != nil || sl.Size() != 3*stopEvery {
		t.Errorf("closure: %v, %v", sl, err)
	}
}
