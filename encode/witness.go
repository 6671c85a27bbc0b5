package encode

import (
	"slices"
	"sort"
)

// schedule turns values of the order variables (a model) into the steps
// of the witness the model fixes: the kept steps whose value is below the
// cut's, in increasing order. Ties are
// broken by thread, event and part, a tail block's members last; this is
// sound because every atom of the causal formulas is a strict `<` that
// appears only positively, so each atom true under val stays true under
// any order that refines val, and the formulas, being monotone in their
// atoms, stay true with them (the one other atom, a tail block's, is read
// as tail.go says). A step tied with the cut counts as outside the
// schedule, which is such a refinement too.
func (e *Encoding) schedule(val func(Var) int64) []Step {
	p := e.Problem
	cut := val(p.Cut)
	type sv struct {
		s    Step
		v    int64
		tail bool
	}
	var in []sv
	for v, s := range p.Steps {
		if !e.KeptVar(Var(v)) {
			continue // a dropped event: complete places it
		}
		if x := val(Var(v)); x < cut {
			in = append(in, sv{s, x, slices.Contains(e.tail, Var(v))})
		}
	}
	sort.Slice(in, func(i, j int) bool {
		a, b := in[i], in[j]
		if a.v != b.v {
			return a.v < b.v
		}
		if a.tail != b.tail {
			return b.tail
		}
		if a.s.Ref != b.s.Ref {
			return a.s.Ref.Less(b.s.Ref)
		}
		return a.s.Part < b.s.Part
	})
	out := make([]Step, len(in))
	for i, x := range in {
		out[i] = x.s
	}
	return out
}
