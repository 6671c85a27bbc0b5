package explain

import (
	"slices"

	"gpredict/encode"
	"gpredict/trace"
)

// FromCore explains an unsat core of problem p: core are its constraints,
// and known[i], when not nil, is the fact of core[i] as the caller knows
// it (the constraints it added: a query's conditions, a pattern's);
// the causal constraints (nil) are classified by family and events. idx
// must be the index p was built from. minimal says whether the core is
// minimal. The claim is set by the caller.
func FromCore(idx *encode.Index, p *encode.Problem, core []encode.Constraint, known []*Fact, minimal bool) *Explanation {
	tr := p.Trace
	var facts []Fact
	for i, c := range core {
		if known != nil && known[i] != nil {
			facts = append(facts, *known[i])
			continue
		}
		facts = append(facts, classify(idx, p, c))
	}
	for i := range facts {
		facts[i].render(tr)
	}
	return &Explanation{By: BySolver, Facts: supplement(idx, order(tr, waypoints(tr, mergeProgramOrder(tr, dedupe(facts))))), Minimal: minimal}
}

// classify turns a causal constraint of p into its fact.
func classify(idx *encode.Index, p *encode.Problem, c encode.Constraint) Fact {
	tr := p.Trace
	o := c.Origin
	evs := o.Events
	model := Fact{Kind: Model, Events: evs, Text: o.Why}
	switch o.Family {
	case encode.FamMHB:
		switch {
		case len(evs) == 1 && tr.Event(evs[0]).Op == trace.OpWait:
			return Fact{Kind: WaitParts, Events: evs}
		case len(evs) != 2:
		case evs[0].Thread == evs[1].Thread:
			return Fact{Kind: ProgramOrder, Events: evs}
		case tr.Event(evs[1]).Op == trace.OpJoin:
			return Fact{Kind: Join, Events: evs}
		case tr.Event(evs[0]).Op == trace.OpFork:
			return Fact{Kind: Fork, Events: evs}
		}
	case encode.FamLock:
		// Writer preference (encode/wpref.go) is of this family too: a
		// racquire and a request, no two holds; its sentence is its fact.
		if len(evs) == 2 && tr.Event(evs[1]).Op != trace.OpRequest {
			return Fact{Kind: LockExclusion, Events: evs, Lock: tr.Str(tr.Event(evs[0]).Obj),
				Ends: []int{idx.HoldEnd(evs[0].Thread, evs[0].Index), idx.HoldEnd(evs[1].Thread, evs[1].Index)}}
		}
	case encode.FamSignal:
		switch len(evs) {
		case 1:
			return Fact{Kind: NotifyNeeded, Events: evs, Signal: tr.Str(tr.Event(evs[0]).Val), Notifies: notifiesOf(tr, evs[0])}
		case 2:
			return Fact{Kind: NotifyWindow, Events: evs}
		case 3:
			return Fact{Kind: NotifyOnce, Events: evs}
		}
	case encode.FamReadWrite:
		return classifyRead(p, c, model)
	}
	return model
}

// classifyRead classifies the read-write family's constraints (see
// encode/readwrite.go): a read's consistency, the definition of "every
// read up to r is consistent", and what makes a read required.
func classifyRead(p *encode.Problem, c encode.Constraint, model Fact) Fact {
	tr := p.Trace
	evs := c.Origin.Events
	switch {
	case len(evs) == 2 && evs[1].Thread == evs[0].Thread && evs[1].Index == evs[0].Index+1:
		return Fact{Kind: ReadRequired, Events: evs}
	case len(evs) != 1:
		return model
	case tr.Event(evs[0]).Op == trace.OpBranch:
		if r, ok := lastReadBefore(tr, evs[0]); ok {
			return Fact{Kind: BranchRequired, Events: []trace.EventRef{evs[0], r}}
		}
		return model
	}
	r := evs[0]
	cons, allc, ok := p.ReadLits(r)
	// Both forms are "¬lit ∨ …": the literal says which one it is.
	if f := c.F; ok && f.Kind == encode.KOr && f.Kids[0].Kind == encode.KLit && f.Kids[0].Neg {
		switch f.Kids[0].Bool {
		case allc:
			return Fact{Kind: Concrete, Events: evs}
		case cons:
			ev := tr.Event(r)
			return ReadFact(tr, ReadValue, r, ev.Val)
		}
	}
	return model
}

// ReadFact is the fact "read r returns val" of kind k (ReadValue or
// AskedRead), with every write of val to r's variable.
func ReadFact(tr *trace.Trace, k Kind, r trace.EventRef, val trace.Sym) Fact {
	return ReadValueFact(tr, k, r, tr.Str(val))
}

// ReadValueFact is ReadFact for a value given as text, which may be one
// the trace never mentions.
func ReadValueFact(tr *trace.Trace, k Kind, r trace.EventRef, val string) Fact {
	ev := tr.Event(r)
	f := Fact{Kind: k, Events: []trace.EventRef{r}, Var: tr.Str(ev.Obj), Value: val,
		Initial: tr.Str(tr.InitValue(ev.Obj)) == val}
	f.Writers, f.Others = writesOf(tr, ev.Obj, val)
	f.render(tr)
	return f
}

// writesOf lists the writes of x in the trace, in id order: those of
// val and the others.
func writesOf(tr *trace.Trace, x trace.Sym, val string) (same, others []trace.EventRef) {
	for _, th := range tr.Threads {
		for i := range th.Events {
			if ev := &th.Events[i]; ev.Op == trace.OpWrite && ev.Obj == x {
				w := trace.EventRef{Thread: th.ID, Index: uint32(i)}
				if tr.Str(ev.Val) == val {
					same = append(same, w)
				} else {
					others = append(others, w)
				}
			}
		}
	}
	byID := func(a, b trace.EventRef) int { return cmpRef(tr, a, b) }
	slices.SortFunc(same, byID)
	slices.SortFunc(others, byID)
	return same, others
}

// cmpRef orders events by thread name, then index (id order).
func cmpRef(tr *trace.Trace, a, b trace.EventRef) int {
	if a.Thread != b.Thread {
		if tr.ThreadName(a.Thread) < tr.ThreadName(b.Thread) {
			return -1
		}
		return 1
	}
	return int(a.Index) - int(b.Index)
}

// lastReadBefore is the last read of e's thread before e.
func lastReadBefore(tr *trace.Trace, e trace.EventRef) (trace.EventRef, bool) {
	for i := int(e.Index) - 1; i >= 0; i-- {
		r := trace.EventRef{Thread: e.Thread, Index: uint32(i)}
		if tr.Event(r).Op == trace.OpRead {
			return r, true
		}
	}
	return trace.EventRef{}, false
}

// AskedOrderFact is the fact "you ask for a before b" (parts as in encode.Part).
func AskedOrderFact(tr *trace.Trace, a, b trace.EventRef, pa, pb uint8) Fact {
	f := Fact{Kind: AskedOrder, Events: []trace.EventRef{a, b}, Steps: []uint8{pa, pb}}
	f.render(tr)
	return f
}

// dedupe drops facts with the same text (two constraints can state one
// fact, e.g. a hold pair met from both of its ends).
func dedupe(facts []Fact) []Fact {
	seen := map[string]bool{}
	out := facts[:0]
	for _, f := range facts {
		if !seen[f.Text] {
			seen[f.Text] = true
			out = append(out, f)
		}
	}
	return out
}

// notifiesOf lists the notify and notifyAll events of wait w's signal by
// other threads, in id order.
func notifiesOf(tr *trace.Trace, w trace.EventRef) []trace.EventRef {
	sig := tr.Event(w).Val
	var out []trace.EventRef
	for _, th := range tr.Threads {
		for i := range th.Events {
			if ev := &th.Events[i]; th.ID != w.Thread && (ev.Op == trace.OpNotify || ev.Op == trace.OpNotifyAll) && ev.Obj == sig {
				out = append(out, trace.EventRef{Thread: th.ID, Index: uint32(i)})
			}
		}
	}
	slices.SortFunc(out, func(a, b trace.EventRef) int { return cmpRef(tr, a, b) })
	return out
}
