package encode

import (
	"strconv"

	"gpredict/trace"
)

// encodeChans adds rule 7 (channels) without knowing which send each
// receive took: that pairing is the solver's to choose, so a receive
// may take another send than in the recorded run. Per channel, with S
// its sends, R its receives (recv and recvclosed), x its close, and the
// Boolean m(r,s) "receive r takes send s":
//
//	m(r,s) → s < r < cut
//	at most one s per r, at most one r per s
//	m(r,s) → ∧_{s'≠s} (s < s' ∨ rb(s',r))            FIFO: r takes the oldest send
//	rb(s',r) → ∨_{r'≠r} (m(r',s') ∧ r' < r)           s' was received before r
//	r ∈ π → ∨_s m(r,s) ∨ closed(r)                   a receive takes a send or finds the channel closed
//	closed(r) = x < r ∧ ∧_s (r < s ∨ rb(s,r))         closed and drained
//	s < x ∨ s ∉ π                                    no send after the close
//	cons(r) → ∨_{s: val(s)=val(r)} (m(r,s) ∧ conc(s))  (recv; recvclosed: cons(r) → closed(r))
//
// The k-th receive of a schedule takes its k-th send: every send before
// s is received (rb) before r, and by injectivity and the same clause
// for those receives no receive before r took a send after s. A sender
// goes on once its send is within the capacity C of the receives: the
// step after s in its thread (and a join of its thread, an hb fact from
// s, the close) needs done(s, t), "at time t at least pos(s)−C
// receives have taken a send". For C = 0 that is m(r,s) ∧ r < t for
// some r. For C > 0 it is counted by a second matching g between the
// sends and the list of C phantom receives (before everything) followed
// by the receives that took a send, with the same FIFO clauses: g(a,s)
// says a is the pos(s)-th of that list, so done(s,t) = ∨_a g(a,s) ∧ a < t.
// A g(a,s) for an a too early would need pos(s)−1 distinct elements
// before a, which the list does not have there; so done is never set
// before it holds. Sizes are cubic in a channel's operations.
func (p *Problem) encodeChans() {
	defer func() { p.concAt = nil }() // only needed while building
	encs := map[trace.Sym]*chanEnc{}
	others := p.otherReceives()
	for _, g := range p.chanGroups() {
		if p.stopped() {
			return
		}
		c := &chanEnc{p: p, virt: others[g.ch]}
		c.encode(g.ch, g.ops)
		encs[g.ch] = c
	}
	p.encodeSelects(encs)
}

// chanGroups lists, per channel with operations in the slice or named by
// a case of a select in it, its operations in the slice, in the order the
// slice's events name the channels.
func (p *Problem) chanGroups() []chanGroup {
	var out []chanGroup
	seen := map[trace.Sym]bool{}
	tr := p.Trace
	group := func(ch trace.Sym) {
		if seen[ch] {
			return
		}
		seen[ch] = true
		g := chanGroup{ch: ch}
		for _, o := range p.idx.chanOps[ch] {
			if p.inSlice(o) {
				g.ops = append(g.ops, o)
			}
		}
		out = append(out, g)
	}
	for t, n := range p.Slice.Prefix {
		for i := 0; i < n; i++ {
			r := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)}
			if ev := tr.Event(r); ev.Op.IsChan() {
				group(ev.Obj)
			}
			if sel, ok := tr.SelectAt(r); ok {
				for _, cs := range sel.Cases {
					group(cs.Chan)
				}
			}
		}
	}
	return out
}

// chanGroup is a channel and its operations in the slice.
type chanGroup struct {
	ch  trace.Sym
	ops []trace.EventRef
}

// chanEnc encodes one channel.
type chanEnc struct {
	p             *Problem
	ch            string
	cap           int
	sends, recvs  []trace.EventRef
	close         *trace.EventRef
	m             map[pair]BoolVar // m(r,s)
	rb            map[pair]BoolVar // rb(s,r), keyed (r,s)
	g             map[apair]BoolVar
	gb            map[apair]BoolVar // gb(s,a), keyed (a,s)
	phantoms      int
	closedFormula map[trace.EventRef]*F
	// lo and hi bound the place of a send among the channel's sends, and
	// of a receive among the receives that take a send (bounds).
	lo, hi map[trace.EventRef]int
	// virt are the other cases of selects that receive from the channel
	// (select.go): each a receive of its own, at its select event's
	// step of that case, keyed by the select event.
	virt map[trace.EventRef]Step
}

// pair is (receive, send).
type pair struct{ r, s trace.EventRef }

// apair is (element of the capacity list, send): a < 0 is phantom −a−1,
// otherwise the receive recvs[a].
type apair struct {
	a int
	s trace.EventRef
}

func (c *chanEnc) v(e trace.EventRef) Var { return c.p.Var(c.step(e)) }

// step is operation e's step: its event's, or, for another case of a
// select that receives from the channel, that case's step.
func (c *chanEnc) step(e trace.EventRef) Step {
	if s, ok := c.virt[e]; ok {
		return s
	}
	return Step{Ref: e, Part: Whole}
}

// id names operation e in dumps and explanations.
func (c *chanEnc) id(e trace.EventRef) string { return c.step(e).Format(c.p.Trace) }

func (c *chanEnc) add(f *F, why string, evs ...trace.EventRef) {
	c.p.add(f, FamChan, why, evs...)
}

func (c *chanEnc) encode(ch trace.Sym, ops []trace.EventRef) {
	p := c.p
	tr := p.Trace
	c.ch = tr.Str(ch)
	c.cap = tr.Cap(ch)
	c.m, c.rb, c.g, c.gb = map[pair]BoolVar{}, map[pair]BoolVar{}, map[apair]BoolVar{}, map[apair]BoolVar{}
	c.closedFormula = map[trace.EventRef]*F{}
	for _, o := range ops {
		switch tr.Event(o).Op {
		case trace.OpSend:
			c.sends = append(c.sends, o)
		case trace.OpClose:
			o := o
			c.close = &o
		default:
			c.recvs = append(c.recvs, o)
		}
	}
	for _, e := range sortedRefs(c.virt) {
		c.recvs = append(c.recvs, e)
	}
	c.bounds()
	// The pairs a receive may take: not a send that must come after it,
	// nor one whose place in the queue cannot be the receive's.
	for _, r := range c.recvs {
		for _, s := range c.sends {
			if !p.idx.Before(r, s) && c.meet(c.lo[r], c.hi[r], s) {
				c.m[pair{r, s}] = p.newBool("m_" + c.id(r) + "_" + tr.ID(s))
			}
		}
	}
	c.matching()
	c.receives()
	c.closing()
	c.completion()
}

// bounds computes lo and hi from must-happen-before: a send is at least
// the one after every send that must precede it, and at most the last
// of those that need not follow it; likewise a receive among the
// receives that take a send (one that takes a send comes after receives
// that all took one: once a receive finds the channel closed and
// drained, so do the later ones). The k-th receive takes the k-th send,
// so m(r,s) and g(a,s) need overlapping bounds: on a channel with one
// sending and one receiving thread, only the k-th receive of the
// receiver can take the k-th send of the sender, and the clauses grow
// with the operations, not with their cube.
func (c *chanEnc) bounds() {
	c.lo, c.hi = map[trace.EventRef]int{}, map[trace.EventRef]int{}
	for _, group := range [][]trace.EventRef{c.sends, c.recvs} {
		for _, e := range group {
			lo, hi := 1, 0
			_, ve := c.virt[e]
			for _, o := range group {
				_, vo := c.virt[o]
				switch {
				case o == e:
					hi++
				case c.p.idx.Before(o, e) && !ve && !vo:
					// Another case of a select neither counts before
					// a receive (it is taken only instead of its
					// select's event, which then precedes nothing) nor
					// counts what precedes its select event.
					lo++
					hi++
				case !c.p.idx.Before(e, o):
					hi++
				}
			}
			c.lo[e], c.hi[e] = lo, hi
		}
	}
}

// meet reports whether the places [lo, hi] may be send s's.
func (c *chanEnc) meet(lo, hi int, s trace.EventRef) bool {
	return lo <= c.hi[s] && c.lo[s] <= hi
}

// matching adds the definition of m: order, injectivity, FIFO.
func (c *chanEnc) matching() {
	p, tr := c.p, c.p.Trace
	for _, r := range c.recvs {
		var mine []trace.EventRef
		for _, s := range c.sends {
			b, ok := c.m[pair{r, s}]
			if !ok {
				continue
			}
			mine = append(mine, s)
			conj := []*F{p.in(c.step(r))}
			if _, virtual := c.virt[r]; virtual || !p.idx.Before(s, r) { // another case's step has no derived orders

				conj = append(conj, Lt(c.v(s), c.v(r)))
			}
			for _, s2 := range c.sends {
				if s2 == s || p.idx.Before(s, s2) || p.stopped() {
					continue
				}
				conj = append(conj, Or(Lt(c.v(s), c.v(s2)), Lit(c.rbOf(s2, r), false)))
			}
			c.add(Implies(b, And(conj...)), c.id(r)+" takes "+tr.ID(s)+" only as the oldest send of "+c.ch+" not yet received", r, s)
		}
		for i := range mine {
			for j := i + 1; j < len(mine); j++ {
				c.add(Or(Lit(c.m[pair{r, mine[i]}], true), Lit(c.m[pair{r, mine[j]}], true)),
					c.id(r)+" takes at most one of "+tr.ID(mine[i])+" and "+tr.ID(mine[j]), r)
			}
		}
	}
	for _, s := range c.sends {
		var takers []trace.EventRef
		for _, r := range c.recvs {
			if _, ok := c.m[pair{r, s}]; ok {
				takers = append(takers, r)
			}
		}
		for i := range takers {
			for j := i + 1; j < len(takers); j++ {
				if p.stopped() {
					return
				}
				c.add(Or(Lit(c.m[pair{takers[i], s}], true), Lit(c.m[pair{takers[j], s}], true)),
					tr.ID(s)+" is received by at most one of "+c.id(takers[i])+" and "+c.id(takers[j]), s)
			}
		}
	}
}

// rbOf is the literal rb(s, r): send s was received before receive r.
func (c *chanEnc) rbOf(s, r trace.EventRef) BoolVar {
	if b, ok := c.rb[pair{r, s}]; ok {
		return b
	}
	p, tr := c.p, c.p.Trace
	b := p.newBool("rb_" + tr.ID(s) + "_" + c.id(r))
	c.rb[pair{r, s}] = b
	var alts []*F
	for _, r2 := range c.recvs {
		m, ok := c.m[pair{r2, s}]
		_, v1 := c.virt[r]
		_, v2 := c.virt[r2]
		if r2 == r || !ok || !v1 && !v2 && p.idx.Before(r, r2) {
			continue
		}
		alts = append(alts, And(Lit(m, false), Lt(c.v(r2), c.v(r))))
	}
	c.add(Implies(b, Or(alts...)), tr.ID(s)+" is received before "+c.id(r), s, r)
	return b
}

// closedAt is closed(r): the close comes before r and every send is
// received before r (or comes after it, which rule 7 then forbids).
func (c *chanEnc) closedAt(r trace.EventRef) *F {
	if f, ok := c.closedFormula[r]; ok {
		return f
	}
	f := False()
	if c.close != nil && !c.p.idx.Before(r, *c.close) {
		conj := []*F{Lt(c.v(*c.close), c.v(r))}
		for _, s := range c.sends {
			conj = append(conj, Or(Lt(c.v(r), c.v(s)), Lit(c.rbOf(s, r), false)))
		}
		f = And(conj...)
	}
	c.closedFormula[r] = f
	return f
}

// receives adds what a scheduled receive gets, and rule 5 for it.
func (c *chanEnc) receives() {
	p, tr := c.p, c.p.Trace
	for _, r := range c.recvs {
		if p.stopped() {
			return
		}
		ev := tr.Event(r)
		_, virtual := c.virt[r]
		alts := []*F{p.out(c.step(r)), c.closedAt(r)}
		var keep []*F
		for _, s := range c.sends {
			m, ok := c.m[pair{r, s}]
			if !ok {
				continue
			}
			alts = append(alts, Lit(m, false))
			if !virtual && ev.Op == trace.OpRecv && tr.Event(s).Val == ev.Val {
				keep = append(keep, And(Lit(m, false), p.concAt(s)))
			}
		}
		c.add(Or(alts...), c.id(r)+" takes a send of "+c.ch+" or finds it closed and drained", r)
		cons, ok := p.cons[r]
		if !ok || virtual {
			continue // another case's value is no part of the trace
		}
		if ev.Op == trace.OpRecvClosed {
			c.add(Implies(cons, c.closedAt(r)), tr.ID(r)+" finds "+c.ch+" closed and drained, as in the trace", r)
		} else {
			c.add(Implies(cons, Or(keep...)), tr.ID(r)+" receives "+tr.Str(ev.Val)+" from "+c.ch+" as in the trace", r)
		}
	}
}

// closing forbids sends after the close.
func (c *chanEnc) closing() {
	if c.close == nil {
		return
	}
	p, tr := c.p, c.p.Trace
	x := *c.close
	for _, s := range c.sends {
		if p.idx.Before(s, x) {
			continue
		}
		c.add(Or(Lt(c.v(s), c.v(x)), p.out(Step{Ref: s, Part: Whole})), tr.ID(s)+" sends on "+c.ch+" before its close "+tr.ID(x)+" (a send after it panics)", s, x)
	}
}

// completion adds, for every place that needs a send to have completed
// (the sender's next event, a join of its thread after it, an hb fact
// from it, the close), that it has by then.
func (c *chanEnc) completion() {
	p, tr := c.p, c.p.Trace
	if c.cap >= len(c.sends) {
		return // the buffer holds every send of the slice: none ever waits
	}
	for _, s := range c.sends {
		if p.stopped() {
			return
		}
		var needers []trace.EventRef
		if next := (trace.EventRef{Thread: s.Thread, Index: s.Index + 1}); p.inSlice(next) {
			needers = append(needers, next)
		} else {
			needers = append(needers, p.joinsOf(s)...)
		}
		for _, f := range tr.HB() {
			if f.From == s && p.inSlice(f.To) {
				needers = append(needers, f.To)
			}
		}
		for _, n := range needers {
			for _, st := range append([]Step{firstStep(tr, n)}, p.otherCaseSteps(n)...) {
				c.add(Or(p.out(st), c.done(s, p.Var(st))), tr.ID(s)+" has completed (its "+c.ch+" capacity "+strconv.Itoa(c.cap)+") before "+st.Format(tr), s, n)
			}
		}
		if c.close != nil && !p.idx.Before(*c.close, s) {
			x := *c.close
			c.add(Or(p.out(Step{Ref: x, Part: Whole}), Lt(c.v(x), c.v(s)), c.done(s, c.v(x))), tr.ID(s)+" has completed before the close "+tr.ID(x)+" (a waiting send panics)", s, x)
		}
	}
}

// joinsOf lists the joins in the slice of the thread whose last event is
// s.
func (p *Problem) joinsOf(s trace.EventRef) []trace.EventRef {
	tr := p.Trace
	if int(s.Index)+1 != len(tr.Threads[s.Thread].Events) {
		return nil
	}
	var out []trace.EventRef
	name := tr.Threads[s.Thread].Name
	for t, n := range p.Slice.Prefix {
		for i := 0; i < n; i++ {
			r := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)}
			if ev := tr.Event(r); ev.Op == trace.OpJoin && ev.Obj == name {
				out = append(out, r)
			}
		}
	}
	return out
}

// done is done(s, t): at step t (its variable tv), send s has completed.
func (c *chanEnc) done(s trace.EventRef, tv Var) *F {
	var alts []*F
	if c.cap == 0 {
		for _, r := range c.recvs {
			if m, ok := c.m[pair{r, s}]; ok {
				alts = append(alts, And(Lit(m, false), Lt(c.v(r), tv)))
			}
		}
		return Or(alts...)
	}
	c.capacity()
	for a := -c.phantoms; a < len(c.recvs); a++ {
		g, ok := c.g[apair{a, s}]
		if !ok {
			continue
		}
		if a < 0 {
			alts = append(alts, Lit(g, false))
		} else {
			alts = append(alts, And(Lit(g, false), Lt(c.v(c.recvs[a]), tv)))
		}
	}
	return Or(alts...)
}

// capacity defines g, once: the FIFO matching between the sends and the
// list of min(C, |S|) phantoms followed by the receives that took a send.
func (c *chanEnc) capacity() {
	if c.phantoms > 0 || c.cap == 0 {
		return
	}
	p, tr := c.p, c.p.Trace
	c.phantoms = min(c.cap, len(c.sends))
	name := func(a int) string {
		if a < 0 {
			return "phantom" + strconv.Itoa(-a)
		}
		return tr.ID(c.recvs[a])
	}
	for a := -c.phantoms; a < len(c.recvs); a++ {
		// The phantoms come first, in order: a = -phantoms is the first
		// of the list (before, below, orders them so).
		lo, hi := c.phantoms+a+1, c.phantoms+a+1
		if a >= 0 {
			lo, hi = c.cap+c.lo[c.recvs[a]], c.cap+c.hi[c.recvs[a]]
		}
		for _, s := range c.sends {
			if c.meet(lo, hi, s) {
				c.g[apair{a, s}] = p.newBool("g_" + c.ch + "_" + name(a) + "_" + tr.ID(s))
			}
		}
	}
	// before(a2, a): a2 comes before a in the list.
	before := func(a2, a int) *F {
		switch {
		case a2 < 0 && a < 0:
			if a2 < a {
				return True()
			}
			return False()
		case a2 < 0:
			return True()
		case a < 0:
			return False()
		}
		return Lt(c.v(c.recvs[a2]), c.v(c.recvs[a]))
	}
	gbOf := func(s2 trace.EventRef, a int) BoolVar {
		if b, ok := c.gb[apair{a, s2}]; ok {
			return b
		}
		b := p.newBool("gb_" + c.ch + "_" + tr.ID(s2) + "_" + name(a))
		c.gb[apair{a, s2}] = b
		var alts []*F
		for a2 := -c.phantoms; a2 < len(c.recvs); a2++ {
			if g, ok := c.g[apair{a2, s2}]; ok && a2 != a {
				alts = append(alts, And(Lit(g, false), before(a2, a)))
			}
		}
		c.add(Implies(b, Or(alts...)), tr.ID(s2)+" is counted before "+name(a)+" in "+c.ch+"'s capacity", s2)
		return b
	}
	for a := -c.phantoms; a < len(c.recvs); a++ {
		for _, s := range c.sends {
			if p.stopped() {
				return
			}
			g, ok := c.g[apair{a, s}]
			if !ok {
				continue
			}
			var conj []*F
			if a >= 0 {
				r := c.recvs[a]
				var took []*F
				for _, s2 := range c.sends {
					if m, ok := c.m[pair{r, s2}]; ok {
						took = append(took, Lit(m, false))
					}
				}
				conj = append(conj, Or(took...))
			}
			for _, s2 := range c.sends {
				if s2 == s || p.idx.Before(s, s2) {
					continue
				}
				conj = append(conj, Or(Lt(c.v(s), c.v(s2)), Lit(gbOf(s2, a), false)))
			}
			c.add(Implies(g, And(conj...)), name(a)+" counts "+tr.ID(s)+" in "+c.ch+"'s capacity only in FIFO order", s)
			for a2 := a + 1; a2 < len(c.recvs); a2++ {
				if g2, ok := c.g[apair{a2, s}]; ok {
					c.add(Or(Lit(g, true), Lit(g2, true)), tr.ID(s)+" is counted once in "+c.ch+"'s capacity", s)
				}
			}
			for _, s2 := range c.sends {
				if g2, ok := c.g[apair{a, s2}]; ok && !s2.Less(s) && s2 != s {
					c.add(Or(Lit(g, true), Lit(g2, true)), name(a)+" counts one send of "+c.ch, s, s2)
				}
			}
		}
	}
}
