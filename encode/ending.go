package encode

import (
	"fmt"
	"sort"

	"gpredict/trace"
)

// RefuteEnding tries to refute a chain candidate — groups of chosen
// events in pattern order, the last group ending the witness — by the
// rules of strengthen applied under the candidate's own assumptions, in
// at most rounds rounds. It reports a refutation and why, in a sentence.
//
// A witness may be assumed to end right after the last group (a prefix
// of a feasible schedule is feasible, and cutting there keeps the
// pattern), so under the candidate:
//
//   - the must-set M — every event that must come before a chosen event —
//     is in the witness, every event of M that is not in the last group
//     comes before every event of the last group, and the groups come in
//     order;
//   - no event after a last-group event in its thread, nor any event that
//     must follow a last-group event (other than the group's own), is in
//     the witness: such an event is past its thread's stop, and a write
//     past its stop supplies no read;
//   - a hold of M whose end is past its thread's stop is held to the end,
//     so every other thread's hold of the lock in M ends before it starts.
//
// With these facts (edges into events of M) the candidate's clocks are
// recomputed over M, and the supplier and exclusion rules run again on
// them, to a fixed point. The candidate is refuted when an event of M
// must come after a last-group event, a required read of M has no
// supplier left, a hold of M must end but cannot, or the facts order an
// event of M before itself. Every fact holds in every witness of the
// candidate, so a refutation is never wrong.
//
// When it does not refute, Facts are the orders it derived beyond the
// index's clocks (From before To in every witness), for a witness search
// to follow.
func (x *Index) RefuteEnding(groups [][]trace.EventRef, rounds int) Ending {
	return x.refuteEnding(groups, rounds, endingWindow)
}

// refuteEnding is RefuteEnding with the rules looking at the last window
// events of each thread's part of M (tests use small windows).
func (x *Index) refuteEnding(groups [][]trace.EventRef, rounds int, window uint32) Ending {
	if len(groups) == 0 {
		return Ending{}
	}
	c := newEnding(x, groups)
	if c == nil {
		return Ending{}
	}
	c.window = window
	for range rounds {
		if c.refuted || !c.computeClocks() || !c.checkStops() {
			if c.gaveUp {
				return Ending{}
			}
			return Ending{Refuted: true, Why: c.why}
		}
		if !c.derive() {
			if c.refuted {
				return Ending{Refuted: true, Why: c.why}
			}
			break
		}
	}
	var facts []Order
	for to, srcs := range c.edges {
		for _, from := range srcs {
			facts = append(facts, Order{From: from, To: to})
		}
	}
	sort.Slice(facts, func(i, j int) bool {
		if facts[i].To != facts[j].To {
			return facts[i].To.Less(facts[j].To)
		}
		return facts[i].From.Less(facts[j].From)
	})
	return Ending{Facts: facts}
}

// Ending is what RefuteEnding found.
type Ending struct {
	Refuted bool
	Why     string
	Facts   []Order
}

// Order is a derived order: From comes before To.
type Order struct{ From, To trace.EventRef }

// endingWindow is how many of a thread's last events of M the rules
// look at (see ending.lo): the facts a candidate adds to the index's are
// about the end of its witness, and deriving them over the whole of M
// made the stage quadratic in the trace's length (on a lock-heavy
// recording of 100K events, 0.85 s a candidate, most of the run). Every
// concurrent conflicting pair of a generated lock-heavy trace of 10K
// events (8 threads, about 1,200 events each) is refuted alike with the
// whole of M and with windows of 256 and 64 events (969 pairs).
const endingWindow uint32 = 256

// endingMaxEntries bounds the candidate clocks (entries: events of M times
// threads, 4 bytes each): on a recording of a hundred goroutines and
// millions of events one candidate's M could take gigabytes. Past it
// RefuteEnding gives up (it refutes nothing).
const endingMaxEntries = 1 << 23

// ending is the state of one RefuteEnding.
type ending struct {
	x      *Index
	r      *rules
	n      int
	groups [][]trace.EventRef
	last   []trace.EventRef
	// lastOf[u] is the index of thread u's last-group event, -1 if none.
	lastOf []int
	// m[u] is the length of thread u's part of the must-set.
	m []uint32
	// lo[u] is the first event of thread u in the window: the events of
	// M before it form a cut (closed under the index's orders), no fact
	// targets them, so their candidate clocks are the index's and only
	// the window's are computed and derived from. Facts that skipping
	// the rest leaves underived only make the stage refute less; each
	// fact it derives still holds in every witness. nil until the first
	// clocks are computed (no window yet: every edge is kept).
	lo     []uint32
	window uint32
	// cc[u] holds the candidate clocks of u's events in the window
	// (from lo[u] to m[u]), flat.
	cc [][]uint32
	// edges are the candidate's facts: sources into a target of M.
	edges map[trace.EventRef][]trace.EventRef
	stop  []uint32
	// grew is set when derive added an edge.
	grew bool
	// gaveUp is set when M grew past endingMaxEntries.
	gaveUp  bool
	refuted bool
	why     string
}

func newEnding(x *Index, groups [][]trace.EventRef) *ending {
	n := len(x.Trace.Threads)
	c := &ending{x: x, r: newRules(x, x.model()), n: n, groups: groups, last: groups[len(groups)-1],
		lastOf: make([]int, n), m: make([]uint32, n), cc: make([][]uint32, n),
		edges: map[trace.EventRef][]trace.EventRef{}, stop: make([]uint32, n)}
	for u := range c.lastOf {
		c.lastOf[u] = -1
	}
	for _, e := range c.last {
		if c.lastOf[e.Thread] >= 0 {
			return nil // two last-group events of one thread: not the shape this is for
		}
		c.lastOf[e.Thread] = int(e.Index)
	}
	c.r.clock = c.clock
	c.r.stop = c.stop
	for i := 1; i < len(groups); i++ {
		for _, a := range groups[i-1] {
			for _, b := range groups[i] {
				c.addEdge(b, a)
			}
		}
	}
	return c
}

func (c *ending) refute(format string, args ...any) bool {
	if !c.refuted {
		c.refuted, c.why = true, fmt.Sprintf(format, args...)
	}
	return false
}

func (c *ending) id(e trace.EventRef) string { return c.x.Trace.ID(e) }

// clock is the candidate clock of e when e is in the window, else the
// index's.
func (c *ending) clock(e trace.EventRef) []uint32 {
	if e.Index < c.m[e.Thread] && c.cc[e.Thread] != nil && e.Index >= c.lo[e.Thread] {
		i := int(e.Index-c.lo[e.Thread]) * c.n
		return c.cc[e.Thread][i : i+c.n : i+c.n]
	}
	return c.x.Clock(e)
}

// addEdge records src → target, unless target lies before the window,
// where the candidate's clocks are the index's (a fact dropped is one
// less to refute with, never a wrong one).
func (c *ending) addEdge(target, src trace.EventRef) {
	if c.lo != nil && target.Index < c.lo[target.Thread] {
		return
	}
	for _, s := range c.edges[target] {
		if s == src {
			return
		}
	}
	c.edges[target] = append(c.edges[target], src)
	c.grew = true
}

// addVec adds edges into target from the last event of each thread that
// vec puts before it and its clock does not.
func (c *ending) addVec(target trace.EventRef, vec []uint32) {
	ct := c.clock(target)
	for u, k := range vec {
		if k > ct[u] {
			c.addEdge(target, trace.EventRef{Thread: trace.ThreadID(u), Index: k - 1})
		}
	}
}

// computeClocks sets M to everything the chosen events and the sources of
// the candidate's facts need, by the index's clocks, and computes the
// candidate clocks over it in passes, as Index.computeClocks does. An
// event of M left without a clock sits on a cycle of facts: refuted.
func (c *ending) computeClocks() bool {
	x, tr, n := c.x, c.x.Trace, c.n
	clear(c.m)
	need := func(e trace.EventRef) {
		for u, k := range x.Clock(e) {
			c.m[u] = max(c.m[u], k)
		}
	}
	for _, g := range c.groups {
		for _, e := range g {
			need(e)
		}
	}
	for _, srcs := range c.edges {
		for _, s := range srcs {
			need(s)
		}
	}
	if c.lo == nil {
		c.lo = c.cut()
	}
	size := 0
	for u, k := range c.m {
		size += int(k - c.lo[u])
	}
	if size*n > endingMaxEntries {
		c.gaveUp = true
		return false
	}
	for u := range c.cc {
		c.cc[u] = nil // clock() falls back on the index while the passes run
	}
	cc := make([][]uint32, n)
	done := make([]uint32, n)
	for u := range cc {
		cc[u] = make([]uint32, int(c.m[u]-c.lo[u])*n)
		done[u] = c.lo[u]
	}
	get := func(e trace.EventRef) []uint32 {
		if e.Index < c.lo[e.Thread] {
			return x.Clock(e)
		}
		i := int(e.Index-c.lo[e.Thread]) * n
		return cc[e.Thread][i : i+n]
	}
	ready := func(e trace.EventRef) bool { return e.Index < done[e.Thread] }
	var srcs []trace.EventRef
	for progress := true; progress; {
		progress = false
		for t, th := range tr.Threads {
			for done[t] < c.m[t] {
				i := done[t]
				e := trace.EventRef{Thread: th.ID, Index: i}
				cl := get(e)
				srcs = srcs[:0]
				if i > 0 {
					srcs = append(srcs, trace.EventRef{Thread: th.ID, Index: i - 1})
				}
				srcs = append(x.immediateSources(e, x.edges.into, srcs), c.edges[e]...)
				if !allReady(srcs, ready) {
					break
				}
				clear(cl)
				for _, s := range srcs {
					for u, k := range get(s) {
						cl[u] = max(cl[u], k)
					}
				}
				cl[t] = i + 1
				done[t]++
				progress = true
			}
		}
	}
	for u := range done {
		if done[u] < c.m[u] {
			return c.refute("the candidate's facts put %s (or an event it needs) before itself", c.id(trace.EventRef{Thread: trace.ThreadID(u), Index: done[u]}))
		}
	}
	c.cc = cc
	return true
}

// cut chooses lo: the last c.window events of each thread's part
// of M, less what the index's orders put before the rest (so that the
// events before lo form a cut), or all of M when that would leave a fact
// already recorded (an edge between the groups) or a chosen event before
// it.
func (c *ending) cut() []uint32 {
	lo := make([]uint32, c.n)
	for u, k := range c.m {
		if k > c.window {
			for v, j := range c.x.Clock(trace.EventRef{Thread: trace.ThreadID(u), Index: k - c.window - 1}) {
				lo[v] = max(lo[v], j)
			}
		}
	}
	for target := range c.edges {
		if target.Index < lo[target.Thread] {
			return make([]uint32, c.n)
		}
	}
	for _, g := range c.groups {
		for _, e := range g {
			if e.Index < lo[e.Thread] {
				return make([]uint32, c.n)
			}
		}
	}
	return lo
}

// checkStops computes each thread's stop and refutes when M reaches it:
// an event of M after a last-group event of its thread, or one that must
// follow a last-group event, or a last-group event that must come after
// an event of its thread's M other than itself.
func (c *ending) checkStops() bool {
	x := c.x
	after := func(cl []uint32, self trace.EventRef) (trace.EventRef, bool) {
		for _, l := range c.last {
			if l != self && cl[l.Thread] > l.Index {
				return l, true
			}
		}
		return trace.EventRef{}, false
	}
	for u, th := range x.Trace.Threads {
		tid := trace.ThreadID(u)
		if k := c.lastOf[u]; k >= 0 {
			c.stop[u] = uint32(k) + 1
			if c.m[u] > c.stop[u] {
				return c.refute("%s must be scheduled, but it comes after %s, which ends the pattern", c.id(trace.EventRef{Thread: tid, Index: c.m[u] - 1}), c.id(trace.EventRef{Thread: tid, Index: uint32(k)}))
			}
			if k > 0 {
				prev := trace.EventRef{Thread: tid, Index: uint32(k - 1)}
				if l, bad := after(c.clock(prev), prev); bad {
					return c.refute("%s must come after %s, and before %s in its thread: the pattern's last events are not adjacent", c.id(prev), c.id(l), c.id(trace.EventRef{Thread: tid, Index: uint32(k)}))
				}
			}
			continue
		}
		if c.m[u] > 0 {
			e := trace.EventRef{Thread: tid, Index: c.m[u] - 1}
			if l, bad := after(c.clock(e), e); bad {
				return c.refute("%s must be scheduled, but it must come after %s, which ends the pattern", c.id(e), c.id(l))
			}
		}
		lo := int(c.m[u])
		c.stop[u] = uint32(lo + sort.Search(len(th.Events)-lo, func(j int) bool {
			e := trace.EventRef{Thread: tid, Index: uint32(lo + j)}
			_, bad := after(x.Clock(e), e)
			return bad
		}))
	}
	for u := range c.n {
		if c.lastOf[u] < 0 {
			c.unsuppliedStop(trace.ThreadID(u))
		}
	}
	return true
}

// stopScan bounds how far past its part of M a thread is scanned for a
// read that no write can supply.
const stopScan = 512

// unsuppliedStop moves thread u's stop back to the requirer of its first
// read past M that no write before the stops can supply: that requirer,
// and so everything after it, is in no witness.
func (c *ending) unsuppliedStop(u trace.ThreadID) {
	th := c.x.Trace.Threads[u]
	for i := c.m[u]; i < c.stop[u] && i < c.m[u]+stopScan; i++ {
		if th.Events[i].Op != trace.OpRead {
			continue
		}
		r := trace.EventRef{Thread: u, Index: i}
		req := c.x.Requirer(r)
		if req < 0 || uint32(req) >= c.stop[u] {
			return
		}
		if _, out := c.r.supplierMeet(r); out == noSupplier {
			c.stop[u] = uint32(req)
			return
		}
	}
}

// derive applies the rules over M once. It reports whether it added a
// fact (false also on a refutation, with c.refuted set).
func (c *ending) derive() bool {
	c.grew = false
	x, tr := c.x, c.x.Trace
	// Everything of M comes before each last-group event.
	for _, l := range c.last {
		vec := append([]uint32(nil), c.m...)
		for _, o := range c.last {
			vec[o.Thread] = min(vec[o.Thread], o.Index)
		}
		c.addVec(l, vec)
	}
	for u, th := range tr.Threads {
		tid := trace.ThreadID(u)
		for i := c.lo[u]; i < c.m[u]; i++ {
			e := trace.EventRef{Thread: tid, Index: i}
			if th.Events[i].Op == trace.OpRead {
				if req := x.Requirer(e); req >= 0 && uint32(req) < c.m[u] && !c.readRule(e, trace.EventRef{Thread: tid, Index: uint32(req)}) {
					return false
				}
			}
			c.r.exclusion(tid, int(i), c.addVec)
		}
		if !c.heldToEnd(tid) {
			return false
		}
	}
	return c.grew
}

// readRule applies the supplier rule to read r of M, required by req.
func (c *ending) readRule(r, req trace.EventRef) bool {
	vec, out := c.r.supplierMeet(r)
	switch out {
	case meetOfWrites:
		// req is in every witness, so r reads its value there: the
		// suppliers' meet comes before r itself, not only before req.
		c.addVec(r, vec)
		if c.r.count == 1 && c.r.onlyKnown {
			c.interference(r, c.r.only)
		} else if w, kind := c.x.Source(r); kind == OneWrite {
			c.interference(r, w)
		}
	case noSupplier:
		ev := c.x.Trace.Event(r)
		return c.refute("%s reads %s=%s, and no write of that value can come before it", c.id(r), c.x.Trace.Str(ev.Obj), c.x.Trace.Str(ev.Val))
	case nothingNew:
		if w, kind := c.x.Source(r); kind == OneWrite {
			c.interference(r, w)
		}
	case initialOnly:
		// r reads the initial value: every write of its variable in M
		// comes after it.
		for _, a := range c.x.Accessors(c.x.varNum[c.x.Trace.Event(r).Obj]) {
			if u := a.Thread; u != r.Thread && len(a.Writes) > 0 && a.Writes[0] < c.m[u] {
				c.addEdge(trace.EventRef{Thread: u, Index: a.Writes[0]}, r)
			}
		}
	}
	return true
}

// heldToEnd applies the lock rule to the exclusive holds of thread t open
// at the end of its part of M whose release is past its stop: held to the
// end of the witness, so each other thread's last hold of the lock in M
// ends before it starts.
func (c *ending) heldToEnd(t trace.ThreadID) bool {
	x, tr := c.x, c.x.Trace
	if c.m[t] == 0 {
		return true
	}
	for _, a2 := range x.OpenAfter(t, int(c.m[t])-1) {
		if end := x.HoldEnd(t, a2); (end >= 0 && uint32(end) < c.stop[t]) || !c.r.exclusiveHold(t, a2) {
			continue
		}
		h2 := trace.EventRef{Thread: t, Index: a2}
		l := tr.Threads[t].Events[a2].Obj
		for _, h := range x.Holders(l) {
			u, starts := int(h.Thread), h.Starts
			if u == int(t) {
				continue
			}
			k := sort.Search(len(starts), func(j int) bool { return starts[j] >= c.m[u] })
			if k == 0 || !c.r.exclusiveHold(trace.ThreadID(u), starts[k-1]) {
				continue
			}
			a1 := trace.EventRef{Thread: trace.ThreadID(u), Index: starts[k-1]}
			r1 := x.HoldEnd(a1.Thread, a1.Index)
			if r1 < 0 || uint32(r1) >= c.stop[u] {
				return c.refute("%s and %s both take %s, and neither hold can end before the pattern does", c.id(h2), c.id(a1), tr.Str(l))
			}
			if tr.Threads[u].Events[r1].Op != trace.OpRelease {
				continue
			}
			c.addVec(h2, c.clock(trace.EventRef{Thread: a1.Thread, Index: uint32(r1)}))
		}
	}
	return true
}

// interference applies rule 5 to a required read r of M that can only
// read from write w: no write of the variable comes between them, so the
// last write of each thread that must come before r comes before w, and
// the first write of each thread that must come after w, when it is in
// M, comes after r.
func (c *ending) interference(r, w trace.EventRef) {
	x := c.x
	vnum := x.varNum[x.Trace.Event(r).Obj]
	cr, cw := c.clock(r), c.clock(w)
	for _, a := range x.Accessors(vnum) {
		u, ws := int(a.Thread), a.Writes
		if u == int(w.Thread) {
			continue
		}
		if k := sort.Search(len(ws), func(j int) bool { return ws[j] >= cr[u] }); k > 0 && ws[k-1] >= cw[u] {
			c.addEdge(w, trace.EventRef{Thread: trace.ThreadID(u), Index: ws[k-1]})
		}
		// The first write after w, searched among those in M that w's
		// clock does not put before it (one that must come before w
		// cannot also follow it): a clock per probe, and outside the
		// candidate's window each is the index's, so searching all of
		// u's writes took a third of the stage on a 300K-event
		// lock-heavy recording.
		lo := sort.Search(len(ws), func(j int) bool { return ws[j] >= cw[u] })
		hi := sort.Search(len(ws), func(j int) bool { return ws[j] >= c.m[u] })
		k := lo + sort.Search(max(hi-lo, 0), func(j int) bool {
			return c.clock(trace.EventRef{Thread: trace.ThreadID(u), Index: ws[lo+j]})[w.Thread] > w.Index
		})
		if k < hi && c.clock(trace.EventRef{Thread: trace.ThreadID(u), Index: ws[k]})[r.Thread] <= r.Index {
			c.addEdge(trace.EventRef{Thread: trace.ThreadID(u), Index: ws[k]}, r)
		}
	}
}
