package encode

import (
	"fmt"
	"slices"

	"gpredict/spec"
	"gpredict/trace"
)

// Pattern returns the encoding of candidate c over problem p (whose slice
// must contain the chosen events): its constraints say that every chosen
// event is in the schedule and that the alternative's ordering condition
// (docs/semantics.md) holds on their positions. A chosen wait stands at
// its release part. p is left unchanged.
//
// Negation is pushed to the atoms: ¬(a < b) becomes b < a (a and b are
// distinct steps of a total order; for the same step it is true). A `||`
// block B (all chosen events of the group) is contiguous iff every other
// step s of the slice lies before all of B or after all of B; steps not in
// the schedule are after the cut and so after B. This leaves every
// internal order of the block open. Its negation is "some step lies
// strictly inside B" (such a step is before a chosen event and so in the
// schedule).
func (p *Problem) Pattern(c Candidate) *Encoding {
	e := &Encoding{Problem: p, Cand: c}
	e.Constraints = (&patEncoder{p: p, e: e, c: c, singlePar: countPar(c.Alt.Root) == 1}).constraints()
	return e
}

func (pe *patEncoder) constraints() []Constraint {
	p, c := pe.p, pe.c
	out, impossible := pe.reducedKeep()
	if impossible {
		return out
	}
	for i, r := range c.Choice {
		out = append(out, Constraint{F: p.in(pe.pos(i)), Origin: Origin{Family: FamPattern, Events: []trace.EventRef{r},
			Span: c.Alt.Occs[i].Span, Why: fmt.Sprintf("%s (%s) is in the schedule", p.Trace.ID(r), c.Alt.Occs[i].Event)}})
	}
	f := pe.cond(c.Alt.Root, false)
	out = append(out, Constraint{F: f, Origin: Origin{Family: FamPattern, Events: c.Choice, Span: c.Alt.Root.Span,
		Why: "the chosen events satisfy the pattern"}})
	return out
}

// reducedKeep is, over a reduced problem, what the candidate keeps on
// top of it (keepForCandidate) and whether its block is impossible, in
// which case the constraints returned end with False; over a full
// problem, nothing.
func (pe *patEncoder) reducedKeep() ([]Constraint, bool) {
	if !pe.p.reduced {
		return nil, false
	}
	out, impossible := pe.keepForCandidate()
	if impossible {
		out = append(out, Constraint{F: False(), Origin: Origin{Family: FamPattern, Events: pe.c.Choice, Span: pe.c.Alt.Root.Span,
			Why: "an event that must happen after one event of the || block and before another would lie inside it"}})
	}
	return out, impossible
}

type patEncoder struct {
	p *Problem
	e *Encoding // what the candidate adds to p
	c Candidate
	// singlePar: the alternative has one `||` node, so its positive
	// contiguity may skip inert steps (inert.go).
	singlePar bool
}

func countPar(n *spec.PatNode) int {
	k := 0
	if n.Kind == spec.PatPar {
		k = 1
	}
	for _, c := range n.Kids {
		k += countPar(c)
	}
	return k
}

// pos is the step standing for occurrence i.
func (pe *patEncoder) pos(i int) Step { return firstStep(pe.p.Trace, pe.c.Choice[i]) }

// occs lists the occurrences below n.
func occs(n *spec.PatNode, out []int) []int {
	if n.Kind == spec.PatEvent {
		return append(out, n.Occ)
	}
	for _, k := range n.Kids {
		out = occs(k, out)
	}
	return out
}

// vars are the distinct variables of the occurrences below n.
func (pe *patEncoder) vars(n *spec.PatNode) []Var {
	seen := map[Var]bool{}
	var vs []Var
	for _, o := range occs(n, nil) {
		v := pe.p.Var(pe.pos(o))
		if !seen[v] {
			seen[v] = true
			vs = append(vs, v)
		}
	}
	return vs
}

// cond is the condition of n, negated if neg.
func (pe *patEncoder) cond(n *spec.PatNode, neg bool) *F {
	switch n.Kind {
	case spec.PatEvent:
		// An atom holds once its event is chosen and scheduled; its
		// negation is false (the events of !P are still chosen and in π).
		if neg {
			return False()
		}
		return True()
	case spec.PatNot:
		return pe.cond(n.Kids[0], !neg)
	case spec.PatAnd, spec.PatOr:
		var fs []*F
		for _, k := range n.Kids {
			fs = append(fs, pe.cond(k, neg))
		}
		if (n.Kind == spec.PatAnd) != neg {
			return And(fs...)
		}
		return Or(fs...)
	case spec.PatSeq:
		var fs []*F
		for _, k := range n.Kids {
			fs = append(fs, pe.cond(k, neg))
		}
		for j := 0; j+1 < len(n.Kids); j++ {
			fs = append(fs, pe.before(pe.vars(n.Kids[j]), pe.vars(n.Kids[j+1]), neg))
		}
		if neg {
			return Or(fs...)
		}
		return And(fs...)
	case spec.PatPar:
		var fs []*F
		for _, k := range n.Kids {
			fs = append(fs, pe.cond(k, neg))
		}
		fs = append(fs, pe.contiguous(pe.vars(n), neg))
		if neg {
			return Or(fs...)
		}
		return And(fs...)
	}
	panic("encode: bad pattern node")
}

// before is "every step of as before every step of bs", negated if neg.
func (pe *patEncoder) before(as, bs []Var, neg bool) *F {
	var fs []*F
	for _, a := range as {
		for _, b := range bs {
			if neg {
				fs = append(fs, NotLt(a, b))
			} else {
				fs = append(fs, Lt(a, b))
			}
		}
	}
	if neg {
		return Or(fs...)
	}
	return And(fs...)
}

// contiguous is "no other step of the slice lies inside the block", negated if neg.
//
// The positive form brackets the block with two fresh order variables,
// lo < every block step < hi, and asks of each other step s only the
// binary clause s < lo ∨ hi < s. That is exact: if the block is contiguous
// in a schedule, lo just below its first step and hi just above its last
// satisfy every clause (steps outside the schedule lie after the cut and so
// after the block); conversely no step satisfying its clause can lie
// between the first and the last block step. It replaces a disjunction of
// two |B|-conjunctions per step, which made Z3 search far longer.
func (pe *patEncoder) contiguous(block []Var, neg bool) *F {
	in := map[Var]bool{}
	// Steps of a thread are numbered consecutively in program order. In a
	// thread with block members only the steps right before its first
	// member and right after its last one need a clause: an earlier step
	// precedes that one, a later step follows the other (also under
	// negation: a step inside the block drags them inside too).
	lo, hi := map[trace.ThreadID]Var{}, map[trace.ThreadID]Var{}
	for _, v := range block {
		in[v] = true
		t := pe.p.Steps[v].Ref.Thread
		if l, ok := lo[t]; !ok || v < l {
			lo[t] = v
		}
		if h, ok := hi[t]; !ok || v > h {
			hi[t] = v
		}
	}
	var fs []*F
	var below, above Var
	var inert []bool
	if !neg && pe.singlePar && !pe.p.reduced {
		inert = pe.p.inertSteps()
		for _, v := range block {
			pe.e.block = append(pe.e.block, pe.p.Steps[v])
		}
	}
	if !neg {
		below, above = pe.e.newAux(), pe.e.newAux()
		for _, b := range block {
			fs = append(fs, Lt(below, b), Lt(b, above))
		}
	}
	for v := Var(0); v < pe.p.Cut; v++ {
		if in[v] || !pe.e.KeptVar(v) {
			continue // dropped events are placed outside the block by Complete
		}
		// A write's commit step (memmodel.go) is numbered after every
		// event's step and follows no program order: it always gets its
		// clause, unless its write comes after the whole block.
		commit := pe.p.Steps[v].Part == Commit || pe.p.Steps[v].Part.Other() // a select's other case too (select.go)
		l, member := lo[pe.p.Steps[v].Ref.Thread]
		if member && !commit && (v < l-1 || v > hi[pe.p.Steps[v].Ref.Thread]+1) {
			continue
		}
		if inert != nil && !member && inert[v] {
			continue // moved out of the block by repairBlock if need be
		}
		if !neg {
			// A step that must happen before every block step, or after
			// every one, is never inside the block: no clause needed.
			if !commit && pe.mhbAll(v, block, true) || pe.mhbAll(v, block, false) {
				continue
			}
			fs = append(fs, Or(Lt(v, below), Lt(above, v)))
			continue
		}
		var someAbove, someBelow []*F
		for _, b := range block {
			someAbove = append(someAbove, Lt(b, v))
			someBelow = append(someBelow, Lt(v, b))
		}
		fs = append(fs, And(Or(someAbove...), Or(someBelow...)))
	}
	if neg {
		return Or(fs...)
	}
	return And(fs...)
}

// keepForCandidate (reduced problems) keeps the chosen events and, for
// the `||` block (at most one, never under negation, in a reduced
// problem), the events right before and after the block members of each
// member thread, whose contiguity clauses stand for the rest of the thread
// (see contiguous). It returns the constraints placing them and whether
// the block is impossible (Problem.blockSeparated).
func (pe *patEncoder) keepForCandidate() ([]Constraint, bool) {
	p, e := pe.p, pe.e
	keep := append([]trace.EventRef(nil), pe.c.Choice...)
	if par := findPar(pe.c.Alt.Root); par != nil {
		e.blockEvents = map[trace.EventRef]bool{}
		lo, hi := map[trace.ThreadID]uint32{}, map[trace.ThreadID]uint32{}
		for _, o := range occs(par, nil) {
			r := pe.c.Choice[o]
			if e.blockEvents[r] {
				continue
			}
			e.blockEvents[r] = true
			e.blockList = append(e.blockList, r)
			if l, ok := lo[r.Thread]; !ok || r.Index < l {
				lo[r.Thread] = r.Index
			}
			if h, ok := hi[r.Thread]; !ok || r.Index > h {
				hi[r.Thread] = r.Index
			}
		}
		if p.blockSeparated(e.blockList) {
			return e.extend(keep), true
		}
		for _, t := range sortedThreads(lo) { // in order: the constraints must not depend on map order
			if l := lo[t]; l > 0 {
				keep = append(keep, trace.EventRef{Thread: t, Index: l - 1})
			}
			if h := hi[t]; p.inSlice(trace.EventRef{Thread: t, Index: h + 1}) {
				keep = append(keep, trace.EventRef{Thread: t, Index: h + 1})
			}
		}
	}
	return e.extend(keep), false
}

// sortedThreads returns the keys of m in increasing order.
func sortedThreads(m map[trace.ThreadID]uint32) []trace.ThreadID {
	ts := make([]trace.ThreadID, 0, len(m))
	for t := range m {
		ts = append(ts, t)
	}
	slices.Sort(ts)
	return ts
}

func findPar(n *spec.PatNode) *spec.PatNode {
	if n.Kind == spec.PatPar {
		return n
	}
	for _, k := range n.Kids {
		if f := findPar(k); f != nil {
			return f
		}
	}
	return nil
}

// mhbAll reports whether step v must happen before (or, if !before, after)
// every step of block.
func (pe *patEncoder) mhbAll(v Var, block []Var, before bool) bool {
	s := pe.p.Steps[v]
	for _, b := range block {
		bs := pe.p.Steps[b]
		if before && !pe.p.idx.StepBefore(s, bs) || !before && !pe.p.idx.StepBefore(bs, s) {
			return false
		}
	}
	return true
}
