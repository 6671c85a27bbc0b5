package encode

import "gpredict/trace"

// FamQuery is the family of the conditions a user asks about (package
// query: "can T2#1 come before T1#4?", "can T1#9 read 0?"). They are not
// part of the causal model: a query adds them to a problem's constraints
// and asks whether a feasible schedule satisfies them all.
const FamQuery Family = "query"

// Ordered is the query condition "step a comes before step b, and b is in
// the schedule" (a then is too: it lies before b, and so before the cut).
func (p *Problem) Ordered(a, b Step) Constraint {
	return Constraint{F: And(Lt(p.Var(a), p.Var(b)), p.in(b)), Origin: Origin{Family: FamQuery,
		Events: []trace.EventRef{a.Ref, b.Ref}, Why: "you ask for " + p.StepName(a) + " before " + p.StepName(b)}}
}

// ReadsValue is the query condition "read r is in the schedule and returns
// val": the last write of r's variable before r writes val and is concrete
// (every read before it in its thread returns its recorded value), or no
// write of the variable comes before r and val is its initial value. This
// is rule 5's consistency (readwrite.go) with val in place of the recorded
// value; val may be the recorded value too. The slice must contain every
// write of val to the variable (Index.Close of them does).
func (p *Problem) ReadsValue(r trace.EventRef, val trace.Sym) Constraint {
	tr := p.Trace
	ev := tr.Event(r)
	f := And(p.in(Step{Ref: r, Part: Whole}), p.sourcesOf(r, ev.Obj, val, p.concrete))
	return Constraint{F: f, Origin: Origin{Family: FamQuery, Events: []trace.EventRef{r},
		Why: "you ask that " + tr.ID(r) + " reads " + tr.Str(ev.Obj) + " = " + tr.Str(val)}}
}

// concrete is "write w is concrete": every read before it in its thread
// returns its recorded value (the allc literal of the last such read).
func (p *Problem) concrete(w trace.EventRef) *F {
	for i := int(w.Index) - 1; i >= 0; i-- {
		r := trace.EventRef{Thread: w.Thread, Index: uint32(i)}
		if b, ok := p.allc[r]; ok {
			return Lit(b, false)
		}
	}
	return True()
}

// ReadLits returns the read-write family's literals of read r: cons ("r
// returns its recorded value") and allc ("every read of r's thread up to
// r does"); ok is false when r has none (not a read of the slice, or a
// trivially consistent read of a reduced problem).
func (p *Problem) ReadLits(r trace.EventRef) (cons, allc BoolVar, ok bool) {
	cons, ok = p.cons[r]
	if !ok {
		return 0, 0, false
	}
	return cons, p.allc[r], true
}
