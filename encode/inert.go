package encode

// A step is *inert* in a problem when the causal constraints mention it
// only in program-order atoms of its own thread and in "not in the
// schedule" atoms (cut < s). Such a step interacts with no other thread:
// inside a schedule it commutes with every step of the other threads, and
// leaving it in the schedule at an earlier position changes no constraint.
//
// This lets the contiguity of a `||` block skip inert steps of threads
// with no block member (see Pattern): given a model where some inert steps
// lie inside the block, move each maximal run of them to just before the
// block. Every moved step stays in the schedule, stays after its
// predecessor in its thread (that predecessor is before the block: if it
// were inert it would be part of the run; if not, its own clause keeps it
// outside the block, and a non-inert step after the block cannot precede
// an inside step of its thread) and before its successor, and no other
// atom mentions it. repairBlock makes exactly that move in the witness.
// The skip is used only when the alternative has a single `||` node, so no
// other block clause can mention a moved step.

// inertSteps computes, once per problem, which variables are inert.
func (p *Problem) inertSteps() []bool {
	p.inertOnce.Do(func() { p.inert = p.findInert() })
	return p.inert
}

func (p *Problem) findInert() []bool {
	inert := make([]bool, p.Cut)
	for v := range inert {
		inert[v] = true
	}
	var walk func(f *F)
	walk = func(f *F) {
		switch f.Kind {
		case KLt:
			a, b := f.A, f.B
			if a == p.Cut || b == p.Cut {
				if a == p.Cut && b < p.Cut {
					return // cut < s: "s is not scheduled"
				}
				if b == p.Cut && a < p.Cut {
					inert[a] = false // s < cut: "s is scheduled"
				}
				return
			}
			if a < p.Cut && b < p.Cut && p.Steps[a].Ref.Thread == p.Steps[b].Ref.Thread &&
				p.Steps[a].Part != Commit && p.Steps[b].Part != Commit && // a commit's order in its thread is no program order,
				!p.Steps[a].Part.Other() && !p.Steps[b].Part.Other() { // nor a select's other case's (select.go)
				return // same-thread atoms: implied by program order or always false
			}
			if a < p.Cut {
				inert[a] = false
			}
			if b < p.Cut {
				inert[b] = false
			}
		case KAnd, KOr:
			for _, k := range f.Kids {
				walk(k)
			}
		}
	}
	for _, c := range p.Causal {
		walk(c.F)
	}
	return inert
}

// repairBlock moves, in a witness extracted from a model of the
// encoding, the steps lying inside its `||` block (inert steps whose
// contiguity clause was skipped) to just before it, keeping their order.
// See inertSteps for why the result satisfies every constraint. Without
// such a block it returns sched unchanged. Its passes over sched are
// linear, but a witness of a long trace has millions of steps and the
// result is a copy: it looks at w's limits as it goes (w.err once one is
// reached).
func (e *Encoding) repairBlock(sched []Step, w *watch) ([]Step, error) {
	if len(e.block) == 0 {
		return sched, nil
	}
	isBlock := map[Step]bool{}
	for _, s := range e.block {
		isBlock[s] = true
	}
	first, last := -1, -1
	for i, s := range sched {
		if w.stopped() {
			return nil, w.err
		}
		if isBlock[s] {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return sched, nil
	}
	out := append(make([]Step, 0, len(sched)), sched[:first]...)
	for _, inBlock := range []bool{false, true} {
		for _, s := range sched[first : last+1] {
			if w.stopped() {
				return nil, w.err
			}
			if isBlock[s] == inBlock {
				out = append(out, s)
			}
		}
	}
	return append(out, sched[last+1:]...), nil
}
