package spec

import (
	"slices"

	"gpredict/trace"
)

// heldLocks is what the thread being matched holds, from its own acquire
// and release events seen so far (docs/matching.md, "holds(x)"). It is
// thread-local by construction: in every feasible schedule the events of
// a thread before one of its events are exactly the same (docs/semantics.md
// rule 1), so what it holds there is a fact of the trace, not of a schedule.
// A `wait` releases its lock and takes it back before the thread's next
// event, so it changes nothing here; re-entrant acquires raise a depth.
type heldLocks struct {
	depth map[trace.Sym]int
	order []trace.Sym // the held locks, in the order they were first taken
}

func (h *heldLocks) reset() {
	clear(h.depth)
	h.order = h.order[:0]
}

// step applies ev, which has been matched, to the held set.
func (h *heldLocks) step(ev *trace.Event) {
	switch ev.Op {
	case trace.OpAcquire:
		if h.depth[ev.Obj] == 0 {
			h.order = append(h.order, ev.Obj)
		}
		h.depth[ev.Obj]++
	case trace.OpRelease:
		// Readers reject a release of a lock the thread does not hold.
		if h.depth[ev.Obj]--; h.depth[ev.Obj] <= 0 {
			delete(h.depth, ev.Obj)
			h.order = slices.DeleteFunc(h.order, func(l trace.Sym) bool { return l == ev.Obj })
		}
	}
}

// holds reports whether lock l is held at the current join point as the
// advice sees it: `before` sees the state before the event, `after` the
// state after it, which differ only at an acquire or release of l.
func (c *matchCtx) holds(l trace.Sym) bool {
	d := c.held.depth[l]
	if c.advice == After && c.jp.ev.Obj == l {
		switch c.jp.kind {
		case jpLock:
			d++
		case jpUnlock:
			d--
		}
	}
	return d > 0
}

// heldNow lists the locks held at the current join point as the advice
// sees it, in the order they were first taken.
func (c *matchCtx) heldNow() []trace.Sym {
	out := make([]trace.Sym, 0, len(c.held.order)+1)
	for _, l := range c.held.order {
		if c.holds(l) {
			out = append(out, l)
		}
	}
	if c.advice == After && c.jp.kind == jpLock && c.held.depth[c.jp.ev.Obj] == 0 {
		out = append(out, c.jp.ev.Obj)
	}
	return out
}

// holdsNode is holds(x). x is an advice parameter — it binds x to each
// lock held (one way per lock) or, when x is already bound, tests that
// lock — or a property parameter the event does not bind, which makes
// the test residual: it is decided per binding, against the locks held
// at this event.
type holdsNode struct {
	slot int // advice slot of x, -1 for a property parameter only
	prop int // property parameter index of x when slot < 0
}

func (n *holdsNode) match(c *matchCtx, r residual, k func(residual)) {
	if c.jp.kind == jpNone {
		return
	}
	if n.slot >= 0 {
		if v := c.env[n.slot]; v != trace.NoSym {
			if c.holds(v) {
				k(r)
			}
			return
		}
		for _, l := range c.heldNow() {
			c.env[n.slot] = l
			k(r)
		}
		c.env[n.slot] = trace.NoSym
		return
	}
	held := c.heldNow()
	if len(held) == 0 {
		return // no binding can make it hold
	}
	prop := n.prop
	k(andResidual(r, func(bi []trace.Sym) bool { return slices.Contains(held, bi[prop]) }))
}
