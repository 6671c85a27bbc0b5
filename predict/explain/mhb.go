package explain

import (
	"gpredict/encode"
	"gpredict/trace"
)

// MustPrecede explains why event a must happen before event b in every
// feasible schedule that contains b, as a chain of must-happen-before
// facts from a to b: program order, fork, join, and must-read-from (once
// an event runs, a read before it must have returned its value, which only
// one write of another thread gives). idx must be the index of the run
// (encode.NewModelIndex: its clocks include the must-read-from edges of
// the branch model); ok is false when idx.Before(a, b) does not hold.
//
// The chain is the one with the fewest facts other than program order
// (a 0-1 breadth-first search backwards from b, program order costing 0,
// over the events that a must precede, so it stays within the clocks).
// Without reads, the chain uses program order, fork and join only (for
// an index built without a branch model, encode.NewIndex).
func MustPrecede(idx *encode.Index, a, b trace.EventRef, reads bool) ([]Fact, bool) {
	if a == b || !idx.Before(a, b) {
		return nil, false
	}
	tr := idx.Trace
	type link struct {
		next trace.EventRef // the event this one leads to, towards b
		fact Fact
	}
	within := func(e trace.EventRef) bool { return e == a || idx.Before(a, e) }
	dist := map[trace.EventRef]int{b: 0}
	via := map[trace.EventRef]link{}
	deque := []trace.EventRef{b}
	relax := func(from, to trace.EventRef, cost int, f Fact) {
		if !within(from) {
			return
		}
		d := dist[to] + cost
		if old, seen := dist[from]; seen && old <= d {
			return
		}
		dist[from], via[from] = d, link{to, f}
		if cost == 0 {
			deque = append([]trace.EventRef{from}, deque...)
		} else {
			deque = append(deque, from)
		}
	}
	for len(deque) > 0 {
		e := deque[0]
		deque = deque[1:]
		if e == a {
			break
		}
		predecessors(idx, e, reads, func(p trace.EventRef, cost int, f Fact) { relax(p, e, cost, f) })
	}
	if _, ok := dist[a]; !ok {
		return nil, false // the clocks and the edges disagree: no chain to show
	}
	var facts []Fact
	for e := a; e != b; e = via[e].next {
		facts = append(facts, via[e].fact)
	}
	for i := range facts {
		facts[i].render(tr)
	}
	return mergeAdjacent(tr, facts), true
}

// predecessors calls fn for every direct must-happen-before predecessor p
// of e, with the cost of the step (0 for program order) and its fact.
func predecessors(idx *encode.Index, e trace.EventRef, reads bool, fn func(p trace.EventRef, cost int, f Fact)) {
	tr := idx.Trace
	th := tr.Threads[e.Thread]
	if e.Index > 0 {
		p := trace.EventRef{Thread: e.Thread, Index: e.Index - 1}
		fn(p, 0, Fact{Kind: ProgramOrder, Events: []trace.EventRef{p, e}})
	} else if th.HasFork {
		fn(th.ForkedBy, 1, Fact{Kind: Fork, Events: []trace.EventRef{th.ForkedBy, e}})
	}
	if ev := tr.Event(e); ev.Op == trace.OpJoin {
		if c, ok := tr.ThreadByName(tr.Str(ev.Obj)); ok && len(tr.Threads[c].Events) > 0 {
			last := trace.EventRef{Thread: c, Index: uint32(len(tr.Threads[c].Events) - 1)}
			fn(last, 1, Fact{Kind: Join, Events: []trace.EventRef{last, e}})
		}
	}
	// The reads that e's scheduling makes required: those whose requirer
	// is e (its predecessor under the implicit model, the reads since the
	// previous branch under the explicit one).
	explicit := idx.Explicit()
	if !reads || explicit && tr.Event(e).Op != trace.OpBranch {
		return
	}
	for i := int(e.Index) - 1; i >= 0; i-- {
		r := trace.EventRef{Thread: e.Thread, Index: uint32(i)}
		ev := tr.Event(r)
		if explicit && ev.Op == trace.OpBranch {
			break
		}
		if ev.Op == trace.OpRead && idx.Requirer(r) == int(e.Index) {
			if w, kind := idx.Source(r); kind == encode.OneWrite && w.Thread != r.Thread {
				fn(w, 1, Fact{Kind: MustReadFrom, Events: []trace.EventRef{w, r, e}, Var: tr.Str(ev.Obj), Value: tr.Str(ev.Val)})
			}
		}
		if !explicit {
			break
		}
	}
}
