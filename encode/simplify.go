package encode

import (
	"math"
	"slices"
)

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
	s := &simplifier{}
	for _, c := range cs {
		s.grow(c.F)
	}
	s.val, s.pos, s.neg = make([]boolValue, s.nBools), make([]int32, s.nBools), make([]int32, s.nBools)
	s.occB, s.occV = make([][]int32, s.nBools), make([][]int32, s.nVars)
	s.lo, s.hi = make([]int64, s.nVars), make([]int64, s.nVars)
	s.stampB, s.stampV = make([]int32, s.nBools), make([]int32, s.nVars)
	for v := range s.lo {
		s.lo[v], s.hi[v] = math.MinInt64, math.MaxInt64
	}
	s.orderRounds = 2*s.nVars + 2
	for _, c := range cs {
		s.add(c)
	}
	for b := range s.nBools {
		s.recheck = append(s.recheck, BoolVar(b))
	}
	// Every constraint is reduced once; after that, a round reduces only
	// the constraints that mention a variable the last round settled or
	// narrowed: on a slice of 10K events, walking every formula in every
	// round was half of a candidate's time.
	dirty := make([]int32, len(s.cons))
	for i := range dirty {
		dirty[i] = int32(i)
	}
	for first := true; len(dirty) > 0; first = false {
		fresh := s.reduceAll(dirty, first)
		if s.empty {
			return nil, false
		}
		s.units(fresh)
		if s.empty {
			return nil, false
		}
		dirty = s.touched()
	}
	out := make([]Constraint, 0, len(s.cons))
	for i, c := range s.cons {
		if s.alive[i] {
			out = append(out, c)
		}
	}
	return append(out, s.bounds()...), true
}

// add appends c (split when it is a conjunction) to the constraints,
// with its occurrences and signs.
func (s *simplifier) add(c Constraint) {
	if c.F.Kind == KAnd {
		for _, k := range c.F.Kids {
			s.add(Constraint{F: k, Origin: c.Origin})
		}
		return
	}
	i := int32(len(s.cons))
	s.cons = append(s.cons, c)
	s.alive = append(s.alive, true)
	s.epoch++
	s.occurs(c.F, i)
	s.count(c.F, 1)
}

// occurs lists constraint i under each variable of f (once).
func (s *simplifier) occurs(f *F, i int32) {
	switch f.Kind {
	case KLit:
		if s.stampB[f.Bool] != s.epoch {
			s.stampB[f.Bool] = s.epoch
			s.occB[f.Bool] = append(s.occB[f.Bool], i)
		}
	case KLt, KLtPlus:
		s.occursV(f.A, i)
		s.occursV(f.B, i)
	case KLtConst: // x < K
		s.occursV(f.A, i)
	case KConstLt: // K < x
		s.occursV(f.B, i)
	case KAnd, KOr:
		for _, k := range f.Kids {
			s.occurs(k, i)
		}
	}
}

// occursV lists constraint i under order variable v (once).
func (s *simplifier) occursV(v Var, i int32) {
	if s.stampV[v] != s.epoch {
		s.stampV[v] = s.epoch
		s.occV[v] = append(s.occV[v], i)
	}
}

// reduceAll reduces the constraints in dirty under what is settled, and
// returns the ones that changed (and those split off them); in the first
// round, every constraint, changed or not, so that units sees each once.
func (s *simplifier) reduceAll(dirty []int32, first bool) (fresh []int32) {
	for _, i := range dirty {
		if !s.alive[i] {
			continue
		}
		old := s.cons[i].F
		f := s.reduce(old)
		if f == old && !first {
			continue
		}
		s.count(old, -1)
		switch f.Kind {
		case KTrue:
			s.alive[i] = false
			continue
		case KFalse:
			s.empty = true
			return nil
		case KAnd:
			s.alive[i] = false
			n := int32(len(s.cons))
			s.add(Constraint{F: f, Origin: s.cons[i].Origin})
			for k := n; k < int32(len(s.cons)); k++ {
				fresh = append(fresh, k)
			}
			continue
		}
		s.cons[i].F = f
		s.count(f, 1)
		fresh = append(fresh, i)
	}
	return fresh
}

// simplifier is the state of one Simplify: Boolean values and, per order
// variable, the open interval (lo, hi) it must lie in.
type simplifier struct {
	val []boolValue // by Boolean variable
	// pos and neg count the positive and negative occurrences of each
	// Boolean variable in the live constraints (pure literals).
	pos, neg []int32
	lo, hi   []int64
	nVars    int
	nBools   int
	// cons are the constraints (a conjunction split into its parts),
	// alive those not settled true; occB and occV list, by variable, the
	// constraints that mention it.
	cons       []Constraint
	alive      []bool
	occB, occV [][]int32
	// stampB, stampV and epoch dedupe occurrences and touched lists.
	stampB, stampV []int32
	epoch          int32
	// changedB and changedV are the variables the last units settled or
	// narrowed; recheck the Boolean variables that may have become pure.
	changedB    []BoolVar
	changedV    []Var
	recheck     []BoolVar
	orders      []int32 // constraints that are an order x < y
	touch       []int32 // by constraint: the epoch touched last listed it
	orderRounds int     // rounds left in which orders may move intervals
	empty       bool    // an interval is empty or a variable has both values
}

// boolValue is a Boolean variable's value in Simplify: unset, true or
// false. (Slices indexed by variable, not maps: Simplify looks at every
// literal of the problem in every round, and on the lock-heavy family's
// slices of 10K events the map lookups were a third of a candidate's
// time.)
type boolValue uint8

const (
	unset boolValue = iota
	isTrue
	isFalse
)

func valueOf(b bool) boolValue {
	if b {
		return isTrue
	}
	return isFalse
}

// grow makes room for the variables of f.
func (s *simplifier) grow(f *F) {
	switch f.Kind {
	case KLit:
		s.nBools = max(s.nBools, int(f.Bool)+1)
	case KLt, KLtPlus:
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

// units takes the unit constraints among fresh into the state, moves the
// intervals along the orders between free variables, and sets the pure
// literals. What it settles or narrows is recorded for touched; a
// contradiction sets empty.
func (s *simplifier) units(fresh []int32) {
	for _, i := range fresh {
		switch f := s.cons[i].F; f.Kind {
		case KLit:
			want := valueOf(!f.Neg)
			if v := s.val[f.Bool]; v != unset {
				if v != want {
					s.empty = true
					return
				}
				continue
			}
			s.val[f.Bool] = want
			s.changedB = append(s.changedB, f.Bool)
		case KLtConst:
			s.below(f.A, f.K)
		case KConstLt:
			s.above(f.B, f.K)
		case KLt:
			s.orders = append(s.orders, i)
		}
	}
	// Each round moves every interval by what its neighbours know; a
	// cycle of orders would move them forever, hence the budget (stopping
	// early only leaves intervals wider).
	for moved := true; moved && s.orderRounds > 0 && !s.empty; s.orderRounds-- {
		moved = false
		for _, i := range s.orders {
			f := s.cons[i].F
			if !s.alive[i] || f.Kind != KLt {
				continue
			}
			if s.lo[f.A] != math.MinInt64 && s.above(f.B, s.lo[f.A]+1) {
				moved = true
			}
			if s.hi[f.B] != math.MaxInt64 && s.below(f.A, s.hi[f.B]-1) {
				moved = true
			}
		}
	}
	if s.empty {
		return
	}
	for _, b := range s.recheck {
		if s.val[b] == unset && (s.pos[b] == 0) != (s.neg[b] == 0) {
			s.val[b] = valueOf(s.pos[b] > 0)
			s.changedB = append(s.changedB, b)
		}
	}
	s.recheck = s.recheck[:0]
}

// touched lists, in order, the live constraints that mention a variable
// units settled or narrowed since the last call.
func (s *simplifier) touched() []int32 {
	for len(s.touch) < len(s.cons) {
		s.touch = append(s.touch, 0)
	}
	s.epoch++
	var out []int32
	mark := func(list []int32) {
		for _, i := range list {
			if s.alive[i] && s.touch[i] != s.epoch {
				s.touch[i] = s.epoch
				out = append(out, i)
			}
		}
	}
	for _, b := range s.changedB {
		mark(s.occB[b])
	}
	for _, v := range s.changedV {
		mark(s.occV[v])
	}
	s.changedB, s.changedV = s.changedB[:0], s.changedV[:0]
	slices.Sort(out)
	return out
}

// count adds delta to the occurrence counts of the literals of f; a
// variable whose count of one sign drops to zero may have become pure.
func (s *simplifier) count(f *F, delta int32) {
	switch f.Kind {
	case KLit:
		c := &s.pos[f.Bool]
		if f.Neg {
			c = &s.neg[f.Bool]
		}
		*c += delta
		if *c == 0 {
			s.recheck = append(s.recheck, f.Bool)
		}
	case KAnd, KOr:
		for _, k := range f.Kids {
			s.count(k, delta)
		}
	}
}

// below records x < k; above records k < x. Each reports a change and
// sets empty when no integer is left between x's ends.
func (s *simplifier) below(x Var, k int64) bool {
	if k >= s.hi[x] {
		return false
	}
	s.hi[x] = k
	s.changedV = append(s.changedV, x)
	s.empty = s.empty || (s.lo[x] != math.MinInt64 && s.lo[x]+2 > k)
	return true
}

func (s *simplifier) above(x Var, k int64) bool {
	if k <= s.lo[x] {
		return false
	}
	s.lo[x] = k
	s.changedV = append(s.changedV, x)
	s.empty = s.empty || (s.hi[x] != math.MaxInt64 && k+2 > s.hi[x])
	return true
}

// reduce replaces the settled literals and atoms of f by constants and
// folds; it returns f itself when nothing in it is settled.
func (s *simplifier) reduce(f *F) *F {
	switch f.Kind {
	case KLit:
		if v := s.val[f.Bool]; v != unset {
			if (v == isTrue) != f.Neg {
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
	case KLt, KLtPlus: // x < y + K (K is 0 for KLt), with x ≤ hi(x)-1 and y ≥ lo(y)+1:
		// true when hi(x)-1 < lo(y)+1+K, false when lo(x)+1 ≥ hi(y)-1+K
		switch x, y := f.A, f.B; {
		case s.hi[x] != math.MaxInt64 && s.lo[y] != math.MinInt64 && s.hi[x] <= s.lo[y]+f.K+1:
			return fTrue
		case s.lo[x] != math.MinInt64 && s.hi[y] != math.MaxInt64 && s.lo[x]+2-f.K >= s.hi[y]:
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
