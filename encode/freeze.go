package encode

import (
	"math"
	"slices"

	"gpredict/trace"
)

// Freezing turns a candidate's problem into a much smaller one by fixing
// most order variables to integers, so that the solver only places the
// steps near the chosen events. It is an under-approximation: a model of
// the specialized formula, together with the fixed values, is a model of
// the exact formula (Specialize only evaluates atoms), so a witness found
// this way is a real one; no witness says nothing, and the candidate is
// decided exactly afterwards.
//
// The fixed values come from a base order, the order in which the reader
// delivered the events (trace.Thread.Arrival). docs/semantics.md forbids
// taking it as a cross-thread order, and nothing here does: it is only a
// guess of a schedule, good for recorded executions (STD and RapidBin files
// list the events in the order they happened), and a bad guess only makes
// this stage find nothing.
//
// For candidate c over problem p, with D the events that must happen
// before some chosen event (DownSlice), extended so that no thread stops
// inside a lock hold except at a chosen event (a hold left open would
// keep the lock from every later hold of D) and so that every read D
// requires finds in D the write it read from in the base order
// (scheduledSet), and "near" meaning within window positions of a chosen
// event in the base order, or between two chosen events at most gap
// positions apart (nearChosen):
//   - a near event, a wait (its three steps are not in the base order)
//     and the pattern's auxiliary variables are free;
//   - an event of D that is not near is fixed at its base position: it is
//     in the schedule, in the base order;
//   - any other event is fixed after every event of D, in base order: it
//     is not in the schedule.
//
// The cut is fixed between the two groups of fixed events.

// Valuation fixes some order variables of a problem to integers.
type Valuation struct {
	Fixed []bool
	Val   []int64
	// Dropped marks variables whose atoms become true (Relax).
	Dropped []bool
	// Free counts the variables left to the solver.
	Free int
}

// HasBaseOrder reports whether every event of tr has an arrival position.
func HasBaseOrder(tr *trace.Trace) bool {
	for _, th := range tr.Threads {
		if len(th.Arrival) < len(th.Events) {
			return false
		}
	}
	return true
}

// Freeze returns the valuation described above for the candidate of
// encoding e (from Pattern). The trace must have a base order
// (HasBaseOrder).
func (e *Encoding) Freeze(window, gap int) *Valuation {
	p, c := e.Problem, e.Cand
	tr := p.Trace
	down := p.idx.scheduledSet(c.Choice)
	near := nearChosen(tr, c, window, gap)
	n := e.NumVars()
	v := &Valuation{Fixed: make([]bool, n), Val: make([]int64, n)}
	var total int64 // past every base position
	for _, th := range tr.Threads {
		if n := len(th.Arrival); n > 0 {
			total = max(total, int64(th.Arrival[n-1])+1)
		}
	}
	for x, s := range p.Steps {
		pos := int64(tr.Threads[s.Ref.Thread].Arrival[s.Ref.Index])
		if s.Part != Whole || near(pos) {
			continue
		}
		v.Fixed[x] = true
		if int(s.Ref.Index) < down.Prefix[s.Ref.Thread] {
			v.Val[x] = pos
		} else {
			v.Val[x] = total + pos
		}
	}
	for x := range v.Fixed {
		if !v.Fixed[x] {
			v.Free++
		}
	}
	// Every position is spread room apart, leaving room for all free
	// steps between two fixed ones, and the cut is fixed half of it after
	// the last position of D: the fixed events of D are in the schedule,
	// the others are not, and a free step is in it when it lies below.
	room := 2 * (int64(v.Free) + 2)
	for x := range v.Val {
		v.Val[x] = (v.Val[x] + 1) * room
	}
	v.Fixed[p.Cut], v.Val[p.Cut] = true, total*room+room/2
	v.Free--
	return v
}

// Specialize returns f with every fixed variable replaced by its value:
// an atom between two fixed variables becomes true or false, an atom
// between a fixed and a free one a bound (KLtConst, KConstLt; a tail
// block's KLtPlus too), and the connectives are folded.
func (f *F) Specialize(v *Valuation) *F {
	switch f.Kind {
	case KLt, KLtPlus: // A < B + K (K is 0 for KLt)
		if v.Dropped != nil && (v.Dropped[f.A] || v.Dropped[f.B]) {
			return fTrue
		}
		fa, fb := v.Fixed[f.A], v.Fixed[f.B]
		switch {
		case fa && fb:
			if v.Val[f.A] < v.Val[f.B]+f.K {
				return fTrue
			}
			return fFalse
		case fa:
			return &F{Kind: KConstLt, B: f.B, K: v.Val[f.A] - f.K}
		case fb:
			return &F{Kind: KLtConst, A: f.A, K: v.Val[f.B] + f.K}
		}
		return f
	case KAnd, KOr:
		return f.mapKids(func(k *F) *F { return k.Specialize(v) })
	}
	return f
}

// SpecializeAll specializes cs, dropping the constraints that become
// true. It reports false when one becomes false (no model extends v).
func SpecializeAll(cs []Constraint, v *Valuation, out []Constraint) ([]Constraint, bool) {
	for _, c := range cs {
		f := c.F.Specialize(v)
		switch f.Kind {
		case KTrue:
			continue
		case KFalse:
			return out, false
		}
		out = append(out, Constraint{F: f, Origin: c.Origin})
	}
	return out, true
}

// scheduledSet is the set D of Freeze: the events that must happen before
// the chosen ones, closed (closeRequired) under finishing lock holds and
// under the writes that the required reads read from in the base order
// (the last write of their value before them; none for an initial value).
// Restricted to D, the base order is then an execution prefix in which
// every read that may matter reads what it read in the trace (if the base
// order is a real execution), so the frozen steps agree with each other
// and only the free ones are left to place.
func (x *Index) scheduledSet(choice []trace.EventRef) *Slice {
	s := DownSlice(x, choice)
	x.closeRequired(s, nil, 0, choice, x.baseWriter)
	return s
}

// baseWriter is the write that read r read from in the base order: the
// last write of its value to its variable before it.
func (x *Index) baseWriter(r trace.EventRef, ev *trace.Event) (trace.EventRef, bool) {
	tr := x.Trace
	pos := tr.Threads[r.Thread].Arrival[r.Index]
	var best trace.EventRef
	found := false
	for _, w := range x.byVal.of(varVal{ev.Obj, ev.Val}) {
		if a := tr.Threads[w.Thread].Arrival[w.Index]; a < pos && (!found || a > tr.Threads[best.Thread].Arrival[best.Index]) {
			best, found = w, true
		}
	}
	return best, found
}

// Relax returns the valuation that drops every step of e's problem that
// is not near a chosen event of e's candidate (nearChosen): their atoms
// become true.
// Every atom occurs positively (formula.go), so the formula only gets
// weaker: if the relaxed formula has no model, neither has the exact one,
// and the candidate is no violation. (A model of the relaxed formula
// says nothing.)
func (e *Encoding) Relax(window, gap int) *Valuation {
	p, c := e.Problem, e.Cand
	tr := p.Trace
	near := nearChosen(tr, c, window, gap)
	n := e.NumVars()
	v := &Valuation{Fixed: make([]bool, n), Val: make([]int64, n), Dropped: make([]bool, n)}
	for x, s := range p.Steps {
		v.Dropped[x] = !near(int64(tr.Threads[s.Ref.Thread].Arrival[s.Ref.Index]))
		if !v.Dropped[x] {
			v.Free++
		}
	}
	return v
}

// Whole reports whether v leaves every step of e's problem free: it
// neither fixes one (Freeze) nor drops one (Relax), so it asks e's exact
// question, at most with the cut fixed.
func (v *Valuation) Whole(e *Encoding) bool {
	for x := range e.Problem.Steps {
		if v.Fixed[x] || v.Dropped != nil && v.Dropped[x] {
			return false
		}
	}
	return true
}

// Span, as the gap of Freeze and Relax, makes the whole stretch between
// the first and the last chosen event near.
const Span = math.MaxInt32

// nearChosen reports whether a base position is near a chosen event of c:
// at most window positions from one, or inside the stretch between two
// chosen events that are next to each other in the base order and at most
// gap positions apart.
func nearChosen(tr *trace.Trace, c Candidate, window, gap int) func(int64) bool {
	pos := make([]int64, len(c.Choice))
	for i, r := range c.Choice {
		pos[i] = int64(tr.Threads[r.Thread].Arrival[r.Index])
	}
	slices.Sort(pos)
	type stretch struct{ lo, hi int64 }
	w := int64(window)
	near := []stretch{{pos[0] - w, pos[0] + w}}
	for i := 1; i < len(pos); i++ {
		last := &near[len(near)-1]
		if pos[i]-pos[i-1] <= int64(gap) || pos[i]-w <= last.hi {
			last.hi = pos[i] + w
		} else {
			near = append(near, stretch{pos[i] - w, pos[i] + w})
		}
	}
	return func(x int64) bool {
		for _, s := range near {
			if x >= s.lo && x <= s.hi {
				return true
			}
		}
		return false
	}
}
