package encode

import (
	"fmt"

	"gpredict/spec"
	"gpredict/trace"
)

// The tail block: a cheaper exact encoding of a race.
//
// A candidate whose whole pattern is one `||` block B of reads, writes
// and calls (DataRace's `write || read`, the Go map properties' calls)
// has a witness iff it has one that ends with B: a prefix of a feasible
// schedule is feasible, so cutting a witness right after its block
// leaves one. Pattern says "B is contiguous" with two bracket variables
// and a clause "s < lo ∨ hi < s" for every other step s of the slice;
// on the lock-heavy recordings with values those clauses were most of
// Z3's decisions (a dumped race: 157 thousand decisions for 765
// conflicts). PatternAtEnd says instead, of each member b, that it is in
// the schedule and in its last place: b < cut < b + 2, i.e. O[b] =
// O[cut] - 1. The members are tied there, and every other scheduled step
// is at most that value; no clause per step.
//
// Exactness. (⇐) Given a model, read the witness off as schedule does,
// breaking the ties at O[cut] - 1 with the members last (tail): every
// strict atom true in the model stays true in a refinement of it, and
// the causal constraints use strict atoms only, so the schedule satisfies
// them, with B contiguous at its end. (⇒) Given a witness ending with B,
// let P be the steps before B. Number P's steps 0 … |P|-1, give every
// member |P| and the cut |P|+1, and the steps outside the schedule the
// values above that they had in the witness's model, shifted. An atom
// between a step x outside B and a member b keeps its truth (x < b iff x
// in P, b < x iff x is out of the schedule), and so does every atom of
// the cut. What a tie loses are atoms between two members, and the
// causal constraints never need those here: a member is its thread's
// last scheduled step, so nothing asks that its read return its value
// (rule 5 asks it of a read followed by a step of its thread), and a
// read, write or call starts or ends no hold and waits for no notify.
// What is left is must-happen-before, whose atoms the problem asserts: members
// it orders (of one thread, or by an hb fact: a block may be contiguous
// in one order only) cannot be tied, so such a block keeps Pattern's
// form (TestTailBlockMatchesExplorer has both).
//
// The solver stages ask this form (package smt: the exact stage, its
// dump, the windows, the small stages and their near checks): Specialize
// turns the atom into a bound when one side is fixed (freeze.go), a
// relaxed check drops it with its steps, and Simplify settles it under
// the intervals it knows (TestLtPlusSpecializedAndSimplified). Under a
// relaxed memory model a write is followed by its commit step, whose
// place among ties has not been argued: those candidates keep Pattern's
// form.

// PatternAtEnd is Pattern(c) for every candidate but a tail block's
// (tailBlock), which gets the form above.
func (p *Problem) PatternAtEnd(c Candidate) *Encoding {
	if !p.tailBlock(c) {
		return p.Pattern(c)
	}
	e := &Encoding{Problem: p, Cand: c}
	pe := &patEncoder{p: p, e: e, c: c}
	out, impossible := pe.reducedKeep()
	if impossible {
		e.Constraints = out
		return e
	}
	for i, r := range c.Choice {
		s := pe.pos(i)
		e.tail = append(e.tail, p.Var(s))
		out = append(out, Constraint{F: And(p.in(s), LtPlus(p.Cut, p.Var(s), 2)),
			Origin: Origin{Family: FamPattern, Events: []trace.EventRef{r}, Span: c.Alt.Occs[i].Span,
				Why: fmt.Sprintf("%s (%s) is in the schedule, at its end with the rest of the || block", p.Trace.ID(r), c.Alt.Occs[i].Event)}})
	}
	e.Constraints = out
	return e
}

// tailBlock reports whether c's pattern is one positive `||` block of
// events only, each chosen event a read, write or call that must happen
// neither before nor after another, under sequential consistency.
func (p *Problem) tailBlock(c Candidate) bool {
	root := c.Alt.Root
	if p.Mem != trace.SC || root.Kind != spec.PatPar || len(root.Kids) < 2 || len(c.Choice) != len(root.Kids) {
		return false
	}
	for i, k := range root.Kids {
		if k.Kind != spec.PatEvent {
			return false
		}
		r := c.Choice[k.Occ]
		if op := p.Trace.Event(r).Op; op != trace.OpRead && op != trace.OpWrite && op != trace.OpCall {
			return false
		}
		for _, o := range root.Kids[:i] {
			if q := c.Choice[o.Occ]; q == r || p.idx.Before(q, r) || p.idx.Before(r, q) {
				return false
			}
		}
	}
	return true
}
