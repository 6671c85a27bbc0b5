// Package local builds, for a chain candidate and the facts package
// closure derived for it, a small formula over a window of the must-set:
// the last events of every thread's part of it (and the starts of the
// lock holds that end there). Its constraints are the model's rules among
// the window's events — must-happen-before and the derived orders, the
// pattern, lock holds, reads — with every atom about an event outside the
// window taken as true. Each is implied by the exact formula, so the
// formula is a relaxation: no model means the candidate has no witness
// at all. A model is only a hint (the order it gives the window's events
// guides package greedy, whose schedule counts once the replay validator
// accepts it).
//
// The formula's size follows the window, not the trace: a candidate deep
// in a long recording is refuted without encoding the recording.
package local

import (
	"sort"

	"gpredict/encode"
	"gpredict/predict/closure"
	"gpredict/trace"
)

// Problem is the formula of one window. Order variable i is the position
// of Events[i]; every event of the window is in the schedule (the window
// is part of the must-set), so there is no cut variable.
type Problem struct {
	Events      []trace.EventRef
	Constraints []encode.Constraint

	x     *encode.Index
	res   *closure.Result
	ch    closure.Chain
	index map[trace.EventRef]encode.Var
	// byThread[t] lists the window's events of thread t by index.
	byThread [][]trace.EventRef
	// writes lists the window's writes per variable.
	writes map[trace.Sym][]trace.EventRef
	// choices are the disjunctions of two orders (a lock hold before the
	// other, a write before the read's source or after the read): a
	// model's pick of each is a hint for package greedy (Hints).
	choices [][2]closure.Edge
}

// Build returns the formula of the window of the last k events of every
// thread's part of res's must-set, or false when the window holds a wait
// (its three steps are left to the exact stages).
func Build(x *encode.Index, ch closure.Chain, res *closure.Result, k int) (*Problem, bool) {
	p := &Problem{x: x, res: res, ch: ch, index: map[trace.EventRef]encode.Var{},
		byThread: make([][]trace.EventRef, len(res.Cut)), writes: map[trace.Sym][]trace.EventRef{}}
	if !p.collect(k) {
		return nil, false
	}
	p.orders()
	p.pattern()
	p.locks()
	p.reads()
	return p, true
}

// collect picks the window: the last k events of every thread's part of
// the must-set, and the start of every lock hold whose end is there.
func (p *Problem) collect(k int) bool {
	tr := p.x.Trace
	in := map[trace.EventRef]bool{}
	add := func(r trace.EventRef) {
		if !in[r] {
			in[r] = true
			p.byThread[r.Thread] = append(p.byThread[r.Thread], r)
		}
	}
	for t, n := range p.res.Cut {
		tid := trace.ThreadID(t)
		for i := max(0, n-k); i < n; i++ {
			r := trace.EventRef{Thread: tid, Index: uint32(i)}
			ev := tr.Event(r)
			if ev.Op == trace.OpWait {
				return false
			}
			add(r)
			if ev.Op == trace.OpRelease && i > 0 {
				for _, s := range p.x.OpenAfter(tid, i-1) {
					if p.x.HoldEnd(tid, s) == i {
						add(trace.EventRef{Thread: tid, Index: s})
					}
				}
			}
		}
	}
	for t := range p.byThread {
		evs := p.byThread[t]
		sort.Slice(evs, func(a, b int) bool { return evs[a].Index < evs[b].Index })
		for _, r := range evs {
			p.index[r] = encode.Var(len(p.Events))
			p.Events = append(p.Events, r)
			if ev := tr.Event(r); ev.Op == trace.OpWrite {
				p.writes[ev.Obj] = append(p.writes[ev.Obj], r)
			}
		}
	}
	return true
}

func (p *Problem) v(r trace.EventRef) encode.Var { return p.index[r] }

// either asserts a1 < b1 or a2 < b2, skipping what the facts settle: a
// side that must hold already satisfies it, a side that cannot hold (its
// right event must come before its left one) leaves the other as a unit.
func (p *Problem) either(a1, b1, a2, b2 trace.EventRef, fam encode.Family, why string) {
	if p.res.Before(a1, b1) || p.res.Before(a2, b2) {
		return
	}
	no1 := b1 == a1 || p.res.Before(b1, a1)
	no2 := b2 == a2 || p.res.Before(b2, a2)
	switch {
	case no1 && no2:
		p.add(encode.False(), fam, why, a1, b1, a2, b2)
	case no1:
		p.add(encode.Lt(p.v(a2), p.v(b2)), fam, why, a2, b2)
	case no2:
		p.add(encode.Lt(p.v(a1), p.v(b1)), fam, why, a1, b1)
	default:
		p.add(encode.Or(encode.Lt(p.v(a1), p.v(b1)), encode.Lt(p.v(a2), p.v(b2))), fam, why, a1, b1, a2, b2)
		p.choices = append(p.choices, [2]closure.Edge{{From: a1, To: b1, Why: why}, {From: a2, To: b2, Why: why}})
	}
}

// Hints are the orders a model (val) picked in the formula's choices.
func (p *Problem) Hints(val func(encode.Var) int64) []closure.Edge {
	var out []closure.Edge
	for _, c := range p.choices {
		if val(p.v(c[0].From)) < val(p.v(c[0].To)) {
			out = append(out, c[0])
		} else {
			out = append(out, c[1])
		}
	}
	return out
}

func (p *Problem) in(r trace.EventRef) bool {
	_, ok := p.index[r]
	return ok
}

func (p *Problem) add(f *encode.F, fam encode.Family, why string, evs ...trace.EventRef) {
	p.Constraints = append(p.Constraints, encode.Constraint{F: f, Origin: encode.Origin{Family: fam, Events: evs, Why: why}})
}

// orders asserts must-happen-before and the derived orders among the
// window's events: program order between consecutive events of a thread,
// and for each event b and other thread u, the latest event of u in the
// window that must happen before b (the rest follow by transitivity).
func (p *Problem) orders() {
	for _, evs := range p.byThread {
		for i := 1; i < len(evs); i++ {
			p.add(encode.Lt(p.v(evs[i-1]), p.v(evs[i])), encode.FamMHB, "program order", evs[i-1], evs[i])
		}
	}
	for _, b := range p.Events {
		for u, evs := range p.byThread {
			if trace.ThreadID(u) == b.Thread || len(evs) == 0 {
				continue
			}
			k := sort.Search(len(evs), func(i int) bool { return !p.res.Before(evs[i], b) })
			if k > 0 {
				a := evs[k-1]
				p.add(encode.Lt(p.v(a), p.v(b)), encode.FamMHB, "must happen before", a, b)
			}
		}
	}
}

// pattern asserts the chain's conditions: the last group comes after
// every other event of the window (a witness can end right after it), and
// every other group's block is not split by an event of the window.
func (p *Problem) pattern() {
	last := p.ch.Last()
	inGroup := func(g []trace.EventRef, r trace.EventRef) bool {
		for _, c := range g {
			if c == r {
				return true
			}
		}
		return false
	}
	for _, e := range p.Events {
		if inGroup(last, e) {
			continue
		}
		for _, c := range last {
			if p.in(c) {
				p.add(encode.Lt(p.v(e), p.v(c)), encode.FamPattern, "the pattern's last events end the witness", e, c)
			}
		}
	}
	for _, g := range p.ch.Groups[:len(p.ch.Groups)-1] {
		if len(g) < 2 {
			continue
		}
		for _, e := range p.Events {
			if inGroup(g, e) {
				continue
			}
			var before, after []*encode.F
			for _, c := range g {
				if !p.in(c) {
					before, after = nil, nil
					break
				}
				before = append(before, encode.Lt(p.v(e), p.v(c)))
				after = append(after, encode.Lt(p.v(c), p.v(e)))
			}
			if before != nil {
				p.add(encode.Or(encode.And(before...), encode.And(after...)), encode.FamPattern, "a block is contiguous", e)
			}
		}
	}
}

// locks asserts rule 3 for two holds of one lock by different threads
// that both start and end in the window: one ends before the other
// starts. (A hold open at the end of the witness got its orders from the
// closure's rules.)
func (p *Problem) locks() {
	type hold struct {
		start, end trace.EventRef
	}
	byLock := map[trace.Sym][]hold{}
	var order []trace.Sym
	for _, r := range p.Events {
		ev := p.x.Trace.Event(r)
		if ev.Op != trace.OpAcquire {
			continue
		}
		e := p.x.HoldEnd(r.Thread, r.Index)
		if e < 0 {
			continue // not a hold start, or held to the end
		}
		end := trace.EventRef{Thread: r.Thread, Index: uint32(e)}
		if !p.in(end) {
			continue
		}
		if byLock[ev.Obj] == nil {
			order = append(order, ev.Obj)
		}
		byLock[ev.Obj] = append(byLock[ev.Obj], hold{r, end})
	}
	for _, l := range order {
		hs := byLock[l]
		for i, a := range hs {
			for _, b := range hs[i+1:] {
				if a.start.Thread == b.start.Thread {
					continue
				}
				p.either(a.end, b.start, b.end, a.start, encode.FamLock, "two holds of "+p.x.Trace.Str(l)+" do not overlap")
			}
		}
	}
}

// reads asserts rule 5 for the window's required reads: the read comes
// after the write it reads from, with no write of its variable between.
func (p *Problem) reads() {
	tr := p.x.Trace
	for _, r := range p.Events {
		ev := tr.Event(r)
		if ev.Op != trace.OpRead || p.inLast(r) {
			continue
		}
		if req := p.x.Requirer(r); req < 0 || req >= p.res.Cut[r.Thread] {
			continue
		}
		ws := p.writes[ev.Obj]
		src, kind := p.x.Source(r)
		switch kind {
		case encode.Initial:
			for _, w := range ws {
				if !p.res.Before(r, w) {
					p.add(encode.Lt(p.v(r), p.v(w)), encode.FamReadWrite, "reads the initial value", r, w)
				}
			}
		case encode.OneWrite:
			if !p.in(src) {
				for _, w := range ws {
					if p.res.Before(src, w) && !p.res.Before(r, w) {
						p.add(encode.Lt(p.v(r), p.v(w)), encode.FamReadWrite, "a later write comes after the read", r, w)
					}
				}
				continue
			}
			if !p.res.Before(src, r) {
				p.add(encode.Lt(p.v(src), p.v(r)), encode.FamReadWrite, "reads from the only write of its value", src, r)
			}
			for _, w := range ws {
				if w != src {
					p.either(w, src, r, w, encode.FamReadWrite, "a write of the variable comes before the read's source or after the read")
				}
			}
		case encode.Ambiguous:
			if f, ok := p.anySource(r, ev, ws); ok {
				p.add(f, encode.FamReadWrite, "reads from some write of its value", r)
			}
		}
	}
}

// readsFrom is "r reads from w": w before r, every other write of the
// variable in the window before w or after r.
func (p *Problem) readsFrom(r, w trace.EventRef, ws []trace.EventRef) *encode.F {
	fs := []*encode.F{encode.Lt(p.v(w), p.v(r))}
	for _, o := range ws {
		if o != w {
			fs = append(fs, encode.Or(encode.Lt(p.v(o), p.v(w)), encode.Lt(p.v(r), p.v(o))))
		}
	}
	return encode.And(fs...)
}

// anySource is "r reads its value from one of the writes that give it (or
// the initial value)", when all of them are in the window.
func (p *Problem) anySource(r trace.EventRef, ev *trace.Event, ws []trace.EventRef) (*encode.F, bool) {
	var alts []*encode.F
	for _, w := range ws {
		if p.x.Trace.Event(w).Val == ev.Val {
			alts = append(alts, p.readsFrom(r, w, ws))
		}
	}
	total := 0
	for u := range p.byThread {
		for _, i := range p.x.WritesOf(ev.Obj, trace.ThreadID(u)) {
			if p.x.Trace.Threads[u].Events[i].Val == ev.Val {
				total++
			}
		}
	}
	if total != len(alts) {
		return nil, false // a write of the value lies outside the window
	}
	if ev.Val == p.x.Trace.InitValue(ev.Obj) {
		none := []*encode.F{}
		for _, w := range ws {
			none = append(none, encode.Lt(p.v(r), p.v(w)))
		}
		alts = append(alts, encode.And(none...))
	}
	return encode.Or(alts...), true
}

func (p *Problem) inLast(r trace.EventRef) bool {
	for _, c := range p.ch.Last() {
		if c == r {
			return true
		}
	}
	return false
}

// NumChoices is how many two-way choices the formula has.
func (p *Problem) NumChoices() int { return len(p.choices) }
