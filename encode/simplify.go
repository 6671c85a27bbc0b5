package encode

// Simplify removes the Boolean structure that a specialized problem can
// settle by itself: a constraint that is a literal fixes its variable
// (unit propagation), and a variable that occurs with one sign only is set
// to that sign (pure literal). A conjunction at the top is split into its
// parts. Both steps keep satisfiability, and every model of the result is
// one of the input once the settled variables take their values; order
// variables are untouched, so a witness read off the result is a witness
// of the input. It reports false when a constraint becomes false.
func Simplify(cs []Constraint) ([]Constraint, bool) {
	val := map[BoolVar]bool{}
	for {
		var next []Constraint
		for _, c := range cs {
			f := c.F
			if len(val) > 0 {
				f = f.assign(val)
			}
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
		cs = next
		changed := false
		sign := map[BoolVar]uint8{} // bit 1: occurs positively, bit 2: negatively
		for _, c := range cs {
			if c.F.Kind == KLit {
				if v, ok := val[c.F.Bool]; ok && v == c.F.Neg {
					return nil, false // both signs as units
				}
				val[c.F.Bool] = !c.F.Neg
				changed = true
			}
			c.F.signs(sign)
		}
		for b, s := range sign {
			if _, ok := val[b]; !ok && s != 3 {
				val[b] = s == 1
				changed = true
			}
		}
		if !changed {
			return cs, true
		}
	}
}

// assign replaces the literals of the variables in val by constants.
func (f *F) assign(val map[BoolVar]bool) *F {
	switch f.Kind {
	case KLit:
		if v, ok := val[f.Bool]; ok {
			if v != f.Neg {
				return fTrue
			}
			return fFalse
		}
	case KAnd, KOr:
		return f.mapKids(func(k *F) *F { return k.assign(val) })
	}
	return f
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
