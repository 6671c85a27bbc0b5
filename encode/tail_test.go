package encode

import (
	"strings"
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/spec"
	"gpredict/trace"
)

// TestTailBlockForm checks which candidates PatternAtEnd asks in the tail
// block's form, and that a model tying a step with the block's members
// gives a witness with the block at its end (the members last among the
// tied steps): without that, T2#1, tied with them, would come between
// T1#2 and T2#2 (tried).
func TestTailBlockForm(t *testing.T) {
	tr := testtrace.Text(t, "T1 write y 1\nT1 write x 1\nT1 acquire l\nT2 write z 1\nT2 write x 2\nhb T1:1 T2:2")
	race := alt(node(spec.PatPar, ev(0), ev(1)), 2)
	for _, tc := range []struct {
		name   string
		alt    *spec.Alternative
		choice string
		tail   bool
	}{
		{"unordered reads and writes", race, "T1#2 T2#2", true},
		{"ordered by an hb fact", race, "T1#1 T2#2", false},
		{"an acquire", race, "T1#3 T2#2", false},
		{"a sequence", alt(node(spec.PatSeq, ev(0), ev(1)), 2), "T1#2 T2#2", false},
		{"under negation", alt(node(spec.PatNot, node(spec.PatPar, ev(0), ev(1))), 2), "T1#2 T2#2", false},
	} {
		c := Candidate{Alt: tc.alt, Choice: testtrace.Refs(t, tr, tc.choice)}
		p := NewReducedProblem(NewModelIndex(tr, trace.BranchesImplicit), trace.BranchesImplicit, FullSlice(tr))
		if got := len(p.PatternAtEnd(c).tail) > 0; got != tc.tail {
			t.Errorf("%s: tail form %v, want %v", tc.name, got, tc.tail)
		}
	}

	c := Candidate{Alt: race, Choice: testtrace.Refs(t, tr, "T1#2 T2#2")}
	p := NewProblem(NewModelIndex(tr, trace.BranchesImplicit), trace.BranchesImplicit, FullSlice(tr))
	e := p.PatternAtEnd(c)
	vals := map[string]int64{"T1#1": 0, "T1#2": 1, "T2#1": 1, "T2#2": 1, "T1#3": 3}
	val := func(v Var) int64 {
		if v == p.Cut {
			return 2
		}
		return vals[p.StepName(p.Steps[v])]
	}
	for _, k := range e.Constraints {
		if !k.F.Eval(val, func(BoolVar) bool { return false }) {
			t.Fatalf("the valuation breaks %s", k.Origin.Why)
		}
	}
	var got []string
	for _, s := range e.schedule(val) {
		got = append(got, p.StepName(s))
	}
	if want := "T1#1 T2#1 T1#2 T2#2"; strings.Join(got, " ") != want {
		t.Errorf("schedule %q, want %q", strings.Join(got, " "), want)
	}
}

// TestLtPlusSpecializedAndSimplified checks the tail block's atom through
// the small stages' rewriting: Specialize with either side fixed, and
// Simplify under bounds, keep exactly the assignments of the order
// variables that satisfy it (with some value of a Boolean beside it).
// Off by one in either (tried: K+1 in Specialize's bound, +2 for +1 in
// Simplify's true case) makes it fail.
func TestLtPlusSpecializedAndSimplified(t *testing.T) {
	const x, y, b = Var(0), Var(1), BoolVar(0)
	holds := func(cs []Constraint, val func(Var) int64) bool {
		for _, bv := range []bool{false, true} {
			ok := true
			for _, c := range cs {
				ok = ok && c.F.Eval(val, func(BoolVar) bool { return bv })
			}
			if ok {
				return true
			}
		}
		return false
	}
	for k := int64(1); k <= 3; k++ {
		atom := LtPlus(x, y, k)
		for _, fix := range []Var{x, y} {
			for fv := int64(-2); fv <= 4; fv++ {
				v := &Valuation{Fixed: make([]bool, 2), Val: make([]int64, 2)}
				v.Fixed[fix], v.Val[fix] = true, fv
				sp := atom.Specialize(v)
				for other := int64(-6); other <= 8; other++ {
					vals := [2]int64{}
					vals[fix], vals[1-fix] = fv, other
					val := func(u Var) int64 { return vals[u] }
					if sp.Eval(val, nil) != atom.Eval(val, nil) {
						t.Errorf("k=%d, %v fixed at %d, other %d: specialized %v, atom %v", k, fix, fv, other, sp.Eval(val, nil), atom.Eval(val, nil))
					}
				}
			}
		}
		for lx := int64(-3); lx <= 3; lx++ {
			for ly := int64(-3); ly <= 3; ly++ {
				in := []Constraint{
					{F: &F{Kind: KConstLt, B: x, K: lx}}, {F: &F{Kind: KLtConst, A: x, K: lx + 3}},
					{F: &F{Kind: KConstLt, B: y, K: ly}}, {F: &F{Kind: KLtConst, A: y, K: ly + 3}},
					{F: Or(atom, Lit(b, false))}, {F: Or(atom, Lit(b, true))},
				}
				out, ok := Simplify(in)
				for vx := int64(-5); vx <= 7; vx++ {
					for vy := int64(-5); vy <= 7; vy++ {
						val := func(u Var) int64 { return [2]int64{vx, vy}[u] }
						want := holds(in, val)
						if got := ok && holds(out, val); got != want {
							t.Errorf("k=%d, x in (%d,%d), y in (%d,%d), x=%d y=%d: simplified %v, input %v", k, lx, lx+3, ly, ly+3, vx, vy, got, want)
						}
					}
				}
			}
		}
	}
}
