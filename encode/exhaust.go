package encode

import "gpredict/trace"

// exhaustRounds bounds the rounds of exhaust: each round recomputes the
// clocks, and on the recordings measured the edges stop growing after a
// few.
const exhaustRounds = 8

// exhaust strengthens the must-read-from edges (readFromEdges) with what
// the clocks they give rule out, to a fixed point: a write that must come
// after a read cannot be what the read reads, so when, of the threads
// writing the read's value, all but one have only writes that must come
// after it (and its own thread none before it), that thread's first write
// of the value comes before the event that makes the read required. Each
// round recomputes the clocks with the new edges, which can rule out more.
// The clocks are left computed with the returned edges.
//
// Why it matters: on a recording whose variables take few values a value
// is written by several threads, so a read rarely has one possible write
// (readFromEdges), yet most of those writes come after the read once the
// clocks are known, and what remains orders the threads as the run did.
func (x *Index) exhaust(model trace.BranchModel, edges [][][]trace.EventRef) [][][]trace.EventRef {
	tr := x.Trace
	return x.toFixedPoint(edges, exhaustRounds, func() [][][]trace.EventRef {
		var more [][][]trace.EventRef
		for _, th := range tr.Threads {
			for i := range th.Events {
				ev := &th.Events[i]
				if ev.Op != trace.OpRead || ev.Val == tr.InitValue(ev.Obj) {
					continue
				}
				r := trace.EventRef{Thread: th.ID, Index: uint32(i)}
				target := requirer(th, i, model)
				if target < 0 {
					continue
				}
				w, ok := x.onlyWriterLeft(r, ev)
				if !ok || x.ClockAt(trace.EventRef{Thread: th.ID, Index: uint32(target)}, w.Thread) > w.Index {
					continue // none, or the clocks have it already
				}
				more = addEdge(more, tr, trace.EventRef{Thread: th.ID, Index: uint32(target)}, w)
			}
		}
		return more
	})
}

// toFixedPoint adds what derive finds to edges and recomputes the clocks
// with them, round after round, until derive finds nothing or rounds run
// out. When the new edges close a cycle — they cannot all hold in a
// schedule that has the events on it — the clocks keep the last set
// without one (sound: fewer facts).
func (x *Index) toFixedPoint(edges [][][]trace.EventRef, rounds int, derive func() [][][]trace.EventRef) [][][]trace.EventRef {
	for range rounds {
		more := derive()
		if more == nil {
			return edges
		}
		grown := mergeEdges(edges, more)
		if !x.computeClocks(grown) {
			x.computeClocks(edges)
			return edges
		}
		edges = grown
	}
	return edges
}

// onlyWriterLeft is, when read r's value can come from one other thread
// only — every other thread's writes of it must come after r, and r's own
// thread writes it nowhere before r — that thread's first write of the
// value that need not come after r.
func (x *Index) onlyWriterLeft(r trace.EventRef, ev *trace.Event) (trace.EventRef, bool) {
	src, found := trace.EventRef{}, false
	for _, w := range x.byVal.firstOf(varVal{ev.Obj, ev.Val}) {
		if w.Thread == r.Thread {
			if w.Index < r.Index {
				return trace.EventRef{}, false
			}
			continue
		}
		if x.ClockAt(w, r.Thread) > r.Index {
			continue // w, and every later write of its thread, comes after r
		}
		if found {
			return trace.EventRef{}, false
		}
		src, found = w, true
	}
	return src, found
}
