package encode

import (
	"sort"

	"gpredict/trace"
)

// Selects (rule 7 of docs/semantics.md, trace.OtherCases). A select
// event E — the case its select took in the recorded run — has, besides
// its own step, one step per other case a schedule may take instead
// (E.caseK, E.default; numbered after the slice's events, as commits
// are). At most one of E's steps is in the schedule; another case's step
// a follows E's predecessor in its thread (and the thread's fork, the
// sources of the hb facts into E, the thread's buffered writes), is the
// thread's last step (the event after E is not scheduled), needs, under
// the implicit branch model, every read and receive before E consistent,
// and never completes E (a join of its thread, an hb fact from E, wait
// for E's own step). A receive case is an extra receive of its channel
// at a's place (chanEnc.virt): it takes the oldest send not received or
// finds the channel closed and drained, as every receive must. Default
// needs no case ready at a, and a recorded default none at its own step:
//
//	ready(recv:CH, t)  = close(CH) < t ∨ ∨_s (s < t ∧ ¬ ∨_r (m(r,s) ∧ r < t))
//	ready(send:CH, t)  = close(CH) < t ∨ (C > 0 ∧ ¬full(CH, t)) ∨ (C = 0 ∧ ∨_w w < t)
//
// w ranging over the recvwaits of CH; full(CH, t), "C sends wait in the
// buffer", is "each of the first C + (receives before t that took a send)
// elements of the capacity list (chanEnc.capacity) counts a send before
// t", C phantoms and the receives in order: a matching g that says so is
// FIFO's, so the buffer is full. Only ¬ready is asserted, as these
// conjunctions of strict orders, so every order atom stays positive.

// addOtherCaseSteps numbers the steps of the other cases of the slice's
// select events, after its events' steps.
func (p *Problem) addOtherCaseSteps() {
	tr := p.Trace
	if len(tr.Selects) == 0 {
		return
	}
	for t, n := range p.Slice.Prefix {
		for i := 0; i < n; i++ {
			r := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)}
			for _, part := range tr.OtherCases(r) {
				p.addOtherStep(Step{Ref: r, Part: part})
			}
		}
	}
}

// otherReceives lists, per channel, the other cases of the slice's
// selects that receive from it: select event → that case's step.
func (p *Problem) otherReceives() map[trace.Sym]map[trace.EventRef]Step {
	tr := p.Trace
	out := map[trace.Sym]map[trace.EventRef]Step{}
	for s := range p.otherVar {
		k, ok := s.Part.Case()
		if !ok {
			continue
		}
		sel, _ := tr.SelectAt(s.Ref)
		ch := sel.Cases[k].Chan
		if out[ch] == nil {
			out[ch] = map[trace.EventRef]Step{}
		}
		out[ch][s.Ref] = s
	}
	return out
}

// sortedRefs returns m's keys in id order.
func sortedRefs(m map[trace.EventRef]Step) []trace.EventRef {
	out := make([]trace.EventRef, 0, len(m))
	for r := range m {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Less(out[j]) })
	return out
}

// encodeSelects adds the constraints above; encs are the channels'
// encodings (every channel a select of the slice names has one).
func (p *Problem) encodeSelects(encs map[trace.Sym]*chanEnc) {
	tr := p.Trace
	if len(tr.Selects) == 0 {
		return
	}
	waits := p.recvWaits()
	for t, n := range p.Slice.Prefix {
		for i := 0; i < n; i++ {
			if p.stopped() {
				return
			}
			e := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)}
			sel, ok := tr.SelectAt(e)
			if !ok {
				continue
			}
			whole := Step{Ref: e, Part: Whole}
			if tr.Event(e).Op == trace.OpDefault {
				p.add(Or(p.out(whole), p.notReady(encs, waits, sel, p.Var(whole))), FamChan,
					tr.ID(e)+" takes its select's default, as in the trace, only while no case is ready", e)
			}
			own := []Step{whole}
			for _, part := range tr.OtherCases(e) {
				a := Step{Ref: e, Part: part}
				for _, o := range own {
					p.add(Or(p.out(o), p.out(a)), FamChan, tr.ID(e)+" takes one case of its select", e)
				}
				own = append(own, a)
				p.otherCase(encs, waits, sel, a)
			}
		}
	}
}

// otherCase adds what step a, another case of its select, needs.
func (p *Problem) otherCase(encs map[trace.Sym]*chanEnc, waits map[trace.Sym][]trace.EventRef, sel *trace.Select, a Step) {
	tr := p.Trace
	e, name := a.Ref, a.Format(tr)
	th := tr.Threads[e.Thread]
	after := func(src trace.EventRef, why string) {
		p.add(Or(p.out(a), Lt(p.Var(lastStep(tr, src)), p.Var(a))), FamChan, name+" follows "+tr.ID(src)+" ("+why+")", src, e)
	}
	if e.Index > 0 {
		after(trace.EventRef{Thread: e.Thread, Index: e.Index - 1}, "its thread")
	} else if th.HasFork {
		after(th.ForkedBy, "the fork of its thread")
	}
	for _, src := range tr.HBSources(e) {
		after(src, "hb fact of the trace")
	}
	if next := (trace.EventRef{Thread: e.Thread, Index: e.Index + 1}); p.inSlice(next) {
		p.add(Or(p.out(a), p.out(firstStep(tr, next))), FamChan,
			name+" takes another case than the trace's: "+tr.ID(next)+" does not follow", e, next)
	}
	if p.Model == trace.BranchesImplicit {
		p.add(Or(p.out(a), p.concAt(e)), FamChan, "the reads before "+name+" keep their values once it is scheduled (implicit branches)", e)
	}
	for i := uint32(0); i < e.Index; i++ {
		if w := (trace.EventRef{Thread: e.Thread, Index: i}); p.buffered(w) {
			p.add(Or(p.out(a), Lt(p.commitVar(w), p.Var(a))), FamMemory, tr.ID(w)+" is visible before "+name, w, e)
		}
	}
	if a.Part == trace.Default {
		p.add(Or(p.out(a), p.notReady(encs, waits, sel, p.Var(a))), FamChan, name+" takes its select's default only while no case is ready", e)
	}
}

// recvWaits lists the slice's recvwaits by channel.
func (p *Problem) recvWaits() map[trace.Sym][]trace.EventRef {
	out := map[trace.Sym][]trace.EventRef{}
	for t, n := range p.Slice.Prefix {
		for i := 0; i < n; i++ {
			r := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)}
			if ev := p.Trace.Event(r); ev.Op == trace.OpRecvWait {
				out[ev.Obj] = append(out[ev.Obj], r)
			}
		}
	}
	return out
}

// notReady is "no case of sel is ready at tv".
func (p *Problem) notReady(encs map[trace.Sym]*chanEnc, waits map[trace.Sym][]trace.EventRef, sel *trace.Select, tv Var) *F {
	var conj []*F
	for _, cs := range sel.Cases {
		c := encs[cs.Chan]
		if c.close != nil {
			conj = append(conj, Lt(tv, c.v(*c.close)))
		}
		switch {
		case !cs.Send:
			for _, s := range c.sends {
				conj = append(conj, Or(Lt(tv, c.v(s)), c.receivedBy(s, tv)))
			}
		case c.cap > 0:
			conj = append(conj, c.full(tv))
		default:
			for _, w := range waits[cs.Chan] {
				conj = append(conj, Lt(tv, p.Var(Step{Ref: w, Part: Whole})))
			}
		}
	}
	return And(conj...)
}

// receivedBy is "send s is received before tv".
func (c *chanEnc) receivedBy(s trace.EventRef, tv Var) *F {
	var alts []*F
	for _, r := range c.recvs {
		if m, ok := c.m[pair{r, s}]; ok {
			alts = append(alts, And(Lit(m, false), Lt(c.v(r), tv)))
		}
	}
	return Or(alts...)
}

// full is "the channel's buffer is full at tv": each of its C phantoms,
// and each receive before tv that took a send, counts a send before tv.
func (c *chanEnc) full(tv Var) *F {
	if c.cap > len(c.sends) {
		return False()
	}
	c.capacity()
	counts := func(a int) *F {
		var alts []*F
		for _, s := range c.sends {
			if g, ok := c.g[apair{a, s}]; ok {
				alts = append(alts, And(Lit(g, false), Lt(c.v(s), tv)))
			}
		}
		return Or(alts...)
	}
	var conj []*F
	for a := -c.phantoms; a < 0; a++ {
		conj = append(conj, counts(a))
	}
	for a, r := range c.recvs {
		// Not a receive that took a send before tv, or one that counts.
		conj = append(conj, Or(Lt(tv, c.v(r)), notTook(c, r), counts(a)))
	}
	return And(conj...)
}

// notTook is "receive r took no send".
func notTook(c *chanEnc, r trace.EventRef) *F {
	var conj []*F
	for _, s := range c.sends {
		if m, ok := c.m[pair{r, s}]; ok {
			conj = append(conj, Lit(m, true))
		}
	}
	return And(conj...)
}

// otherCaseSteps are the steps of the other cases of select event e in
// the slice (none for another event).
func (p *Problem) otherCaseSteps(e trace.EventRef) []Step {
	var out []Step
	for _, part := range p.Trace.OtherCases(e) {
		if s := (Step{Ref: e, Part: part}); p.HasStep(s) {
			out = append(out, s)
		}
	}
	return out
}
