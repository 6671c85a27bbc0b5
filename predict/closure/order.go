package closure

import (
	"gpredict/encode"
	"gpredict/trace"
)

// Edge is a derived order: whenever the candidate is shown, From is
// scheduled before To.
type Edge struct {
	From, To trace.EventRef
	// Why says which rule derived it, for explanations and tests.
	Why string
}

// order is must-happen-before (the index's vector clocks) strengthened by
// derived edges. Each edge keeps the clock of everything that must come
// before its target through it: the clock of its source joined with the
// clocks of the edges into the source's past. Then a must happen before b
// exactly when the clocks say so, or some edge's clock holds a and its
// target is b or must happen before b.
type order struct {
	x     *encode.Index
	edges []Edge
	// past[i] is the clock of edges[i] (one entry per thread).
	past [][]uint32
}

// before reports whether a must happen before b (a ≠ b).
func (o *order) before(a, b trace.EventRef) bool {
	if o.x.Before(a, b) {
		return true
	}
	for i, e := range o.edges {
		if o.past[i][a.Thread] > a.Index && (e.To == b || o.x.Before(e.To, b)) {
			return true
		}
	}
	return false
}

// atOrBefore is before, or a = b.
func (o *order) atOrBefore(a, b trace.EventRef) bool { return a == b || o.before(a, b) }

// add records from → to. It reports false when to must already happen
// before from (or is from): the orders contradict each other.
func (o *order) add(from, to trace.EventRef, why string) bool {
	if o.atOrBefore(to, from) {
		return false
	}
	if o.before(from, to) {
		return true
	}
	o.edges = append(o.edges, Edge{From: from, To: to, Why: why})
	o.past = append(o.past, append([]uint32(nil), o.x.Clock(from)...))
	o.propagate()
	return true
}

// propagate closes the edge clocks: an edge's clock includes the clock of
// every edge whose target is at or before its source.
func (o *order) propagate() {
	for changed := true; changed; {
		changed = false
		for i, e := range o.edges {
			for j, f := range o.edges {
				if i == j || !(f.To == e.From || o.x.Before(f.To, e.From)) {
					continue
				}
				for u, v := range o.past[j] {
					if v > o.past[i][u] {
						o.past[i][u] = v
						changed = true
					}
				}
			}
		}
	}
}
