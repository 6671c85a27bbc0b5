package predict_test

import (
	"strings"
	"testing"

	"gpredict/encode"
	"gpredict/internal/explore"
	"gpredict/internal/testtrace"
	. "gpredict/predict"
	"gpredict/predict/replay"
	"gpredict/spec"
	"gpredict/trace"
)

// Pattern builders for hand-made alternatives.
func pEv(occ int) *spec.PatNode { return &spec.PatNode{Kind: spec.PatEvent, Occ: occ} }
func pNode(k spec.PatKind, kids ...*spec.PatNode) *spec.PatNode {
	return &spec.PatNode{Kind: k, Kids: kids}
}

// alt makes an alternative with n anonymous occurrences.
func alt(root *spec.PatNode, n int) *spec.Alternative {
	a := &spec.Alternative{Root: root}
	for i := 0; i < n; i++ {
		a.Occs = append(a.Occs, spec.Occurrence{Event: string(rune('a' + i)), Decl: i})
	}
	return a
}

// checkWitness fails t unless sched is a valid witness of the candidate.
func checkWitness(t testing.TB, tr *trace.Trace, model trace.BranchModel, c encode.Candidate, sched []replay.Step) {
	t.Helper()
	if err := replay.Validate(tr, model, sched); err != nil {
		t.Fatalf("witness %s fails validation: %v", formatSched(tr, sched), err)
	}
	if err := replay.CheckPattern(tr, c.Alt, c.Choice, sched); err != nil {
		t.Fatalf("witness %s fails the pattern: %v", formatSched(tr, sched), err)
	}
}

func formatSched(tr *trace.Trace, sched []replay.Step) string {
	parts := make([]string, len(sched))
	for i, s := range sched {
		parts[i] = s.Format(tr)
	}
	return strings.Join(parts, " ")
}

var (
	race2 = alt(pNode(spec.PatPar, pEv(0), pEv(1)), 2)
	seq2  = alt(pNode(spec.PatSeq, pEv(0), pEv(1)), 2)
	seq3  = alt(pNode(spec.PatSeq, pEv(0), pEv(1), pEv(2)), 3)
	seq6  = alt(pNode(spec.PatSeq, pEv(0), pEv(1), pEv(2), pEv(3), pEv(4), pEv(5)), 6)
	// sameValuedBetween: T2 writes x the value T1 writes and T4 reads,
	// after reading y, which T3 writes.
	sameValuedBetween = "T3 write y 1\nT2 read y 1\nT2 write x 5\nT1 write x 5\nT4 read x 5\nT4 branch"
)

func TestZ3DeciderHandCases(t *testing.T) {
	tests := []struct {
		name   string
		trace  string
		alt    *spec.Alternative
		choice string
		model  trace.BranchModel
		want   Verdict
	}{
		{"unprotected race", "T1 write x 1\nT2 write x 2", race2, "T1#1 T2#1", trace.BranchesImplicit, Sat},
		{"lock protects", "T1 acquire l\nT1 write x 1\nT1 release l\nT2 acquire l\nT2 write x 2\nT2 release l",
			race2, "T1#2 T2#2", trace.BranchesImplicit, Unsat},
		{"re-entrant lock still protects", "T1 acquire l\nT1 acquire l\nT1 release l\nT1 write x 1\nT1 release l\nT2 acquire l\nT2 write x 2\nT2 release l",
			race2, "T1#4 T2#2", trace.BranchesImplicit, Unsat},
		{"lock never released is held to the end", "T1 acquire l\nT1 write x 1\nT2 acquire l\nT2 write x 2\nT2 release l",
			seq2, "T1#2 T2#2", trace.BranchesImplicit, Unsat},
		{"region after the cut does not exist", "T1 write x 1\nT1 acquire l\nT2 acquire l\nT2 write x 2",
			race2, "T1#1 T2#2", trace.BranchesImplicit, Sat},
		{"fork orders", "T1 write x 1\nT1 fork T2\nT2 write x 2", race2, "T1#1 T2#1", trace.BranchesImplicit, Unsat},
		{"join orders", "T1 fork T2\nT2 write x 2\nT1 join T2\nT1 write x 1", seq2, "T1#3 T2#1", trace.BranchesImplicit, Unsat},
		{"read value forces order (implicit)", "T1 write x 1\nT1 write y 1\nT2 read y 1\nT2 write x 2",
			race2, "T1#1 T2#2", trace.BranchesImplicit, Unsat},
		{"read value free without branch (explicit)", "T1 write x 1\nT1 write y 1\nT2 read y 1\nT2 write x 2",
			race2, "T1#1 T2#2", trace.BranchesExplicit, Sat},
		{"branch keeps read (explicit)", "T1 write x 1\nT1 write y 1\nT2 read y 1\nT2 branch\nT2 write x 2",
			race2, "T1#1 T2#3", trace.BranchesExplicit, Unsat},
		{"race block in reverse order for a required read", "T1 write x 1\nT2 read x 0\nT2 write z 1",
			alt(pNode(spec.PatSeq, pNode(spec.PatPar, pEv(0), pEv(1)), pEv(2)), 3), "T1#1 T2#1 T2#2", trace.BranchesImplicit, Sat},
		{"one notify never wakes two waiters",
			"T1 acquire l\nT1 wait l\nT1 release l\nT2 acquire l\nT2 wait l\nT2 release l\nT3 acquire l\nT3 notify l\nT3 release l",
			seq2, "T1#3 T2#3", trace.BranchesImplicit, Unsat},
		{"one notify wakes one waiter",
			"T1 acquire l\nT1 wait l\nT1 release l\nT2 acquire l\nT2 wait l\nT2 release l\nT3 acquire l\nT3 notify l\nT3 release l",
			alt(pEv(0), 1), "T2#3", trace.BranchesImplicit, Sat},
		{"notifyAll wakes both",
			"T1 acquire l\nT1 wait l\nT1 release l\nT2 acquire l\nT2 wait l\nT2 release l\nT3 acquire l\nT3 notifyAll l\nT3 release l",
			seq2, "T1#3 T2#3", trace.BranchesImplicit, Sat},
		{"join needs the waiter woken",
			"T1 fork T2\nT1 acquire l\nT1 notify l\nT1 release l\nT1 join T2\nT2 acquire l\nT2 wait l\nT2 release l",
			alt(pEv(0), 1), "T1#5", trace.BranchesImplicit, Sat}, // T2 can wait first
		{"ordering with three events", "T1 write x 1\nT1 write x 3\nT2 write x 2", seq3, "T1#1 T2#1 T1#2", trace.BranchesImplicit, Sat},
		{"ordering after a fork", "T1 fork T2\nT1 write x 1\nT1 write x 3\nT2 write x 2", seq3, "T1#2 T2#1 T1#3", trace.BranchesImplicit, Sat},
		// A write of the value a read needs, between the read and its
		// source, leaves the read its value only if it writes that value:
		// under the implicit model every scheduled write does (the reads
		// before it keep theirs), under the explicit model one whose
		// thread's read lost its value may not (T2#2 here, after T2#1
		// read y before T3 wrote it), so T4#1 cannot read 5.
		{"same-valued write between source and read (implicit)", sameValuedBetween, seq6, "T2#1 T3#1 T1#1 T2#2 T4#1 T4#2", trace.BranchesImplicit, Unsat},
		{"same-valued write between source and read (explicit)", sameValuedBetween, seq6, "T2#1 T3#1 T1#1 T2#2 T4#1 T4#2", trace.BranchesExplicit, Unsat},
		{"same-valued concrete write between source and read (explicit)", sameValuedBetween, seq6, "T3#1 T2#1 T1#1 T2#2 T4#1 T4#2", trace.BranchesExplicit, Sat},
		{"negated sequence", "T1 fork T2\nT1 write x 1\nT2 write x 2", alt(pNode(spec.PatNot, pNode(spec.PatSeq, pEv(0), pEv(1))), 2),
			"T1#1 T2#1", trace.BranchesImplicit, Unsat},
		{"negated race separated by a third thread", "T1 write x 1\nT2 write x 2\nT3 write z 1",
			alt(pNode(spec.PatNot, pNode(spec.PatPar, pEv(0), pEv(1))), 2), "T1#1 T2#1", trace.BranchesImplicit, Sat},
		{"negated race, nothing can separate", "T1 write x 1\nT2 write x 2",
			alt(pNode(spec.PatNot, pNode(spec.PatPar, pEv(0), pEv(1))), 2), "T1#1 T2#1", trace.BranchesImplicit, Unsat},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := testtrace.Text(t, tc.trace)
			c := encode.Candidate{Alt: tc.alt, Choice: testtrace.Refs(t, tr, tc.choice)}
			// The case's verdict is the explorer's (docs/semantics.md).
			if ok, _ := explore.Decide(tr, tc.model, c); ok != (tc.want == Sat) {
				t.Fatalf("the explorer says %v, the case %s", ok, tc.want)
			}
			d := NewZ3Decider(tr, tc.model, DeciderOptions{})
			defer d.Close()
			got := d.Decide(c)
			if got.Verdict != tc.want {
				t.Fatalf("verdict %s (%s), want %s; schedule %s", got.Verdict, got.Reason, tc.want, formatSched(tr, got.Schedule))
			}
			if got.Verdict == Sat {
				checkWitness(t, tr, tc.model, c, got.Schedule)
			}
		})
	}
}
