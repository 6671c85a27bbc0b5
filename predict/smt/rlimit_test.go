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
	tr, err := trace.ParseText("w.trace", testtrace.LockedWrites(3, n))
	if err != nil {
		t.Fatal(err)
	}
	choice, err := tr.ParseRefs(fmt.Sprintf("T1#%d T2#%d", 3*n-1, 3*n-1))
	if err != nil {
		t.Fatal(err)
	}
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
