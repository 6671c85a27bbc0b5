package explain

import (
	"slices"

	"gpredict/trace"
)

// mergeProgramOrder joins program-order facts that continue one another
// (a before b, b before c) into one (a before c): a core names every
// adjacent pair of a stretch of program order, a reader needs its ends.
func mergeProgramOrder(tr *trace.Trace, facts []Fact) []Fact {
	var po, out []Fact
	for _, f := range facts {
		if f.Kind == ProgramOrder {
			po = append(po, f)
		} else {
			out = append(out, f)
		}
	}
	slices.SortFunc(po, func(a, b Fact) int { return cmpRef(tr, a.Events[0], b.Events[0]) })
	var merged []Fact
	for _, f := range po {
		if n := len(merged); n > 0 && merged[n-1].Events[1] == f.Events[0] {
			merged[n-1].Events = []trace.EventRef{merged[n-1].Events[0], f.Events[1]}
			continue
		}
		merged = append(merged, Fact{Kind: ProgramOrder, Events: slices.Clone(f.Events)})
	}
	for i := range merged {
		merged[i].render(tr)
	}
	return append(out, merged...)
}

// waypoints adds to each program-order fact the events of its stretch
// that other facts name (a write a read must not see, say), so that the
// sentence shows them in their place: "T1#1, T1#17 and T1#20 come in
// this order" rather than leaving the reader to see that T1#17 lies
// between T1#1 and T1#20.
func waypoints(tr *trace.Trace, facts []Fact) []Fact {
	named := map[trace.EventRef]bool{}
	for _, f := range facts {
		if f.Kind == ProgramOrder {
			continue
		}
		for _, rs := range [][]trace.EventRef{f.Events, f.Writers, f.Others, f.Notifies} {
			for _, r := range rs {
				named[r] = true
			}
		}
	}
	for i, f := range facts {
		if f.Kind != ProgramOrder {
			continue
		}
		a, b := f.Events[0], f.Events[len(f.Events)-1]
		evs := []trace.EventRef{a}
		for k := a.Index + 1; k < b.Index; k++ {
			if r := (trace.EventRef{Thread: a.Thread, Index: k}); named[r] {
				evs = append(evs, r)
			}
		}
		facts[i].Events = append(evs, b)
		facts[i].render(tr)
	}
	return facts
}

// mergeAdjacent joins program-order facts that continue one another and
// stand next to each other, keeping the order of the facts (a chain).
func mergeAdjacent(tr *trace.Trace, facts []Fact) []Fact {
	var out []Fact
	for _, f := range facts {
		if n := len(out); n > 0 && f.Kind == ProgramOrder && out[n-1].Kind == ProgramOrder && out[n-1].Events[1] == f.Events[0] {
			out[n-1].Events = []trace.EventRef{out[n-1].Events[0], f.Events[1]}
			out[n-1].render(tr)
			continue
		}
		out = append(out, f)
	}
	return out
}

// ends returns the direction of a fact that orders two events (from
// before to), if it has one.
func (f *Fact) ends() (from, to trace.EventRef, ok bool) {
	switch f.Kind {
	case ProgramOrder:
		return f.Events[0], f.Events[len(f.Events)-1], true
	case AskedOrder, Fork, Join, PatternOrder:
		return f.Events[0], f.Events[1], true
	case MustReadFrom:
		return f.Events[0], f.Events[2], true
	case ReadValue:
		if len(f.Writers) == 1 && !f.Initial {
			return f.Writers[0], f.Events[0], true
		}
	}
	return trace.EventRef{}, trace.EventRef{}, false
}

// order arranges facts as a chain a reader can follow: first what was
// asked (or what the pattern needs), then, one at a time, the best
// follower of the facts so far (score; ties go to the given order). The
// orders the facts state (from, to) make paths: the walk follows them,
// through the asked orders too, and starts a path where nothing leads to
// its first event.
func order(tr *trace.Trace, facts []Fact) []Fact {
	asked := func(f *Fact) bool {
		switch f.Kind {
		case AskedOrder, AskedRead, PatternEvent, PatternOrder, PatternBlock, Pattern:
			return true
		}
		return false
	}
	var out, rest []Fact
	led := map[trace.EventRef]bool{}           // events some fact leads to
	via := map[trace.EventRef]trace.EventRef{} // asked orders: from → to
	for _, f := range facts {
		if _, to, ok := f.ends(); ok {
			led[to] = true
		}
		if asked(&f) {
			out = append(out, f)
			if from, to, ok := f.ends(); ok {
				via[from] = to
			}
		} else {
			rest = append(rest, f)
		}
	}
	w := &walk{mentioned: map[trace.EventRef]bool{}, led: led}
	note := func(f *Fact) {
		for _, e := range f.Events {
			w.mentioned[e] = true
		}
		if _, to, ok := f.ends(); ok {
			w.cursor, w.hasCursor = to, true
			for seen := 0; seen < len(via); seen++ { // follow asked orders on
				next, ok := via[w.cursor]
				if !ok {
					break
				}
				w.cursor = next
			}
		}
	}
	for i := range out {
		note(&out[i])
	}
	for len(rest) > 0 {
		pick, best := 0, -1
		for i := range rest {
			if sc := w.score(&rest[i], out); sc > best {
				pick, best = i, sc
			}
		}
		f := rest[pick]
		rest = slices.Delete(rest, pick, pick+1)
		out = append(out, f)
		note(&out[len(out)-1])
	}
	return requirementsFirst(out)
}

// walk is the state of order's walk.
type walk struct {
	cursor    trace.EventRef // where the last order led
	hasCursor bool
	mentioned map[trace.EventRef]bool
	led       map[trace.EventRef]bool
}

// score rates f as the next fact after out: it continues the chain from
// the cursor (best), starts a path (nothing leads to its first event),
// shares an event with the last fact, or with any fact so far; a fact
// that says why a read must keep its value comes before the fact about
// the value itself.
func (w *walk) score(f *Fact, out []Fact) int {
	sc := 0
	from, _, directed := f.ends()
	switch {
	case directed && w.hasCursor && from == w.cursor:
		sc = 6
	case directed && !w.led[from]:
		sc = 5
	case len(out) > 0 && slices.ContainsFunc(f.Events, func(e trace.EventRef) bool { return slices.Contains(out[len(out)-1].Events, e) }):
		sc = 4
	case slices.ContainsFunc(f.Events, func(e trace.EventRef) bool { return w.mentioned[e] }):
		sc = 2
	}
	switch f.Kind {
	case ReadRequired, BranchRequired, Concrete:
		if sc > 0 {
			sc++
		}
	}
	return sc
}

// requirementsFirst moves each fact that says why a read must return its
// recorded value (a later event runs, a branch runs, a write after it is
// read) to just before the fact about that value, if it came after it:
// the reason a read matters reads best before what it reads.
func requirementsFirst(facts []Fact) []Fact {
	for i := 0; i < len(facts); i++ {
		f := facts[i]
		var r trace.EventRef
		upTo := true // the fact is about the reads of r's thread up to r
		switch f.Kind {
		case ReadRequired:
			r, upTo = f.Events[0], false
		case Concrete:
			r = f.Events[0]
		case BranchRequired:
			r = f.Events[1]
		default:
			continue
		}
		about := func(g Fact) bool {
			e := g.Events[0]
			return g.Kind == ReadValue && (e == r || upTo && e.Thread == r.Thread && e.Index < r.Index)
		}
		at := slices.IndexFunc(facts[:i], about)
		if at < 0 {
			continue
		}
		copy(facts[at+1:i+1], facts[at:i])
		facts[at] = f
	}
	return facts
}
