package encode

import (
	"sort"

	"gpredict/trace"
)

// hold is one outermost hold of a lock by a thread: from an outermost
// acquire (or a wait's reacquire part) to the release back to depth 0 (or
// the next wait's release part). Re-entrant acquires and releases inside it
// are not holds. A hold with no end in the slice is held to the end.
type hold struct {
	lock       trace.Sym
	start, end Step
	hasEnd     bool
	shared     bool // a shared (read) hold (rwlock.go)
}

func (p *Problem) holds() map[trace.Sym][]hold {
	tr := p.Trace
	out := map[trace.Sym][]hold{}
	for t, n := range p.Slice.Prefix {
		for i := 0; i < n; i++ {
			if !p.idx.startsHold[t][i] {
				continue
			}
			r := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)}
			ev := tr.Event(r)
			h := hold{lock: ev.Obj, start: Step{Ref: r, Part: Whole}, shared: p.idx.isShared(r)}
			if ev.Op == trace.OpWait {
				h.start.Part = Reacquire
			}
			if e := p.idx.holdEnd[t][i]; e >= 0 && int(e) < n {
				er := trace.EventRef{Thread: r.Thread, Index: uint32(e)}
				h.end, h.hasEnd = firstStep(tr, er), true // a wait's release part
			}
			out[ev.Obj] = append(out[ev.Obj], h)
		}
	}
	return out
}

// encodeLocks adds rule 3: two holds of one lock by different threads do
// not overlap in the schedule. For holds h1, h2:
//
//	end1 < start2  ∨  end2 < start1  ∨  start1 ∉ π  ∨  start2 ∉ π
//
// A hold whose start is not in the schedule does not exist; one whose end
// is not in the schedule (or not in the trace) is held to the end, which
// the first two disjuncts say by themselves: end1 < start2 with start2 in
// the schedule puts end1 in it. Pairs that must-happen-before already
// separates are skipped.
func (p *Problem) encodeLocks() {
	tr := p.Trace
	byLock := p.holds()
	if p.lockFamilyPastBound(byLock) {
		return
	}
	p.lockPairs(byLock, func(l trace.Sym, h1, h2 hold) {
		alts := []*F{p.out(h1.start), p.out(h2.start)}
		if h1.hasEnd {
			alts = append(alts, Lt(p.Var(h1.end), p.Var(h2.start)))
		}
		if h2.hasEnd {
			alts = append(alts, Lt(p.Var(h2.end), p.Var(h1.start)))
		}
		p.add(Or(alts...), FamLock,
			"the holds of lock "+tr.Str(l)+" from "+p.StepName(h1.start)+" and from "+p.StepName(h2.start)+" do not overlap",
			h1.start.Ref, h2.start.Ref)
	})
	p.encodeWriterPreference() // the rest of rule 3 (wpref.go)
}

// lockPairs calls fn for every two holds of one lock (byLock: holds)
// that rule 3 constrains: by different threads, not both shared, not
// separated by must-happen-before, both kept (nearHolds). It stops early
// when the problem is given up.
func (p *Problem) lockPairs(byLock map[trace.Sym][]hold, fn func(l trace.Sym, h1, h2 hold)) {
	for _, l := range sortedSyms(byLock) {
		hs := p.nearHolds(byLock[l])
		for i := range hs {
			for j := i + 1; j < len(hs); j++ {
				if p.stopped() {
					return
				}
				h1, h2 := hs[i], hs[j]
				if h1.start.Ref.Thread == h2.start.Ref.Thread || h1.shared && h2.shared {
					continue // readers may overlap
				}
				if (h1.hasEnd && p.idx.StepBefore(h1.end, h2.start)) || (h2.hasEnd && p.idx.StepBefore(h2.end, h1.start)) {
					continue
				}
				fn(l, h1, h2)
			}
		}
	}
}

// lockFamilyPastBound counts the order atoms rule 3 would add, without
// building them, and gives the problem up (ErrTooLarge) when they take
// it past Limits.MaxAtoms. Built and then dropped, the family of a near
// problem on the 100K-event lock-heavy member with values took a third
// of the run's time, most of it the collector's, for each candidate.
// Where four atoms for every two holds of a lock stay within the bound,
// nothing is counted.
func (p *Problem) lockFamilyPastBound(byLock map[trace.Sym][]hold) bool {
	w := p.building
	if w == nil || w.lim.MaxAtoms <= 0 {
		return false
	}
	most := p.atoms
	for _, hs := range byLock {
		most += 2 * len(hs) * (len(hs) - 1)
	}
	if most <= w.lim.MaxAtoms {
		return false
	}
	n := p.atoms
	p.lockPairs(byLock, func(_ trace.Sym, h1, h2 hold) {
		n += 2
		if h1.hasEnd {
			n++
		}
		if h2.hasEnd {
			n++
		}
		if n > w.lim.MaxAtoms && w.err == nil {
			w.err = ErrTooLarge
		}
	})
	return w.err != nil
}

// sortedSyms returns the keys of m in increasing order, so that formulas
// and dumps come out the same on every run.
func sortedSyms[V any](m map[trace.Sym]V) []trace.Sym {
	keys := make([]trace.Sym, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	return keys
}
