package encode

import "math"

// Simplify settles in Go what a specialized problem can settle by itself,
// so that the solver gets only the rest:
//   - a constraint that is a literal fixes its Boolean variable (unit
//     propagation), and a variable that occurs with one sign only is set
//     to that sign (pure literal);
//   - a constraint that is a bound (x < K, K < x) or an order x < y
//     narrows the interval of its variables, and the orders between free
//     variables carry the intervals along (a few rounds, enough for the
//     chains that program order leaves);
//   - under the Boolean values and intervals known so far, literals and
//     atoms that are settled become true or false and the connectives
//     fold; a conjunction at the top is split into its parts.
//
// The intervals are returned as bound constraints, so for every
// assignment of the order variables the result has a Boolean model
// exactly when the input has (pure literals keep satisfiability, the rest
// keeps models), and a witness read off a model of the result is one of
// the input. It reports false when a constraint becomes false or an
// interval empty.
func Simplify(cs []Constraint) ([]Constraint, bool) {
	s := &simplifier{val: map[BoolVar]bool{}}
	for _, c := range cs {
		s.grow(c.F)
	}
	s.lo, s.hi = make([]int64, s.nVars), make([]int64, s.nVars)
	for v := range s.lo {
		s.lo[v], s.hi[v] = math.MinInt64, math.MaxInt64
	}
	s.orderRounds = 2*s.nVars + 2
	// Two buffers: each round reads the last one and fills the other.
	bufs := [2][]Constraint{make([]Constraint, 0, len(cs)), make([]Constraint, 0, len(cs))}
	for round := 0; ; round++ {
		next := bufs[round%2][:0]
		for _, c := range cs {
			f := s.reduce(c.F)
			switch f.Kind {
			case KTrue:
				continue
			case KFalse:
				return nil, false
			case KAnd:
				for _, k := range f.Kids {
					next = append(next, Constraint{F: k, Origin: c.Origin})
				}
				continue
			}
			next = append(next, Constraint{F: f, Origin: c.Origin})
		}
		bufs[round%2], cs = next, next
		changed := s.units(cs)
		if s.empty {
			return nil, false
		}
		if !changed {
			return append(cs, s.bounds()...), true
		}
	}
}

// simplifier is the state of one Simplify: Boolean values and, per order
// variable, the open interval (lo, hi) it must lie in.
type simplifier struct {
	val         map[BoolVar]bool
	lo, hi      []int64
	nVars       int
	orderRounds int  // rounds left in which orders may move intervals
	empty       bool // an interval is empty or a variable has both values
}

// grow makes room for the order variables of f.
func (s *simplifier) grow(f *F) {
	switch f.Kind {
	case KLt:
		s.nVars = max(s.nVars, int(f.A)+1, int(f.B)+1)
	case KLtConst:
		s.nVars = max(s.nVars, int(f.A)+1)
	case KConstLt:
		s.nVars = max(s.nVars, int(f.B)+1)
	case KAnd, KOr:
		for _, k := range f.Kids {
			s.grow(k)
		}
	}
}

// units takes the unit constraints of cs into the state, then the pure
// literals, and reports whether anything changed. A contradiction sets
// empty.
func (s *simplifier) units(cs []Constraint) (changed bool) {
	var orders []*F
	for _, c := range cs {
		f := c.F
		switch f.Kind {
		case KLit:
			if v, set := s.val[f.Bool]; set && v == f.Neg {
				s.empty = true
				return false
			}
			s.val[f.Bool] = !f.Neg
			changed = true
		case KLtConst:
			changed = s.below(f.A, f.K) || changed
		case KConstLt:
			changed = s.above(f.B, f.K) || changed
		case KLt:
			orders = append(orders, f)
		}
	}
	// Orders between free variables: each round moves every interval by
	// what its neighbours know; a cycle of orders would move them forever,
	// hence the budget (stopping early only leaves intervals wider).
	for moved := true; moved && s.orderRounds > 0 && !s.empty; s.orderRounds-- {
		moved = false
		for _, f := range orders {
			if s.lo[f.A] != math.MinInt64 && s.above(f.B, s.lo[f.A]+1) {
				moved = true
			}
			if s.hi[f.B] != math.MaxInt64 && s.below(f.A, s.hi[f.B]-1) {
				moved = true
			}
		}
		changed = changed || moved
	}
	if s.empty {
		return false
	}
	sign := map[BoolVar]uint8{} // bit 1: occurs positively, bit 2: negatively
	for _, c := range cs {
		c.F.signs(sign)
	}
	for b, sg := range sign {
		if _, set := s.val[b]; !set && sg != 3 {
			s.val[b] = sg == 1
			changed = true
		}
	}
	return changed
}

// below records x < k; above records k < x. Each reports a change and
// sets empty when no integer is left between x's ends.
func (s *simplifier) below(x Var, k int64) bool {
	if k >= s.hi[x] {
		return false
	}
	s.hi[x] = k
	s.empty = s.empty || (s.lo[x] != math.MinInt64 && s.lo[x]+2 > k)
	return true
}

func (s *simplifier) above(x Var, k int64) bool {
	if k <= s.lo[x] {
		return false
	}
	s.lo[x] = k
	s.empty = s.empty || (s.hi[x] != math.MaxInt64 && k+2 > s.hi[x])
	return true
}

// reduce replaces the settled literals and atoms of f by constants and
// folds; it returns f itself when nothing in it is settled.
func (s *simplifier) reduce(f *F) *F {
	switch f.Kind {
	case KLit:
		if v, ok := s.val[f.Bool]; ok {
			if v != f.Neg {
				return fTrue
			}
			return fFalse
		}
	case KLtConst: // x < K
		switch x := f.A; {
		case s.hi[x] <= f.K:
			return fTrue
		case s.lo[x] != math.MinInt64 && s.lo[x] >= f.K-1:
			return fFalse
		}
	case KConstLt: // K < x
		switch x := f.B; {
		case s.lo[x] >= f.K:
			return fTrue
		case s.hi[x] != math.MaxInt64 && s.hi[x] <= f.K+1:
			return fFalse
		}
	case KLt: // x < y: x ≤ hi(x)-1 and y ≥ lo(y)+1
		switch x, y := f.A, f.B; {
		case s.hi[x] != math.MaxInt64 && s.lo[y] != math.MinInt64 && s.hi[x] <= s.lo[y]+1:
			return fTrue
		case s.lo[x] != math.MinInt64 && s.hi[y] != math.MaxInt64 && s.lo[x]+2 >= s.hi[y]:
			return fFalse
		}
	case KAnd, KOr:
		var kids []*F // nil until a kid changes
		for i, k := range f.Kids {
			r := s.reduce(k)
			if r != k && kids == nil {
				kids = append(make([]*F, 0, len(f.Kids)), f.Kids[:i]...)
			}
			if kids != nil {
				kids = append(kids, r)
			}
		}
		switch {
		case kids == nil:
			return f
		case f.Kind == KAnd:
			return And(kids...)
		}
		return Or(kids...)
	}
	return f
}

// bounds renders the finite interval ends as constraints.
func (s *simplifier) bounds() []Constraint {
	var out []Constraint
	origin := Origin{Why: "interval settled by simplification"}
	for v := range s.lo {
		if s.lo[v] != math.MinInt64 {
			out = append(out, Constraint{F: &F{Kind: KConstLt, B: Var(v), K: s.lo[v]}, Origin: origin})
		}
		if s.hi[v] != math.MaxInt64 {
			out = append(out, Constraint{F: &F{Kind: KLtConst, A: Var(v), K: s.hi[v]}, Origin: origin})
		}
	}
	return out
}

// signs records the signs with which each Boolean variable occurs in f.
func (f *F) signs(sign map[BoolVar]uint8) {
	switch f.Kind {
	case KLit:
		if f.Neg {
			sign[f.Bool] |= 2
		} else {
			sign[f.Bool] |= 1
		}
	case KAnd, KOr:
		for _, k := range f.Kids {
			k.signs(sign)
		}
	}
}
