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
	case AskedOrder, ProgramOrder, Fork, Join, PatternOrder:
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
// follower of the facts so far (score; ties go to the given order).
func order(tr *trace.Trace, facts []Fact) []Fact {
	asked := func(f *Fact) bool {
		switch f.Kind {
		case AskedOrder, AskedRead, PatternEvent, PatternOrder, PatternBlock, Pattern:
			return true
		}
		return false
	}
	var out, rest []Fact
	for _, f := range facts {
		if asked(&f) {
			out = append(out, f)
		} else {
			rest = append(rest, f)
		}
	}
	mentioned := map[trace.EventRef]bool{}
	var cursor trace.EventRef
	hasCursor := false
	note := func(f *Fact) {
		for _, e := range f.Events {
			mentioned[e] = true
		}
		if _, to, ok := f.ends(); ok {
			cursor, hasCursor = to, true
		}
	}
	for i := range out {
		note(&out[i])
	}
	for len(rest) > 0 {
		pick, best := 0, -1
		for i := range rest {
			if sc := score(&rest[i], &out, cursor, hasCursor, mentioned); sc > best {
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

// score rates f as the next fact after out: it continues the chain from
// the cursor (best), shares an event with the last fact, or with any
// fact so far; a fact that says why a read must keep its value comes
// before the fact about the value itself.
func score(f *Fact, out *[]Fact, cursor trace.EventRef, hasCursor bool, mentioned map[trace.EventRef]bool) int {
	sc := 0
	if from, _, ok := f.ends(); ok && hasCursor && from == cursor {
		sc = 6
	} else if n := len(*out); n > 0 && slices.ContainsFunc(f.Events, func(e trace.EventRef) bool { return slices.Contains((*out)[n-1].Events, e) }) {
		sc = 4
	} else if slices.ContainsFunc(f.Events, func(e trace.EventRef) bool { return mentioned[e] }) {
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
