package deadlock

import (
	"fmt"
	"slices"

	"gpredict/predict"
	"gpredict/spec"
	"gpredict/trace"
)

// A Deadlock report has the shape of a pattern property's, so that every
// writer prints it as it prints the others: a property named Deadlock
// with one Lock parameter per thread of the cycle (l1 … lk, li the lock
// thread i holds and thread i-1 requests, thread 0 being thread k) and,
// per thread, two events: the event from which it holds what blocks the
// thread before it (`hold`: an acquire, a racquire, or the request of an
// rwmutex it waits for) and its blocked request (`request`: the acquire
// it cannot take, or a request it ended waiting in). The property of a
// k-cycle differs from that of another length only in its parameters and
// occurrences; k = 1 is a thread that blocks itself. A thread blocked by
// one that has ended is its own shape (endedShape): the lock l1, the
// blocked request, and the ended thread's `hold` and `end`.

// reportShapes makes the Deadlock property of each cycle length once per
// run, so that the reports of one length share it.
type reportShapes map[int]*spec.Property

// property is the Deadlock property of k-thread cycles. k = 0 is the
// shape of an unknown that names no cycle (the search stopped before
// finding one).
func (r reportShapes) property(k int) *spec.Property {
	if p, ok := r[k]; ok {
		return p
	}
	p := &spec.Property{Name: "Deadlock", Events: []*spec.EventDecl{{Name: "hold"}, {Name: "request"}}}
	seq := &spec.PatNode{Kind: spec.PatSeq}
	var occs []spec.Occurrence
	for i := 1; i <= k; i++ {
		p.Params = append(p.Params, &spec.Param{Type: "Lock", Name: fmt.Sprintf("l%d", i)})
		th := fmt.Sprintf("t%d", i)
		for decl, name := range []string{"hold", "request"} {
			seq.Kids = append(seq.Kids, &spec.PatNode{Kind: spec.PatEvent, Occ: len(occs)})
			occs = append(occs, spec.Occurrence{Event: name, Decl: decl, Thread: th})
		}
	}
	p.Normal = &spec.NormalPattern{Alts: []spec.Alternative{{Root: seq, Occs: occs}}}
	r[k] = p
	return p
}

// endedShape is the key of the shape of a thread blocked by one that
// ended.
const endedShape = -1

// endedProperty is the Deadlock property of a thread blocked by one that
// has ended holding the lock: request(t1) hold(t2) end(t2).
func (r reportShapes) endedProperty() *spec.Property {
	if p, ok := r[endedShape]; ok {
		return p
	}
	p := &spec.Property{Name: "Deadlock", Events: []*spec.EventDecl{{Name: "hold"}, {Name: "request"}, {Name: "end"}},
		Params: []*spec.Param{{Type: "Lock", Name: "l1"}}}
	occs := []spec.Occurrence{{Event: "request", Decl: 1, Thread: "t1"}, {Event: "hold", Decl: 0, Thread: "t2"}, {Event: "end", Decl: 2, Thread: "t2"}}
	seq := &spec.PatNode{Kind: spec.PatSeq}
	for i := range occs {
		seq.Kids = append(seq.Kids, &spec.PatNode{Kind: spec.PatEvent, Occ: i})
	}
	p.Normal = &spec.NormalPattern{Alts: []spec.Alternative{{Root: seq, Occs: occs}}}
	r[endedShape] = p
	return p
}

// violation is the report of c without its witness.
func (r reportShapes) violation(c candidate) predict.Violation {
	if c.ended != nil {
		l := c.links[0]
		return predict.Violation{Property: r.endedProperty(), Binding: []trace.Sym{l.via.lock},
			Choice: []trace.EventRef{l.req.ref, c.ended.held[l.via], c.ended.end}}
	}
	v := predict.Violation{Property: r.property(len(c.links))}
	for _, l := range c.links {
		v.Binding = append(v.Binding, l.via.lock)
		v.Choice = append(v.Choice, l.req.held[l.via], l.req.ref)
	}
	return v
}

// unknown is the unknown candidate c (nil: none) with its reason.
func (r reportShapes) unknown(c *candidate, reason string) predict.UnknownCandidate {
	var v predict.Violation
	if c == nil {
		v.Property = r.property(0)
	} else {
		v = r.violation(*c)
	}
	return predict.UnknownCandidate{Property: v.Property, Binding: v.Binding, Choice: v.Choice, Reason: reason}
}

// reachAll is the question asked of a cut trace about a k-cycle: the
// chosen events (the stand-in of each thread's request) are in the
// schedule, as one `||` block. That is the same question as "each is in
// the schedule": a stand-in is the last event of its thread in the cut
// trace and constrains nothing after it, so the stand-ins of a schedule
// that has them all can be moved next to the last of them (and a
// deadlocked state followed by the k requests is such a schedule). Asked
// as a block, the candidate is a chain (closure.Chain), so the ladder's
// cheap stages — must-set and lock-hold reasoning, the greedy simulation
// from the recorded order, the local windows — decide it before any
// solver does, as they decide races.
func reachAll(k int) *spec.Alternative {
	par := &spec.PatNode{Kind: spec.PatPar}
	occs := make([]spec.Occurrence, k)
	for i := range occs {
		par.Kids = append(par.Kids, &spec.PatNode{Kind: spec.PatEvent, Occ: i})
		occs[i] = spec.Occurrence{Event: "request", Decl: 0}
	}
	return &spec.Alternative{Root: par, Occs: occs}
}

// blockedShape is the key of the Blocked property of k stuck threads:
// blockedShape - 2k, or blockedShape - 2k - 1 for an end in which they
// wait for ever (below endedShape).
const blockedShape = endedShape - 1

// blockedProperty is the Blocked property of ends with k stuck threads:
// one event per thread (t1 … tk), the event it waits in — named
// `forever` when every other thread has ended or never started (closed:
// nothing can wake them), `blocked` when the run ends with them waiting;
// k = 0 is the shape of an unknown that names no end. Its parameters
// w1 … wk are what each waits for: a channel, a lock, the thread it
// joins or whose event an hb fact waits for, a wait's signal.
func (r reportShapes) blockedProperty(k int, closed bool) *spec.Property {
	key, name := blockedShape-2*k, "blocked"
	if closed {
		key, name = key-1, "forever"
	}
	if p, ok := r[key]; ok {
		return p
	}
	p := &spec.Property{Name: "Blocked", Events: []*spec.EventDecl{{Name: name}}}
	seq := &spec.PatNode{Kind: spec.PatSeq}
	var occs []spec.Occurrence
	for i := 1; i <= k; i++ {
		p.Params = append(p.Params, &spec.Param{Type: "Object", Name: fmt.Sprintf("w%d", i)})
		seq.Kids = append(seq.Kids, &spec.PatNode{Kind: spec.PatEvent, Occ: len(occs)})
		occs = append(occs, spec.Occurrence{Event: name, Decl: 0, Thread: fmt.Sprintf("t%d", i)})
	}
	p.Normal = &spec.NormalPattern{Alts: []spec.Alternative{{Root: seq, Occs: occs}}}
	r[key] = p
	return p
}

// blockedViolation is the report of end e without its witness: the
// events its stuck threads wait in, in thread order, and what each waits
// for.
func (r reportShapes) blockedViolation(tr *trace.Trace, e end) predict.Violation {
	v := predict.Violation{Property: r.blockedProperty(len(e.stuck), e.closed), Choice: slices.Clone(e.stuck)}
	for _, at := range e.stuck {
		v.Binding = append(v.Binding, waitsFor(tr, e, at))
	}
	return v
}

// waitsFor is what the thread of e stuck at at waits for.
func waitsFor(tr *trace.Trace, e end, at trace.EventRef) trace.Sym {
	for _, src := range tr.HBSources(at) {
		if src.Index >= e.stops[src.Thread].performed {
			return tr.Threads[src.Thread].Name
		}
	}
	ev := tr.Event(at)
	if ev.Op == trace.OpWait {
		return ev.Val
	}
	return ev.Obj
}
