package smt

import (
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
	tr, choice := lockedRace(t, n)
	f := stage.NewFacts(tr, trace.BranchesImplicit)
	all, w := Stages(f, cfg)
	var stages []stage.Stage
	for _, s := range all {
		if s.Name != "local" {
			stages = append(stages, s)
		}
	}
	l := stage.NewLadder(f, cfg.Timeout, nil, stages, w.Close)
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
