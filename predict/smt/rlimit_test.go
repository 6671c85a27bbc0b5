package smt

import (
	"errors"
	"fmt"
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/predict/stage"
	"gpredict/spec"
	"gpredict/trace"
)

// race is the pattern a || b.
var race = &spec.Alternative{
	Root: &spec.PatNode{Kind: spec.PatPar, Kids: []*spec.PatNode{{Kind: spec.PatEvent, Occ: 0}, {Kind: spec.PatEvent, Occ: 1}}},
	Occs: []spec.Occurrence{{Event: "a"}, {Event: "b", Decl: 1}},
}

// decideWith decides the race between T1's and T2's last writes of
// testtrace.LockedWrites(3, n) with the slice-based solver stages alone (local
// would refute it with the closure's rules), configured by cfg.
func decideWith(t *testing.T, n int, cfg Config) stage.Decision {
	t.Helper()
	return decideBounded(t, n, cfg, 0)
}

// decideBounded is decideWith with the ladder's bound on one problem's
// atoms (0: none).
func decideBounded(t *testing.T, n int, cfg Config, maxAtoms int) stage.Decision {
	t.Helper()
	tr, choice := lockedRace(t, n)
	f := stage.NewFacts(tr, trace.BranchesImplicit)
	all, w := Stages(f, cfg)
	var stages []stage.Stage
	for _, s := range all {
		if s.Name != "local" {
			stages = append(stages, s)
		}
	}
	l := stage.NewLadder(f, cfg.Timeout, nil, stages, w.Close).WithEncodingBound(maxAtoms)
	defer l.Close()
	return l.Decide(encode.Candidate{Alt: race, Choice: choice})
}

// lockedRace is testtrace.LockedWrites(3, n) and the race between T1's
// and T2's last writes, which their lock rules out.
func lockedRace(t *testing.T, n int) (*trace.Trace, []trace.EventRef) {
	t.Helper()
	tr := testtrace.Text(t, testtrace.LockedWrites(3, n))
	choice, err := tr.ParseRefs(fmt.Sprintf("T1#%d T2#%d", 3*n-1, 3*n-1))
	if err != nil {
		t.Fatal(err)
	}
	return tr, choice
}

// Z3's resource limit is deterministic: a check that exhausts it makes
// the candidate Unknown, with the limit as the reason (never Unsat), on
// every run; the default limit decides the candidate.
func TestRLimitIsUnknown(t *testing.T) {
	cfg := DefaultConfig(0, "")
	cfg.RLimit, cfg.StageRLimit = 1000, 1000
	for range 2 {
		got := decideWith(t, 30, cfg)
		if got.Verdict != stage.Unknown || got.Reason != "Z3 resource limit 1000 reached" {
			t.Fatalf("verdict %s (%q), want unknown for the resource limit", got.Verdict, got.Reason)
		}
	}
	if got := decideWith(t, 30, DefaultConfig(0, "")); got.Verdict != stage.Unsat {
		t.Fatalf("with the default limits: verdict %s (%q), want unsat", got.Verdict, got.Reason)
	}
}

// A candidate whose problems pass the bound on atoms is unknown, with the
// bound as the reason (never Unsat), on every run; without the bound the
// same stages refute it.
func TestEncodingBoundIsUnknown(t *testing.T) {
	const bound = 50
	want := fmt.Sprintf("its encoding passed %d order atoms, the most one candidate's may hold under the memory budget (--memory)", bound)
	for range 2 {
		if got := decideBounded(t, 30, DefaultConfig(0, ""), bound); got.Verdict != stage.Unknown || got.Reason != want {
			t.Fatalf("verdict %s (%q), want unknown (%q)", got.Verdict, got.Reason, want)
		}
	}
	if got := decideBounded(t, 30, DefaultConfig(0, ""), 0); got.Verdict != stage.Unsat {
		t.Fatalf("without the bound: verdict %s (%q), want unsat", got.Verdict, got.Reason)
	}
}

// goProblem keeps the slices whose problems passed the bound, and gives
// up at once on a slice covering one of them, not on a smaller one.
func TestGoProblemRemembersOverBound(t *testing.T) {
	tr, choice := lockedRace(t, 30)
	f := stage.NewFacts(tr, trace.BranchesImplicit)
	s := &solver{f: f, cfg: DefaultConfig(0, "")}
	sl, err := encode.SliceFor(f.Index, encode.Candidate{Alt: race, Choice: choice}, encode.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.goProblem(sl, false, encode.Limits{MaxAtoms: 50}); !errors.Is(err, encode.ErrTooLarge) {
		t.Fatalf("bound 50: %v, want ErrTooLarge", err)
	}
	if !s.overBound.covered(encode.FullSlice(tr), false) || s.overBound.covered(sl, true) {
		t.Fatalf("the slice past the bound is not kept as the full problem's: %v", s.overBound)
	}
	if _, err := s.goProblem(encode.FullSlice(tr), false, encode.Limits{}); !errors.Is(err, encode.ErrTooLarge) {
		t.Errorf("a slice covering one past the bound, without a bound: %v, want ErrTooLarge at once", err)
	}
	smaller, err := encode.SliceFor(f.Index, encode.Candidate{Alt: race, Choice: []trace.EventRef{{Thread: 0, Index: 1}, {Thread: 1, Index: 1}}}, encode.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if sl.Covers(smaller) && smaller.Size() < sl.Size() {
		if _, err := s.goProblem(smaller, false, encode.Limits{}); err != nil {
			t.Errorf("a smaller slice: %v", err)
		}
	} else {
		t.Fatalf("the smaller candidate's slice (%d events) is not inside the first (%d)", smaller.Size(), sl.Size())
	}
}

// TestBudgetReachedWhileEncoding: a solver stage that finds the run's
// memory budget reached while it encodes or asserts a candidate gives it
// up — passes it on, or makes it Unknown with the budget as the reason —
// and never decides it; the same stages decide it within the budget.
// (The ladder runs no solver stage once the budget is reached; this is
// the budget reached during one.)
func TestBudgetReachedWhileEncoding(t *testing.T) {
	tr, choice := lockedRace(t, 30)
	f := stage.NewFacts(tr, trace.BranchesImplicit)
	stages, w := Stages(f, DefaultConfig(0, ""))
	defer w.Close()
	const why = "the budget"
	decided := 0
	for _, s := range stages {
		tight := &stage.Query{Cand: encode.Candidate{Alt: race, Choice: choice}, Tight: func() bool { return true }, TightWhy: why}
		if d, ok := s.Run(tight); ok && (d.Verdict != stage.Unknown || d.Reason != why) {
			t.Errorf("%s past the budget: %s (%q), want it passed on or unknown (%q)", s.Name, d.Verdict, d.Reason, why)
		}
		w.Reset()
		free := &stage.Query{Cand: encode.Candidate{Alt: race, Choice: choice}, Tight: func() bool { return false }, TightWhy: why}
		if d, ok := s.Run(free); ok && d.Verdict != stage.Unknown {
			decided++
		}
		w.Reset()
	}
	if decided == 0 {
		t.Fatal("no stage decides the candidate within the budget: the test checks nothing")
	}
}

// Past MaxSharedSlice, a candidate whose slice mostly overlaps the
// problem the solver has gets the union of the two (at most an eighth
// larger than its own slice), so that both share one context and what Z3
// learned in it; one that overlaps little gets a problem of its own.
func TestGoProblemSharesOverlappingLargeSlices(t *testing.T) {
	tr := testtrace.Text(t, testtrace.LockedWrites(3, 10))
	f := stage.NewFacts(tr, trace.BranchesImplicit)
	cfg := DefaultConfig(0, "")
	cfg.MaxSharedSlice = 8 // every slice below is past it
	s := &solver{f: f, cfg: cfg}
	problem := func(ids string) (*encode.Problem, *encode.Slice) {
		t.Helper()
		choice, err := tr.ParseRefs(ids)
		if err != nil {
			t.Fatal(err)
		}
		sl, err := encode.SliceFor(f.Index, encode.Candidate{Alt: race, Choice: choice}, encode.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		p, err := s.goProblem(sl, false, encode.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		return p, sl
	}
	first, a := problem("T1#26 T2#29") // T1 27 events, T2 30: 57
	if first.Slice.Key() != a.Key() {
		t.Fatalf("the first problem is over %s, want its slice %s", first.Slice.Key(), a.Key())
	}
	shared, b := problem("T1#29 T2#26") // 30 and 27: the union has 60
	if !shared.Slice.Covers(a) || !shared.Slice.Covers(b) || shared.Slice.Size() != 60 {
		t.Fatalf("the second problem is over %s, want the union of %s and %s", shared.Slice.Key(), a.Key(), b.Key())
	}
	if again, _ := problem("T1#26 T2#29"); again != shared {
		t.Errorf("the first candidate again: a new problem over %s, want the shared one", again.Slice.Key())
	}
	own, c := problem("T1#20 T3#29") // 21 and T3's 30: the union would have 90
	if own.Slice.Key() != c.Key() {
		t.Errorf("a candidate overlapping little: problem over %s, want its own slice %s", own.Slice.Key(), c.Key())
	}
}
