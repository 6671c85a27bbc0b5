package encode

import "gpredict/trace"

// clocks holds the vector clocks of a trace's events (Index.Clock),
// compressed. Entry u of event i's clock, for u other than i's own
// thread, changes along a thread only at an event with an incoming
// must-happen-before edge (a fork at its start, a join, an extra edge),
// and only if the edge brings something new; the own entry is i+1. So a
// thread's events fall into segments of equal clocks but for the own
// entry, and only each segment's clock is stored, taken at its first
// event: memory is (segments × threads + events) words instead of
// events × threads, which on a recording of a real library's tests (two
// million events of 143 goroutines, a few thousand synchronising ones)
// is gigabytes against megabytes.
type clocks struct {
	n int // threads
	// vals[t][s*n : (s+1)*n] is the clock of the first event of segment s
	// of thread t (its own entry that event's index + 1).
	vals [][]uint32
	// seg[t][i] is the segment of event i of thread t; nil when the
	// thread has one segment.
	seg [][]uint32
}

// newClocks prepares the store for tr: no segment yet.
func newClocks(tr *trace.Trace) *clocks {
	n := len(tr.Threads)
	return &clocks{n: n, vals: make([][]uint32, n), seg: make([][]uint32, n)}
}

// segment is the segment of event r.
func (c *clocks) segment(r trace.EventRef) int {
	if s := c.seg[r.Thread]; s != nil {
		return int(s[r.Index])
	}
	return 0
}

// at is entry u of event r's clock.
func (c *clocks) at(r trace.EventRef, u trace.ThreadID) uint32 {
	if u == r.Thread {
		return r.Index + 1
	}
	return c.vals[r.Thread][c.segment(r)*c.n+int(u)]
}

// stored is the stored clock of r's segment: r's clock but for the own
// entry, which is that of the segment's first event.
func (c *clocks) stored(r trace.EventRef) []uint32 {
	i := c.segment(r) * c.n
	return c.vals[r.Thread][i : i+c.n : i+c.n]
}

// clock is event r's clock: the stored slice when r starts its segment,
// else a copy with the own entry set.
func (c *clocks) clock(r trace.EventRef) []uint32 {
	s := c.stored(r)
	if s[r.Thread] == r.Index+1 {
		return s
	}
	cl := append([]uint32(nil), s...)
	cl[r.Thread] = r.Index + 1
	return cl
}

// joinInto raises dst to event r's clock (entrywise maximum).
func (c *clocks) joinInto(dst []uint32, r trace.EventRef) {
	for u, v := range c.stored(r) {
		dst[u] = max(dst[u], v)
	}
	dst[r.Thread] = max(dst[r.Thread], r.Index+1)
}

// add gives event i of thread t (the events before it have theirs) the
// clock cl, whose own entry is i+1: it opens a segment when cl differs
// from the previous event's clock in another entry. events is the
// thread's number of events.
func (c *clocks) add(t trace.ThreadID, i, events int, cl []uint32) {
	vals := c.vals[t]
	if k := len(vals); k > 0 && i > 0 && sameBut(vals[k-c.n:], cl, int(t)) {
		if c.seg[t] != nil {
			c.seg[t][i] = uint32(k/c.n - 1)
		}
		return
	}
	if len(vals) > 0 && c.seg[t] == nil {
		c.seg[t] = make([]uint32, events) // a second segment: number them
	}
	if c.seg[t] != nil {
		c.seg[t][i] = uint32(len(vals) / c.n)
	}
	c.vals[t] = append(vals, cl...)
}

// sameBut reports whether a and b agree on every entry but skip.
func sameBut(a, b []uint32, skip int) bool {
	for u := range a {
		if u != skip && a[u] != b[u] {
			return false
		}
	}
	return true
}

// segments is the number of stored clocks (for tests and figures).
func (c *clocks) segments() int {
	k := 0
	for _, v := range c.vals {
		k += len(v) / max(c.n, 1)
	}
	return k
}

// trim drops the spare capacity appending left in the stored clocks.
func (c *clocks) trim() {
	for t, v := range c.vals {
		if cap(v) > len(v) {
			c.vals[t] = append(make([]uint32, 0, len(v)), v...)
		}
	}
}

// JoinClock raises dst, indexed by thread, to event r's clock (entrywise
// maximum) and reports whether an entry grew: Index.Clock's loop without
// the copy Clock makes for an event inside a segment.
func JoinClock[T ~int | ~uint32](x *Index, dst []T, r trace.EventRef) bool {
	grew := false
	for u, v := range x.clk.stored(r) {
		if u == int(r.Thread) {
			v = r.Index + 1
		}
		if T(v) > dst[u] {
			dst[u], grew = T(v), true
		}
	}
	return grew
}
