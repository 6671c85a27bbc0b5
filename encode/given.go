package encode

import (
	"slices"
	"sort"

	"gpredict/trace"
)

// Must-happen-before given a scheduled set. The vector clocks hold orders
// that are true in every feasible schedule, so a must-read-from edge
// w → r can only enter them at r's requirer (index.go), not at r itself:
// a schedule may end r's thread at r, with r reading anything. Once r is
// known to be required, though (its requirer is in a set S that every
// schedule of interest contains, or a write after it is the source of
// another required read: closeRequired), its conditional orders are facts
// too:
//
//   - r reads v from x, the only write w of v to x is in another thread,
//     v is not x's initial value: w < r;
//   - r reads x's initial value and no write writes it: r < w' for every
//     write w' of x that does not have to precede r (when w' is
//     scheduled; a chain that ends at a scheduled event only passes
//     through scheduled ones).
//
// Given.Before chains them with the clocks' facts.

// condEdge is the order from < to, a fact once read, an event of the
// thread that owns the edge (condEdges[t]), is required.
type condEdge struct {
	read     uint32
	from, to trace.EventRef
}

// computeCondEdges lists the conditional orders of every thread, by
// increasing read.
func (x *Index) computeCondEdges() { x.condEdges = x.condEdgesWith(x.initialReadEdges) }

// initialEdges appends to es the orders of read r (the i-th event of its
// thread) of an initial value that no write writes, given the writes of
// its variable: initialReadEdges (a test compares it with an order to
// every such write).
type initialEdges func(es []condEdge, i uint32, r trace.EventRef, ws []trace.EventRef) []condEdge

// condEdgesWith lists the conditional orders of every thread with the
// rule initial for the reads of an initial value that no write writes.
func (x *Index) condEdgesWith(initial initialEdges) [][]condEdge {
	tr := x.Trace
	out := make([][]condEdge, len(tr.Threads))
	for t, th := range tr.Threads {
		for i := range th.Events {
			ev := &th.Events[i]
			if ev.Op != trace.OpRead {
				continue
			}
			r := trace.EventRef{Thread: th.ID, Index: uint32(i)}
			if w, ok := x.uniqueSource(r, ev); ok {
				out[t] = append(out[t], condEdge{read: uint32(i), from: w, to: r})
			} else if ev.Val == tr.InitValue(ev.Obj) && len(x.byVal.of(varVal{ev.Obj, ev.Val})) == 0 {
				out[t] = initial(out[t], uint32(i), r, x.writesVar[ev.Obj])
			}
		}
		// At its length: grown by appending, a thread's list kept up to
		// twice its bytes for the run (a read each on an STD recording).
		out[t] = slices.Clone(out[t])
	}
	return out
}

// initialReadEdges appends to es the orders r < w of read r (the i-th
// event of its thread), which reads its variable's initial value that no
// write writes, for the writes ws of the variable (in thread order, each
// thread's in program order) that do not have to precede r: of each
// thread only the first of them, since its later writes follow it in
// program order, and Given.Before keeps only the earliest event of a
// thread known to come after r. One edge per write was quadratic: on
// golang-lru's tests (8.4M events) the edges of a few hundred thousand
// such reads took half the run, most of it copying the growing lists.
// The writes of a thread that precede r are a prefix of its writes
// (must-happen-before is transitive and includes program order), so
// each thread's first is found by binary search.
func (x *Index) initialReadEdges(es []condEdge, i uint32, r trace.EventRef, ws []trace.EventRef) []condEdge {
	for len(ws) > 0 {
		t := ws[0].Thread
		run := sort.Search(len(ws), func(k int) bool { return ws[k].Thread != t })
		if k := sort.Search(run, func(k int) bool { return !x.Before(ws[k], r) }); k < run {
			es = append(es, condEdge{read: i, from: r, to: ws[k]})
		}
		ws = ws[run:]
	}
	return es
}

// uniqueSource is a write that must come before read r once r is
// required, when r's value is not its variable's initial value and only
// one other thread writes that value before r can: r then reads from one
// of that thread's writes of the value, and the first of them comes
// before every other (on recordings whose variables take few values, a
// value is often written several times, by one thread only).
func (x *Index) uniqueSource(r trace.EventRef, ev *trace.Event) (trace.EventRef, bool) {
	if ev.Val == x.Trace.InitValue(ev.Obj) {
		return trace.EventRef{}, false
	}
	src, found := trace.EventRef{}, false
	for _, w := range x.byVal.firstOf(varVal{ev.Obj, ev.Val}) {
		if w.Thread == r.Thread {
			if w.Index < r.Index {
				return trace.EventRef{}, false // its own earlier write may give it
			}
			continue
		}
		if found {
			return trace.EventRef{}, false
		}
		src, found = w, true
	}
	return src, found
}

// Given holds the facts of every feasible schedule that contains a given
// set of events.
type Given struct {
	x *Index
	// The reads of events from[t] to required[t]-1 of thread t are
	// required; condEdges[t][first[t]:] are the edges from from[t] on.
	from, required, first []int
}

// givenHorizon and givenBudget bound the work of Given: it looks for
// required reads only among the last givenHorizon events of each thread
// of the given set, and at givenBudget events in all (the pre-filter asks
// for every candidate; a fact it misses only leaves a candidate to the
// solver).
const (
	givenHorizon = 1024
	givenBudget  = 8192
)

// Given returns the facts of the schedules that contain every event of s
// (a down-closed set, e.g. the DownSlice of events they must contain).
func (x *Index) Given(s *Slice) *Given {
	g := &Given{x: x}
	if x.condEdges != nil {
		grown := &Slice{Prefix: append([]int(nil), s.Prefix...)}
		g.from = make([]int, len(s.Prefix))
		for t, n := range s.Prefix {
			g.from[t] = max(0, n-givenHorizon)
		}
		g.required = x.closeRequired(grown, g.from, givenBudget, nil, x.uniqueSource)
		g.first = make([]int, len(s.Prefix))
		for t, es := range x.condEdges {
			g.first[t] = sort.Search(len(es), func(k int) bool { return int(es[k].read) >= g.from[t] })
		}
	}
	return g
}

// Before reports whether a must happen before b (a ≠ b) in every feasible
// schedule that contains the given events and b: Index.Before
// strengthened by the conditional orders of the required reads.
func (g *Given) Before(a, b trace.EventRef) bool {
	x := g.x
	if x.Before(a, b) {
		return true
	}
	if g.required == nil {
		return false
	}
	// reach[t] is the first event of thread t known to come after a, or
	// past the end: every event whose clock has seen reach[u] for some u
	// comes after a too.
	reach := make([]uint32, len(x.Trace.Threads))
	for t := range reach {
		reach[t] = ^uint32(0)
	}
	reach[a.Thread] = a.Index
	after := func(e trace.EventRef) bool {
		if x.clk.at(e, e.Thread) > reach[e.Thread] {
			return true
		}
		for u, k := range x.clk.stored(e) {
			if u != int(e.Thread) && k > reach[u] {
				return true
			}
		}
		return false
	}
	for changed := true; changed; {
		if after(b) {
			return true
		}
		changed = false
		for t, es := range x.condEdges {
			for _, e := range es[g.first[t]:] {
				if int(e.read) >= g.required[t] {
					break
				}
				if e.to.Index < reach[e.to.Thread] && after(e.from) {
					reach[e.to.Thread] = e.to.Index
					changed = true
				}
			}
		}
	}
	return false
}
