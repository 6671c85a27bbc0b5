package atomicity

import (
	"gpredict/internal/interrupt"
	"gpredict/trace"
)

// Options configures Check.
type Options struct {
	// Atomic says whether the invocation an `enter` event starts is an
	// atomic block (the command line matches signatures against
	// --atomic patterns; `atomic()` is what STD begin/end become).
	Atomic func(enter trace.EventRef) bool
	// Stop closes when the analysis is to stop (an interrupt; nil:
	// never): Check then returns what it found in the events before
	// (Result.Interrupted).
	Stop <-chan struct{}
}

// stopEvery is how many events Check handles between two looks at its
// stop signal.
const stopEvery = 4096

// Check runs the analysis over the events of tr in the given order (from
// RecordedOrder), which must list every event once, each thread's in
// thread order.
//
// Conflicts are Velodrome's: accesses to one variable of which one is a
// write, operations on one lock, operations of one thread — plus a fork
// and the forked thread's events, and a thread's events and a join of it.
// A wait is a release of its lock at its place and a re-acquire just
// before its thread's next event (a wait's wake-up is not in a recorded
// order, only the fact that the thread went on). Notifies, branches,
// calls and the enters and exits of methods that are not atomic conflict
// with nothing.
func Check(tr *trace.Trace, order []trace.EventRef, opts Options) *Result {
	c := newChecker(tr, opts)
	for i, r := range order {
		if i%stopEvery == 0 && interrupt.Closed(opts.Stop) {
			c.res.Interrupted = true
			break
		}
		c.event(r)
		c.res.Checked++
	}
	c.res.Stats.Threads = len(tr.Threads)
	c.res.Stats.Events = len(order)
	return c.res
}

// frame is an open invocation of a thread; block is set for atomic ones.
type frame struct{ block *Block }

// threadState is Velodrome's C(t) and L(t), with the nesting stack.
type threadState struct {
	cur     *node     // current atomic transaction, nil outside
	last    step      // L(t): the node of the thread's last event
	frames  []frame   // open invocations
	depth   int       // open atomic blocks
	started bool      // has had an event
	waiting trace.Sym // lock of a wait whose re-acquire is pending
	waitRef trace.EventRef
}

type checker struct {
	tr     *trace.Trace
	opts   Options
	res    *Result
	g      graph
	s      searcher
	th     []threadState
	writes map[trace.Sym]step   // W(x)
	reads  map[trace.Sym][]step // R(x, t), indexed by thread
	unlock map[trace.Sym]step   // U(m)
	preds  []pred               // scratch for outside
	// reacquiring is set while a wait's re-acquire is processed, so that
	// edges into it say so.
	reacquiring bool
}

// pred is a predecessor of an operation outside blocks, and why.
type pred struct {
	s    step
	kind Conflict
}

func newChecker(tr *trace.Trace, opts Options) *checker {
	c := &checker{
		tr: tr, opts: opts, res: &Result{},
		th:     make([]threadState, len(tr.Threads)),
		writes: map[trace.Sym]step{}, reads: map[trace.Sym][]step{}, unlock: map[trace.Sym]step{},
	}
	c.g.stats = &c.res.Stats
	return c
}

func (c *checker) event(r trace.EventRef) {
	t := r.Thread
	ts := &c.th[t]
	ts.started = true
	if ts.waiting != trace.NoSym {
		// The wait's re-acquire happened before this event.
		m := ts.waiting
		ts.waiting = trace.NoSym
		c.reacquiring = true
		c.acquire(t, ts.waitRef, m)
		c.reacquiring = false
	}
	ev := c.tr.Event(r)
	switch ev.Op {
	case trace.OpRead:
		c.read(t, r, ev.Obj)
	case trace.OpWrite:
		c.write(t, r, ev.Obj)
	case trace.OpAcquire:
		c.acquire(t, r, ev.Obj)
	case trace.OpRelease:
		c.release(t, r, ev.Obj)
	case trace.OpWait:
		c.release(t, r, ev.Obj)
		ts.waiting, ts.waitRef = ev.Obj, r
	case trace.OpFork:
		c.fork(t, r, ev.Obj)
	case trace.OpJoin:
		c.join(t, r, ev.Obj)
	case trace.OpEnter:
		c.enter(t, r)
	case trace.OpExit:
		c.exit(t, r)
	default:
		c.advance(t, r)
	}
}

// advance records r as t's last event when it adds no ordering. Until t
// has a node of its own, its last event stays the fork that started it.
func (c *checker) advance(t trace.ThreadID, r trace.EventRef) {
	ts := &c.th[t]
	if ts.last.live() && ts.last.n.thread == t {
		ts.last.ev = r
	}
}

// access is the step of t's event r after it has been ordered after
// preds: inside an atomic transaction, edges into it; outside, a merge
// (Velodrome's [INS2 OUTSIDE ...] rules).
func (c *checker) access(t trace.ThreadID, r trace.EventRef, preds []pred) step {
	ts := &c.th[t]
	if ts.cur != nil {
		for _, p := range preds {
			c.into(ts.cur, p, r)
		}
		ts.last = step{ts.cur, r}
		return ts.last
	}
	ts.last = c.outside(t, r, append(preds, pred{ts.last, ThreadOrder}))
	return ts.last
}

func (c *checker) read(t trace.ThreadID, r trace.EventRef, x trace.Sym) {
	c.preds = append(c.preds[:0], pred{c.writes[x], Access})
	s := c.access(t, r, c.preds)
	rs := c.reads[x]
	if rs == nil {
		rs = make([]step, len(c.th))
		c.reads[x] = rs
	}
	rs[t] = s
}

func (c *checker) write(t trace.ThreadID, r trace.EventRef, x trace.Sym) {
	c.preds = append(c.preds[:0], pred{c.writes[x], Access})
	rs := c.reads[x]
	for _, s := range rs {
		c.preds = append(c.preds, pred{s, Access})
	}
	c.writes[x] = c.access(t, r, c.preds)
	// Later accesses are ordered after this write, and through it after
	// the reads it followed: those need not be looked at again.
	clear(rs)
}

func (c *checker) acquire(t trace.ThreadID, r trace.EventRef, m trace.Sym) {
	c.preds = append(c.preds[:0], pred{c.unlock[m], Lock})
	c.access(t, r, c.preds)
}

func (c *checker) release(t trace.ThreadID, r trace.EventRef, m trace.Sym) {
	// A release needs no edge in: it follows its own acquire.
	c.access(t, r, c.preds[:0])
	c.unlock[m] = c.th[t].last
}

func (c *checker) fork(t trace.ThreadID, r trace.EventRef, child trace.Sym) {
	// The fork gets a node of t's (a thread that has none yet is ordered
	// after its own fork), so that a chain of forks shows every link.
	c.access(t, r, c.preds[:0])
	if id, ok := c.tr.ThreadByName(c.tr.Str(child)); ok && !c.th[id].started {
		// The child's events come after the fork: its "last event" is,
		// to begin with, the fork.
		c.th[id].last = c.th[t].last
	}
}

func (c *checker) join(t trace.ThreadID, r trace.EventRef, child trace.Sym) {
	c.preds = c.preds[:0]
	if id, ok := c.tr.ThreadByName(c.tr.Str(child)); ok {
		c.preds = append(c.preds, pred{c.th[id].last, Join})
	}
	c.access(t, r, c.preds)
}

func (c *checker) enter(t trace.ThreadID, r trace.EventRef) {
	ts := &c.th[t]
	if c.opts.Atomic == nil || !c.opts.Atomic(r) {
		ts.frames = append(ts.frames, frame{})
		c.advance(t, r)
		return
	}
	b := &Block{Enter: r}
	ts.frames = append(ts.frames, frame{block: b})
	ts.depth++
	c.res.Stats.Blocks++
	if ts.depth > 1 {
		ts.last.ev = r
		return
	}
	// A new transaction, after everything of its thread so far.
	c.res.Stats.Transactions++
	n := c.g.newNode(t)
	n.active, n.txn = true, b
	if p := ts.last; p.live() {
		c.g.link(p.n, n, c.label(p, r, n, c.orderKind(t, p)))
	}
	ts.cur, ts.last = n, step{n, r}
}

func (c *checker) exit(t trace.ThreadID, r trace.EventRef) {
	ts := &c.th[t]
	f := ts.frames[len(ts.frames)-1]
	ts.frames = ts.frames[:len(ts.frames)-1]
	if f.block == nil {
		c.advance(t, r)
		return
	}
	f.block.Exit, f.block.Closed = r, true
	ts.depth--
	ts.last.ev = r
	if ts.depth > 0 {
		return
	}
	n := ts.cur
	n.active, ts.cur = false, nil
	c.g.collect(n)
}

// label describes the conflict of from's event with event `to` of node n.
func (c *checker) label(from step, to trace.EventRef, n *node, kind Conflict) label {
	return label{from: from.ev, to: to, fromBlock: from.block(), toBlock: step{n, to}.block(), kind: kind, reacquire: c.reacquiring}
}

// orderKind names the edge from a thread's "last event" p: a fork when p
// is the fork that started t, thread order otherwise.
func (c *checker) orderKind(t trace.ThreadID, p step) Conflict {
	if p.ev.Thread != t {
		return Fork
	}
	return ThreadOrder
}

// into adds the edge p → cur for the conflict of p's event with r, unless
// it would close a cycle: then cur's transaction is not serializable.
// Like Velodrome, the closing edge is left out, so the graph stays acyclic
// and the analysis goes on; every later report is still a real cycle.
func (c *checker) into(cur *node, p pred, r trace.EventRef) {
	if !p.s.live() || p.s.n == cur {
		return
	}
	l := c.label(p.s, r, cur, p.kind)
	if c.g.find(p.s.n, cur) != nil || !c.s.reaches(cur, p.s.n) {
		c.g.link(p.s.n, cur, l)
		return
	}
	if v := cur.blamed; v != nil {
		v.Cycles++
		return
	}
	cycle, inc := c.s.cycle(cur, p.s.n, l)
	v := &Violation{Thread: r.Thread, Transaction: cur.txn, Cycle: cycle, Increasing: inc, Cycles: 1}
	v.Blamed = c.blamed(r.Thread, cycle[0].From, inc)
	cur.blamed = v
	c.res.Violations = append(c.res.Violations, v)
}

// blamed lists the open atomic blocks of t that hold the cycle's root (its
// first event in t): Velodrome refutes exactly those. Without an
// increasing cycle only the transaction is named.
func (c *checker) blamed(t trace.ThreadID, root trace.EventRef, increasing bool) []*Block {
	var out []*Block
	for _, f := range c.th[t].frames {
		if f.block == nil {
			continue
		}
		if !increasing {
			return []*Block{f.block}
		}
		if f.block.Enter.Index <= root.Index {
			out = append(out, f.block)
		}
	}
	return out
}

// outside places an operation of t outside any atomic block after preds
// (Velodrome's merge): no node at all when no predecessor is alive; the
// predecessor itself when it is a node of t that every other predecessor
// already reaches (the operation adds no ordering); else a new node after
// all of them, finished at once.
func (c *checker) outside(t trace.ThreadID, r trace.EventRef, preds []pred) step {
	live := preds[:0]
	for _, p := range preds {
		if p.s.live() {
			live = append(live, p)
		}
	}
	if len(live) == 0 {
		return step{}
	}
	for _, cand := range live {
		if cand.s.n.thread != t {
			continue
		}
		sink := true
		for _, p := range live {
			if p.s.n != cand.s.n && !c.s.reaches(p.s.n, cand.s.n) {
				sink = false
				break
			}
		}
		if sink {
			return step{cand.s.n, r}
		}
	}
	n := c.g.newNode(t)
	for _, p := range live {
		kind := p.kind
		if kind == ThreadOrder {
			kind = c.orderKind(t, p.s)
		}
		c.g.link(p.s.n, n, c.label(p.s, r, n, kind))
	}
	return step{n, r}
}
