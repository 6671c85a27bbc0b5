package encode

import (
	"math/rand"
	"testing"
)

// The small stages rest on three facts about the formula IR, checked here
// by brute force on random formulas over four order variables (values
// 0..3) and three Boolean variables:
//   - Specialize: under an assignment that agrees with the fixed values, a
//     specialized formula is true exactly when the original is;
//   - dropping (Relax): a relaxed formula is true whenever the original is;
//   - Simplify: for every assignment of the order variables, some
//     assignment of the Booleans satisfies the result exactly when one
//     satisfies the input.

const (
	nOrder = 4
	nBool  = 3
)

// randFormula is a random formula; with bounds its atoms include bounds
// (KLtConst, KConstLt) with constants from -1 to 4.
func randFormula(r *rand.Rand, depth int, bounds bool) *F {
	if depth == 0 || r.Intn(3) == 0 {
		switch r.Intn(6) {
		case 0, 1:
			return Lit(BoolVar(r.Intn(nBool)), r.Intn(2) == 0)
		case 2:
			if bounds {
				return &F{Kind: KLtConst, A: Var(r.Intn(nOrder)), K: int64(r.Intn(6)) - 1}
			}
		case 3:
			if bounds {
				return &F{Kind: KConstLt, B: Var(r.Intn(nOrder)), K: int64(r.Intn(6)) - 1}
			}
		}
		return Lt(Var(r.Intn(nOrder)), Var(r.Intn(nOrder)))
	}
	kids := make([]*F, 2+r.Intn(2))
	for i := range kids {
		kids[i] = randFormula(r, depth-1, bounds)
	}
	if r.Intn(2) == 0 {
		return And(kids...)
	}
	return Or(kids...)
}

// forAll calls fn for every assignment of the order variables.
func forAll(fn func(val func(Var) int64)) {
	for code := 0; code < 1<<(2*nOrder); code++ {
		fn(func(v Var) int64 { return int64(code>>(2*v)) & 3 })
	}
}

func bools(code int) func(BoolVar) bool { return func(b BoolVar) bool { return code>>b&1 == 1 } }

func TestSpecializeAndRelax(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	for i := 0; i < 2000; i++ {
		f := randFormula(r, 3, false)
		fixed := &Valuation{Fixed: make([]bool, nOrder), Val: make([]int64, nOrder)}
		dropped := &Valuation{Fixed: make([]bool, nOrder), Val: make([]int64, nOrder), Dropped: make([]bool, nOrder)}
		for v := 0; v < nOrder; v++ {
			fixed.Fixed[v], fixed.Val[v] = r.Intn(2) == 0, int64(r.Intn(4))
			dropped.Dropped[v] = r.Intn(2) == 0
		}
		sf, df := f.Specialize(fixed), f.Specialize(dropped)
		forAll(func(val func(Var) int64) {
			agrees := true
			for v := Var(0); v < nOrder; v++ {
				agrees = agrees && (!fixed.Fixed[v] || val(v) == fixed.Val[v])
			}
			for b := 0; b < 1<<nBool; b++ {
				orig := f.Eval(val, bools(b))
				if agrees && sf.Eval(val, bools(b)) != orig {
					t.Fatalf("formula %d: specialized differs from the original", i)
				}
				if orig && !df.Eval(val, bools(b)) {
					t.Fatalf("formula %d: relaxed is false where the original is true", i)
				}
			}
		})
	}
}

func TestSimplifyKeepsSatisfiability(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	for i := 0; i < 5000; i++ {
		var cs []Constraint
		for k := 0; k < 1+r.Intn(5); k++ {
			cs = append(cs, Constraint{F: randFormula(r, 2, true)})
		}
		simple, ok := Simplify(cs)
		forAll(func(val func(Var) int64) {
			sat := func(cs []Constraint) bool {
				for b := 0; b < 1<<nBool; b++ {
					all := true
					for _, c := range cs {
						all = all && c.F.Eval(val, bools(b))
					}
					if all {
						return true
					}
				}
				return false
			}
			want := sat(cs)
			if got := ok && sat(simple); got != want {
				t.Fatalf("constraints %d: satisfiable %v after Simplify, %v before", i, got, want)
			}
		})
	}
}
