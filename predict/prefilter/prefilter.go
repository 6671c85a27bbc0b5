// Package prefilter rules out, before any solving, choices whose pattern
// order contradicts facts that hold in every feasible schedule.
package prefilter

import (
	"gpredict/encode"
	"gpredict/spec"
	"gpredict/trace"
)

// The pre-filter drops, before any solving, choices whose pattern order
// contradicts facts that hold in every feasible schedule. It must be
// sound: it only drops a choice when it has found a reason that rules out
// every schedule, so a dropped choice is never a violation. It looks only
// at parts of the pattern that must hold (nothing under `!` or `|`):
//
//   - sequence `P Q`: some chosen q of Q must-happens-before (or is) some
//     chosen p of P, where must-happen-before may use the orders that
//     become facts once the chosen events are scheduled
//     (encode.Given);
//   - `P || Q` (one contiguous block S): for a, b in S with a MHB b, a
//     direct MHB successor c of a that is not in S with c MHB b (c must
//     then be scheduled between a and b, inside the block), MHB again
//     including the facts given the chosen events; likewise a MHB the
//     thread predecessor p of b, p not in S, or (implicit model) a MHB
//     the write that p, a read, must read from once b is scheduled (p is
//     then between a and b);
//   - `P || Q`: a and b of different threads both inside a region of the
//     same lock, both exclusive or one exclusive and one shared (an
//     rwmutex's read hold), with no event of S of either thread touching a
//     held lock (both threads would hold the lock across the block;
//     docs/semantics.md rule 3).
//
// A `wait` chosen inside a block is not treated specially: its own wake
// and re-acquire steps are never used as "events in between".

// Filter holds the facts of one trace.
type Filter struct{ m *mhb }

// New computes the facts of tr under the resolved branch model (tests;
// the engine shares the run's index through Over).
func New(tr *trace.Trace, model trace.BranchModel) *Filter {
	return Over(encode.NewModelIndex(tr, model))
}

// Over is the pre-filter over an index built for the run.
func Over(idx *encode.Index) *Filter { return &Filter{m: newMHB(idx)} }

// Index is the index the filter reads.
func (f *Filter) Index() *encode.Index { return f.m.idx }

// RulesOut reports whether no feasible schedule can exhibit choice, by
// the clocks alone (ByClocks) or with the orders given the chosen events
// (Given).
func (f *Filter) RulesOut(alt *spec.Alternative, choice []trace.EventRef) bool {
	return f.ByClocks(alt, choice) || f.Given(alt, choice)
}

// ByClocks reports whether the clocks' must-happen-before alone rules
// choice out: one clock comparison per pair of chosen events, which the
// engine asks of every choice as it is formed.
func (f *Filter) ByClocks(alt *spec.Alternative, choice []trace.EventRef) bool {
	return f.node(alt.Root, choice, nil)
}

// Given reports whether the rules, with the orders that are facts once
// the chosen events are scheduled, rule choice out: every schedule showing
// the choice contains the chosen events outside `!` and `|`, and so what
// must happen before them, and the checks may use the orders that are
// facts given that (encode.Given). It costs a closure over the chosen
// events' past, so the engine asks it as a stage of the ladder, after
// the stages that find most races' witnesses for less.
func (f *Filter) Given(alt *spec.Alternative, choice []trace.EventRef) bool {
	given := f.m.idx.Given(encode.DownSlice(f.m.idx, mustEvents(alt.Root, choice, nil)))
	return f.node(alt.Root, choice, given)
}

// node checks n's conditions with the clocks' must-happen-before, also
// given the chosen events when given is not nil.
func (f *Filter) node(n *spec.PatNode, choice []trace.EventRef, given *encode.Given) bool {
	switch n.Kind {
	case spec.PatSeq:
		var earlier []trace.EventRef
		for _, k := range n.Kids {
			cur := mustEvents(k, choice, nil)
			for _, q := range cur {
				for _, p := range earlier {
					if f.leq(given, q, p) {
						return true
					}
				}
			}
			earlier = append(earlier, cur...)
		}
	case spec.PatPar:
		if f.blockImpossible(mustEvents(n, choice, nil), n.Chosen(choice), given) {
			return true
		}
	case spec.PatNot, spec.PatOr, spec.PatEvent:
		return false
	}
	for _, k := range n.Kids {
		if f.node(k, choice, given) {
			return true
		}
	}
	return false
}

// blockImpossible checks the `||` conditions for the events that must be
// in the block (must) against all chosen events of the block (all).
func (f *Filter) blockImpossible(must, all []trace.EventRef, given *encode.Given) bool {
	in := func(r trace.EventRef) bool {
		for _, x := range all {
			if x == r {
				return true
			}
		}
		return false
	}
	for _, a := range must {
		for _, b := range must {
			if a == b {
				continue
			}
			if f.separated(a, b, in, given) {
				return true
			}
			if a.Thread != b.Thread && f.m.commonLock(a, b) {
				free := true
				for _, x := range all {
					if (x.Thread == a.Thread && f.m.touchesLockOf(x, a)) || (x.Thread == b.Thread && f.m.touchesLockOf(x, b)) {
						free = false
						break
					}
				}
				if free {
					return true
				}
			}
		}
	}
	return false
}

// separated reports whether some event outside the block (in) must come
// after a and before b, so that a and b cannot both be in one contiguous
// block.
func (f *Filter) separated(a, b trace.EventRef, in func(trace.EventRef) bool, given *encode.Given) bool {
	if !f.leq(given, a, b) {
		return false
	}
	for _, c := range f.m.successors(a) {
		if c != b && !in(c) && f.leq(given, c, b) {
			return true
		}
	}
	if b.Index == 0 {
		return false
	}
	p := trace.EventRef{Thread: b.Thread, Index: b.Index - 1}
	if in(p) {
		return false
	}
	if f.leq(given, a, p) {
		return true
	}
	// Under the implicit model, b scheduled makes its predecessor p, a
	// read, required: the only write of p's value comes before p.
	if !f.m.idx.Explicit() && f.m.tr.Event(p).Op == trace.OpRead {
		if w, kind := f.m.idx.Source(p); kind == encode.OneWrite && w.Thread != p.Thread && f.leq(given, a, w) {
			return true
		}
	}
	return false
}

// leq reports a ≤ b in must-happen-before (a = b included), given the
// chosen events when given is not nil.
func (f *Filter) leq(given *encode.Given, a, b trace.EventRef) bool {
	if a == b {
		return true
	}
	if given == nil {
		return f.m.idx.Before(a, b)
	}
	return given.Before(a, b)
}

// mustEvents appends the chosen events of n outside any `!` (they must
// satisfy n's positive conditions).
func mustEvents(n *spec.PatNode, choice []trace.EventRef, out []trace.EventRef) []trace.EventRef {
	switch n.Kind {
	case spec.PatEvent:
		return append(out, choice[n.Occ])
	case spec.PatNot, spec.PatOr:
		return out
	}
	for _, k := range n.Kids {
		out = mustEvents(k, choice, out)
	}
	return out
}
