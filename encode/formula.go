package encode

// The formula IR is deliberately tiny: strict difference atoms over order
// variables, Boolean literals, conjunction and disjunction. There is no
// general negation. Every `!` of a pattern is pushed down to the atoms,
// where ¬(x < y) becomes y < x (valid because a schedule is a total order
// of distinct steps and the cut lies strictly between steps). Keeping every
// atom positive and strict is what makes witness extraction sound: any
// model can be turned into a total order by sorting the values and breaking
// ties arbitrarily, because every atom true in the model stays true, and a
// formula that is monotone in its atoms stays true with them.

// Var is an order variable of a Problem: one per step (a wait has three)
// plus the cut variable.
type Var int32

// BoolVar is a Boolean definition of a Problem (e.g. "read r is
// consistent"); it is constrained only by implications, never defined by
// equivalence, so it can only be set when its meaning holds.
type BoolVar int32

// Kind is the kind of a formula node.
type Kind uint8

const (
	KTrue  Kind = iota
	KFalse      // the empty disjunction
	KLt         // O[A] < O[B]
	KLit        // Boolean variable Bool, negated if Neg
	KAnd
	KOr
	KLtConst // O[A] < K (only in specialized formulas, freeze.go)
	KConstLt // K < O[B] (only in specialized formulas, freeze.go)
	KLtPlus  // O[A] < O[B] + K, K ≥ 1 (only in a tail block's pattern, tail.go)
)

// F is a formula node. Build it with the constructors below, which fold
// constants and flatten nested connectives.
type F struct {
	Kind Kind
	A, B Var
	Bool BoolVar
	Neg  bool
	K    int64 // the constant of KLtConst, KConstLt and KLtPlus
	Kids []*F
}

var (
	fTrue  = &F{Kind: KTrue}
	fFalse = &F{Kind: KFalse}
)

// True is the true formula.
func True() *F { return fTrue }

// False is the false formula.
func False() *F { return fFalse }

// Lt is the strict atom O[a] < O[b]. A step is never before itself, so
// Lt(x, x) folds to False.
func Lt(a, b Var) *F {
	if a == b {
		return fFalse
	}
	return &F{Kind: KLt, A: a, B: b}
}

// NotLt is ¬(O[a] < O[b]) for distinct steps in a total order: O[b] < O[a].
// For the same step it is true.
func NotLt(a, b Var) *F {
	if a == b {
		return fTrue
	}
	return Lt(b, a)
}

// LtPlus is the atom O[a] < O[b] + k for k ≥ 1: a is at most k-1 places
// after b. It is not strict, so unlike every other atom it may be false
// in a model's refinement; the one formula that uses it (tail.go) says
// how its witness is read off.
func LtPlus(a, b Var, k int64) *F {
	if k < 1 {
		panic("encode: LtPlus needs k ≥ 1 (Lt is the strict atom)")
	}
	return &F{Kind: KLtPlus, A: a, B: b, K: k}
}

// Lit is the literal b (or ¬b if neg).
func Lit(b BoolVar, neg bool) *F { return &F{Kind: KLit, Bool: b, Neg: neg} }

// And is the conjunction of fs.
func And(fs ...*F) *F {
	var kids []*F
	for _, f := range fs {
		switch f.Kind {
		case KTrue:
		case KFalse:
			return fFalse
		case KAnd:
			kids = append(kids, f.Kids...)
		default:
			kids = append(kids, f)
		}
	}
	switch len(kids) {
	case 0:
		return fTrue
	case 1:
		return kids[0]
	}
	return &F{Kind: KAnd, Kids: kids}
}

// Or is the disjunction of fs.
func Or(fs ...*F) *F {
	var kids []*F
	for _, f := range fs {
		switch f.Kind {
		case KFalse:
		case KTrue:
			return fTrue
		case KOr:
			kids = append(kids, f.Kids...)
		default:
			kids = append(kids, f)
		}
	}
	switch len(kids) {
	case 0:
		return fFalse
	case 1:
		return kids[0]
	}
	return &F{Kind: KOr, Kids: kids}
}

// mapKids rebuilds the connective f (KAnd or KOr) with fn applied to
// each kid, folding constants.
func (f *F) mapKids(fn func(*F) *F) *F {
	kids := make([]*F, len(f.Kids))
	for i, k := range f.Kids {
		kids[i] = fn(k)
	}
	if f.Kind == KAnd {
		return And(kids...)
	}
	return Or(kids...)
}

// Atoms is the number of order atoms in f (bounds included), counted
// once per occurrence.
func (f *F) Atoms() int {
	switch f.Kind {
	case KLt, KLtConst, KConstLt, KLtPlus:
		return 1
	}
	n := 0
	for _, k := range f.Kids {
		n += k.Atoms()
	}
	return n
}

// Implies is b → f.
func Implies(b BoolVar, f *F) *F { return Or(Lit(b, true), f) }

// Eval evaluates f under an assignment of the order variables and the
// Boolean variables (used by tests and by witness self-checks).
func (f *F) Eval(val func(Var) int64, bval func(BoolVar) bool) bool {
	switch f.Kind {
	case KTrue:
		return true
	case KFalse:
		return false
	case KLt:
		return val(f.A) < val(f.B)
	case KLtConst:
		return val(f.A) < f.K
	case KConstLt:
		return f.K < val(f.B)
	case KLtPlus:
		return val(f.A) < val(f.B)+f.K
	case KLit:
		return bval(f.Bool) != f.Neg
	case KAnd:
		for _, k := range f.Kids {
			if !k.Eval(val, bval) {
				return false
			}
		}
		return true
	case KOr:
		for _, k := range f.Kids {
			if k.Eval(val, bval) {
				return true
			}
		}
		return false
	}
	panic("encode: bad formula kind")
}
