package closure

import (
	"gpredict/encode"
	"gpredict/trace"
)

// Edge is a derived order: whenever the candidate is shown, From is
// scheduled before To.
type Edge struct {
	From, To trace.EventRef
	// Why says why it holds, for explanations and tests. The orders
	// Saturate derives leave it empty and keep their sentences apart,
	// formatted on demand (Result.Reason).
	Why string
}

// order is must-happen-before (the index's vector clocks) strengthened by
// derived edges. Each edge keeps the clock of everything that must come
// before its target through it: the clock of its source joined with the
// clocks of the edges into the source's past. Then a must happen before b
// exactly when the clocks say so, or some edge's clock holds a and its
// target is b or must happen before b.
//
// Questions are answered from b's closed clock (pastOf), kept per event.
type order struct {
	x     *encode.Index
	edges []Edge
	// why[i] is the sentence of edges[i], formatted only when read.
	why []reason
	// clocks holds the clock of each edge, one entry per thread, edge
	// after edge (past): one array, so that the passes over the edges
	// (pastOf, spread) read memory in order.
	clocks []uint32
	// to[i] is edges[i].To, kept apart for the same passes.
	to []trace.EventRef
	// pasts keeps the closed clocks pastOf built, by event; last is the
	// event pastOf was last asked about and lastPast its entry: a rule
	// asks about one event many times in a row (a binary search over a
	// thread's writes), and the map's lookups were a fifth of pastOf's
	// time on a 24-thread lock-heavy trace.
	pasts    map[trace.EventRef]*clockView
	last     trace.EventRef
	lastPast *clockView
}

// before reports whether a must happen before b (a ≠ b): from b's
// closed clock (pastOf), kept and brought up to date from the edges
// added since b was last asked about.
func (o *order) before(a, b trace.EventRef) bool {
	if encode.HBBefore(o.x.SharedClock(b), a, b) {
		return true
	}
	if len(o.to) == 0 {
		return false
	}
	return o.pastOf(b).holds(a)
}

// past is the clock of edges[i]: the clock of everything that must come
// before its target through it.
func (o *order) past(i int) []uint32 {
	n := o.threads()
	return o.clocks[i*n : (i+1)*n : (i+1)*n]
}

func (o *order) threads() int { return len(o.x.Trace.Threads) }

// atOrBefore is before, or a = b.
func (o *order) atOrBefore(a, b trace.EventRef) bool { return a == b || o.before(a, b) }

// insert records from → to, which the caller has checked is new (not
// before(from, to)) and does not contradict the orders (not
// atOrBefore(to, from)): saturation.edge asks both.
func (o *order) insert(from, to trace.EventRef, why reason) {
	n := len(o.edges)
	// The other clocks are closed already, so the new edge's clock is the
	// closed clock of its source.
	o.clocks = append(o.clocks, o.pastOf(from).clock...)
	o.edges = append(o.edges, Edge{From: from, To: to})
	o.why = append(o.why, why)
	o.to = append(o.to, to)
	o.spread(n)
}

// spread keeps the edge clocks closed after edge n was added: the edges
// whose sources come at or after n's target must now hold n's clock,
// and those are exactly the edges whose clocks already hold the target
// (a clock is its source's closed past, and a path from the target to
// a source cannot use edge n without a cycle). Joining n's clock, which
// is closed, into each of them leaves every clock closed, so one pass
// over the edges reading one entry of each does it, with no visit
// following another. It replaced a search per thread from every edge
// whose clock changed, through the sources' hb clocks: those searches
// were more than half of spread's time on a 32-thread lock-heavy trace.
func (o *order) spread(n int) {
	add := o.past(n)
	to, from := o.to[n], o.edges[n].From
	w := o.threads()
	for i, at := 0, int(to.Thread); i < n; i, at = i+1, at+w {
		// A clock that holds n's source holds n's clock already (it is
		// closed, and n's clock is the source's closed clock).
		if o.clocks[at] > to.Index && o.clocks[i*w+int(from.Thread)] <= from.Index {
			join(o.past(i), add)
		}
	}
}

// pastOf is b's closed clock: its hb clock joined with the clocks of the
// edges whose targets are b or must happen before b. For a ≠ b, a must
// happen before b exactly when entry a.Thread is past a.Index (before).
// It holds for the edges as they are (version), and shares its clock
// with the kept one: the caller must not modify it.
//
// The clock of a b asked before is brought up to date from the edges
// added since, in the order they were added: an edge whose target the
// clock already places at or before b has its (current) clock joined
// in. That misses nothing: an edge whose target reaches b only through
// later edges is in the clock of the last of those, which is joined
// when it comes; and an edge's current clock holds every edge before
// it. Rules ask about the same reads round after round, and building
// each read's clock from every edge took a quarter of saturate's time
// on a 16-thread lock-heavy trace.
//
// An edge whose source the clock already holds is not joined: the
// source's closed clock is in b's already, or comes in through the
// edges into the source's past, each met in turn (the source's hb
// past is in b's clock, hb clocks being closed downwards). Most edges
// of a saturated candidate lie behind the events asked about, and
// their joins were three quarters of pastOf's time on a 32-thread
// lock-heavy trace.
func (o *order) pastOf(b trace.EventRef) clockView {
	v := o.lastPast
	if v == nil || o.last != b {
		v = o.pasts[b]
		if v == nil {
			if o.pasts == nil {
				o.pasts = map[trace.EventRef]*clockView{}
			}
			v = &clockView{clock: append([]uint32(nil), o.x.Clock(b)...)}
			o.pasts[b] = v
		}
		o.last, o.lastPast = b, v
	}
	for n := v.version; n < len(o.to); n++ {
		// b's own entry is b.Index+1, so a target of b's thread up to b,
		// and b itself, count as placed before b.
		if t := o.to[n]; v.clock[t.Thread] > t.Index {
			if f := o.edges[n].From; v.clock[f.Thread] > f.Index {
				continue
			}
			join(v.clock, o.past(n))
		}
	}
	v.version = len(o.to)
	return *v
}

// clockView is a closed clock built by pastOf.
type clockView struct {
	clock   []uint32
	version int
}

// holds reports whether a (≠ the clock's event) must happen before it.
func (v clockView) holds(a trace.EventRef) bool { return v.clock[a.Thread] > a.Index }

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
