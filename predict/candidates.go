package predict

import (
	"sort"

	"gpredict/spec"
	"gpredict/trace"
)

// altPlan is everything about one alternative of a property that does not
// depend on the binding: which declarations it uses, the occurrence
// constraints that restrict a choice before any solving (SPEC 2.2/3.3:
// meta-threads, region pairs), and which occurrences are interchangeable
// inside a `||` group (for the one-violation-per-race rule of SPEC 3.3).
type altPlan struct {
	prop   *spec.Property
	altIdx int
	alt    *spec.Alternative
	events [][]spec.PropEvent
	decls  []int // distinct declarations of the occurrences, ascending

	// sameThread[i] / otherThread[i]: earlier occurrences j < i whose
	// chosen event must be on the same / a different thread.
	sameThread, otherThread [][]int
	// pairWith[i]: for a region mark i, the earlier occurrence j < i that
	// is its other end, with the pairs of their two declarations.
	pairWith []regionLink
	// before[i]: earlier occurrences j < i interchangeable with i; the
	// canonical choice has choice[j] before choice[i] in id order.
	before [][]int
}

type regionLink struct {
	other   int // -1: none
	iAmEnd  bool
	regions *regionPairs
}

// newAltPlan prepares alternative altIdx of p for enumeration.
func newAltPlan(p *spec.Property, altIdx int, events [][]spec.PropEvent, pairs func(b, e int) *regionPairs) *altPlan {
	alt := &p.Normal.Alts[altIdx]
	n := len(alt.Occs)
	ap := &altPlan{
		prop: p, altIdx: altIdx, alt: alt, events: events,
		sameThread: make([][]int, n), otherThread: make([][]int, n),
		pairWith: make([]regionLink, n), before: make([][]int, n),
	}
	seenDecl := map[int]bool{}
	threadUses := map[string]int{}
	for _, o := range alt.Occs {
		if !seenDecl[o.Decl] {
			seenDecl[o.Decl] = true
			ap.decls = append(ap.decls, o.Decl)
		}
		if o.Thread != "" {
			threadUses[o.Thread]++
		}
	}
	sort.Ints(ap.decls)
	for i, oi := range alt.Occs {
		ap.pairWith[i].other = -1
		for j := 0; j < i; j++ {
			oj := alt.Occs[j]
			if oi.Thread != "" && oj.Thread != "" {
				if oi.Thread == oj.Thread {
					ap.sameThread[i] = append(ap.sameThread[i], j)
				} else {
					ap.otherThread[i] = append(ap.otherThread[i], j)
				}
			}
			if oi.Region != "" && oj.Region == oi.Region && oi.RegionEnd != oj.RegionEnd {
				b, e := oj.Decl, oi.Decl
				if !oi.RegionEnd {
					b, e = oi.Decl, oj.Decl
				}
				ap.pairWith[i] = regionLink{other: j, iAmEnd: oi.RegionEnd, regions: pairs(b, e)}
			}
		}
	}
	ap.markInterchangeable(alt.Root, threadUses)
	return ap
}

// markInterchangeable finds, in every `||` node, the direct event children
// whose events could be swapped without changing anything the pattern
// says: same declaration, no region mark, and the same meta-thread (or
// meta-threads used by nothing else, whose names are then immaterial).
// Swapping their events yields the same violation (SPEC 3.3), so only the
// choice listing them in id order is enumerated.
func (ap *altPlan) markInterchangeable(n *spec.PatNode, threadUses map[string]int) {
	if n == nil {
		return
	}
	if n.Kind == spec.PatPar {
		var kids []int
		for _, k := range n.Kids {
			if k.Kind == spec.PatEvent {
				kids = append(kids, k.Occ)
			}
		}
		sort.Ints(kids)
		for x, i := range kids {
			for _, j := range kids[:x] {
				oi, oj := ap.alt.Occs[i], ap.alt.Occs[j]
				if oi.Decl != oj.Decl || oi.Region != "" || oj.Region != "" {
					continue
				}
				freeNames := oi.Thread != "" && oj.Thread != "" && threadUses[oi.Thread] == 1 && threadUses[oj.Thread] == 1
				if oi.Thread == oj.Thread || freeNames {
					ap.before[i] = append(ap.before[i], j)
				}
			}
		}
	}
	for _, k := range n.Kids {
		ap.markInterchangeable(k, threadUses)
	}
}

// choices calls yield with every choice (one property event per
// occurrence, Choice[i] for Occs[i]) compatible with binding that meets
// the occurrence constraints, in a deterministic order, until yield
// returns false. The slice passed to yield is reused; copy it to keep it.
func (ap *altPlan) choices(binding []trace.Sym, yield func([]trace.EventRef) bool) bool {
	n := len(ap.alt.Occs)
	// Compatible events per declaration, computed once per binding.
	compat := map[int][]trace.EventRef{}
	for _, d := range ap.decls {
		var refs []trace.EventRef
		for i := range ap.events[d] {
			if ap.events[d][i].Compatible(binding) {
				refs = append(refs, ap.events[d][i].Ref)
			}
		}
		if len(refs) == 0 {
			return true
		}
		sort.Slice(refs, func(a, b int) bool { return refs[a].Less(refs[b]) })
		compat[d] = refs
	}
	choice := make([]trace.EventRef, n)
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == n {
			return yield(choice)
		}
		oi := ap.alt.Occs[i]
		link := ap.pairWith[i]
		if link.other >= 0 {
			// The region partner is fixed: at most one event fits.
			var r trace.EventRef
			var ok bool
			if link.iAmEnd {
				r, ok = link.regions.endOf[choice[link.other]]
			} else {
				r, ok = link.regions.beginOf[choice[link.other]]
			}
			if !ok || !containsRef(compat[oi.Decl], r) || !ap.fits(i, r, choice) {
				return true
			}
			choice[i] = r
			return rec(i + 1)
		}
		for _, r := range compat[oi.Decl] {
			if ap.fits(i, r, choice) {
				choice[i] = r
				if !rec(i + 1) {
					return false
				}
			}
		}
		return true
	}
	return rec(0)
}

// fits checks r for occurrence i against the earlier occurrences.
func (ap *altPlan) fits(i int, r trace.EventRef, choice []trace.EventRef) bool {
	oi := ap.alt.Occs[i]
	for j := 0; j < i; j++ {
		if ap.alt.Occs[j].Decl == oi.Decl && choice[j] == r {
			return false // property events of a choice are distinct
		}
	}
	for _, j := range ap.sameThread[i] {
		if choice[j].Thread != r.Thread {
			return false
		}
	}
	for _, j := range ap.otherThread[i] {
		if choice[j].Thread == r.Thread {
			return false
		}
	}
	for _, j := range ap.before[i] {
		if !choice[j].Less(r) {
			return false
		}
	}
	return true
}

func containsRef(sorted []trace.EventRef, r trace.EventRef) bool {
	k := sort.Search(len(sorted), func(i int) bool { return !sorted[i].Less(r) })
	return k < len(sorted) && sorted[k] == r
}
