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
	n := len(o.edges)
	o.edges = append(o.edges, Edge{From: from, To: to, Why: why})
	o.past = append(o.past, append([]uint32(nil), o.x.Clock(from)...))
	// The other clocks are closed already, so the new edge's clock is its
	// source's joined with the clocks of the edges into its source's past;
	// then it flows on to the edges it leads into, and theirs (spread).
	for j, e := range o.edges[:n] {
		if e.To == from || o.x.Before(e.To, from) {
			join(o.past[n], o.past[j])
		}
	}
	o.spread(n)
	return true
}

// spread keeps the edge clocks closed after edge k's clock grew: an
// edge's clock includes the clock of every edge whose target is at or
// before its source. Only the edges whose clocks grow are visited again,
// so adding an edge costs about one pass over the edges it reaches,
// instead of passes over every pair of edges until nothing changes.
func (o *order) spread(k int) {
	work := []int{k}
	for len(work) > 0 {
		k := work[len(work)-1]
		work = work[:len(work)-1]
		to := o.edges[k].To
		for i, e := range o.edges {
			if i != k && (e.From == to || o.x.Before(to, e.From)) && join(o.past[i], o.past[k]) {
				work = append(work, i)
			}
		}
	}
}

// join raises clock a to clock b where b is later, and reports whether
// anything changed.
func join(a, b []uint32) bool {
	changed := false
	for u, v := range b {
		if v > a[u] {
			a[u], changed = v, true
		}
	}
	return changed
}
