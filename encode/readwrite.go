package encode

import (
	"slices"

	"gpredict/trace"
)

// encodeReadWrite adds rule 5. Per read r of x returning v:
//
//	cons(r) → ∨ over writes w of v to x:  w < r ∧ conc(w) ∧ ∧_{w'≠w} (w' < w ∨ r < w')
//	          ∨ (if v is x's initial value)  ∧_{w'} r < w'
//
// where w' ranges over the other writes of x in the slice: one that is not
// in the schedule lies after the cut and so after r. conc(w) — "w is
// concrete" — is allc(r') for the last read r' before w in its thread, and
// allc(r') → cons(r') ∧ allc(previous read), i.e. every read before w is
// consistent. All of these are implications, so a definition can only be
// used when it holds; a cyclic justification would need a cycle of strict
// order atoms. Which reads must be consistent:
//
//	implicit: the step after r in its thread is in π → cons(r)
//	explicit: a branch b is in π → allc(last read before b)
//
// which covers the explicit model's "recursively" through conc. Pruned by
// must-happen-before as the patent describes: a write after r is neither a
// source nor an interferer; a write w with w < w2 < r for another write
// w2 is no source; an interferer before the source needs no clause.
func (p *Problem) encodeReadWrite() {
	tr := p.Trace
	cons := map[trace.EventRef]BoolVar{}
	allc := map[trace.EventRef]BoolVar{}
	// lastRead[t][i] is the last read before event i of thread t, if any.
	type readAt struct {
		r  trace.EventRef
		ok bool
	}
	concOf := func(t int, i int, last []readAt) *F {
		if lr := last[i]; lr.ok {
			return Lit(allc[lr.r], false)
		}
		return True()
	}
	// In a reduced problem trivially consistent reads (trivial.go) get no
	// literal: they are consistent in every schedule the reduced problem
	// admits, so "every read up to here is consistent" skips them.
	// A near problem (near.go) gives the reads it leaves out no literal
	// either: nothing then asks that they keep their values, which only
	// weakens the formula, as it is meant to.
	trivial := func(r trace.EventRef) bool {
		return p.reduced && p.idx.trivialOf(r).kind != notTrivial || !p.keepsValueOf(r)
	}
	// A receive keeps its value like a read (rule 5): it gets the same
	// literals and the same place in the chain of allc; the channel
	// family (chan.go) says what cons means for it.
	valued := func(op trace.Op) bool { return op == trace.OpRead || op.IsRecv() }
	lasts := make([][]readAt, len(p.Slice.Prefix))
	for t, n := range p.Slice.Prefix {
		last := make([]readAt, n)
		var cur readAt
		for i := 0; i < n; i++ {
			last[i] = cur
			r := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)}
			if valued(tr.Event(r).Op) && !trivial(r) {
				cons[r] = p.newBool("cons_" + tr.ID(r))
				allc[r] = p.newBool("allc_" + tr.ID(r))
				cur = readAt{r, true}
			}
		}
		lasts[t] = last
	}
	p.cons, p.allc = cons, allc
	p.concAt = func(w trace.EventRef) *F { return concOf(int(w.Thread), int(w.Index), lasts[w.Thread]) }
	for t, n := range p.Slice.Prefix {
		for i := 0; i < n; i++ {
			if p.stopped() {
				return
			}
			r := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)}
			ev := tr.Event(r)
			switch {
			case valued(ev.Op) && !trivial(r):
				p.add(Implies(allc[r], And(Lit(cons[r], false), concOf(t, i, lasts[t]))), FamReadWrite,
					"every read up to "+tr.ID(r)+" is consistent", r)
				if ev.Op == trace.OpRead {
					p.add(Implies(cons[r], p.readSources(r, ev, func(w trace.EventRef) *F {
						return concOf(int(w.Thread), int(w.Index), lasts[w.Thread])
					})), FamReadWrite, tr.ID(r)+" reads "+tr.Str(ev.Val)+" from "+tr.Str(ev.Obj)+" as in the trace", r)
				}
				if p.Model == trace.BranchesImplicit && i+1 < n {
					next := trace.EventRef{Thread: r.Thread, Index: r.Index + 1}
					p.add(Or(p.out(firstStep(tr, next)), Lit(cons[r], false)), FamReadWrite,
						tr.ID(r)+" must read its value once "+tr.ID(next)+" is scheduled (implicit branches)", r, next)
				}
			case ev.Op == trace.OpBranch:
				if p.Model == trace.BranchesExplicit {
					if lr := lasts[t][i]; lr.ok {
						p.add(Or(p.out(Step{Ref: r, Part: Whole}), Lit(allc[lr.r], false)), FamReadWrite,
							"the reads before branch "+tr.ID(r)+" keep their values once it is scheduled", r)
					}
				}
			}
		}
	}
}

// readSources is the disjunction of the ways read r (of x, value v) can
// read v: from a concrete write of v with no write of x in between, or
// from the initial value with no write of x before it.
func (p *Problem) readSources(r trace.EventRef, ev *trace.Event, conc func(trace.EventRef) *F) *F {
	return p.sourcesOf(r, ev.Obj, ev.Val, conc)
}

// sourcesOf is readSources for read r of variable x returning val, which
// need not be the value recorded for r (query.go asks for other values).
func (p *Problem) sourcesOf(r trace.EventRef, x, val trace.Sym, conc func(trace.EventRef) *F) *F {
	tr := p.Trace
	if p.Mem.Relaxed() && !tr.Volatile[x] {
		return p.relaxedSourcesOf(r, x, val, conc) // memmodel.go
	}
	var writes []trace.EventRef // writes of x in the slice that may precede r
	for _, w := range p.idx.writesVar[x] {
		if p.inSlice(w) && !p.idx.Before(r, w) {
			writes = append(writes, w)
		}
	}
	rv := p.Var(Step{Ref: r, Part: Whole})
	// Under the implicit branch model a write that is scheduled writes
	// its recorded value: every read before it in its thread is followed
	// by a scheduled step, so keeps its value. A write of val between the
	// source and r then leaves r reading val, so only the writes of other
	// values interfere (the last write before r is still one of val's).
	harmless := func(w2 trace.EventRef) bool {
		return p.Model == trace.BranchesImplicit && tr.Event(w2).Val == val
	}
	// In a near problem (near.go) every order atom that names a step not
	// near the chosen events is true in each of its relaxed checks (Relax
	// drops those steps), so none is written: a source not near is only
	// its concreteness, and a write not near interferes with nothing.
	// Written out, those atoms made the family quadratic in the slice's
	// writes of x: 3.3 GB within 16 s on a 100K-event lock-heavy member
	// with values. Only the near writes can shadow a source here; one
	// that is not near can only make the formula weaker, as a near
	// problem may be.
	interferers, farSources := writes, farSourceSet{}
	if p.near != nil {
		interferers = slices.DeleteFunc(slices.Clone(writes), func(w trace.EventRef) bool { return !p.near(w) })
	}
	var alts []*F
	for _, w := range writes {
		if p.stopped() {
			return False() // the problem is given up
		}
		if tr.Event(w).Val != val {
			continue
		}
		if p.near != nil && !p.near(w) {
			alts = farSources.add(alts, conc(w))
			continue
		}
		if p.shadowed(w, r, interferers) {
			continue
		}
		wv := p.Var(Step{Ref: w, Part: Whole})
		conj := []*F{conc(w)}
		if !p.idx.Before(w, r) {
			conj = append(conj, Lt(wv, rv))
		}
		for _, w2 := range interferers {
			if p.stopped() {
				return False()
			}
			if w2 == w || p.idx.Before(w2, w) || harmless(w2) {
				continue
			}
			conj = append(conj, Or(Lt(p.Var(Step{Ref: w2, Part: Whole}), wv), Lt(rv, p.Var(Step{Ref: w2, Part: Whole}))))
		}
		alts = append(alts, And(conj...))
	}
	if tr.InitValue(x) == val {
		conj := []*F{}
		for _, w2 := range interferers {
			if harmless(w2) {
				continue
			}
			conj = append(conj, Lt(rv, p.Var(Step{Ref: w2, Part: Whole})))
		}
		alts = append(alts, And(conj...))
	}
	return Or(alts...)
}

// shadowed reports whether some other write of x must happen between w and r.
func (p *Problem) shadowed(w, r trace.EventRef, writes []trace.EventRef) bool {
	for _, w2 := range writes {
		if p.stopped() {
			return true // the problem is given up: nothing is asked of w
		}
		if w2 != w && p.idx.Before(w, w2) && p.idx.Before(w2, r) {
			return true
		}
	}
	return false
}
