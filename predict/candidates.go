package predict

import (
	"sort"

	"gpredict/encode"
	"gpredict/spec"
	"gpredict/trace"
)

// altPlan is everything about one alternative of a property that does not
// depend on the binding: which declarations it uses, the occurrence
// constraints that restrict a choice before any solving (docs/semantics.md:
// meta-threads, region pairs), and the `||` groups whose order does not
// make a different violation (docs/semantics.md).
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
	// parGroups: the slots of the direct event children of one `||` node
	// that share a declaration (see canonical).
	parGroups [][]int
	// blockPartner[i], for the later of the two event children of a
	// two-event `||` block that must hold (not under `!` or `|`), is the
	// earlier one; -1 otherwise. Its events are enumerated only where
	// the clocks allow the two to be adjacent (adjacent).
	blockPartner []int
	// idx holds the clocks for that (nil: no restriction).
	idx *encode.Index
	// byValues[d] indexes declaration d's events by the values they
	// bind (compatible.go).
	byValues map[int]*byValues
	// watch looks at the run's stop signal (nil: never stops): a binding
	// whose choices mostly fail the occurrence constraints can take many
	// steps of the enumeration between two candidates.
	watch *encode.Watch
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
		pairWith: make([]regionLink, n),
	}
	seenDecl := map[int]bool{}
	for _, o := range alt.Occs {
		if !seenDecl[o.Decl] {
			seenDecl[o.Decl] = true
			ap.decls = append(ap.decls, o.Decl)
		}
	}
	sort.Ints(ap.decls)
	ap.byValues = map[int]*byValues{}
	for _, d := range ap.decls {
		ap.byValues[d] = newByValues(events[d], len(p.Params))
	}
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
	ap.collectParGroups(alt.Root)
	ap.blockPartner = make([]int, n)
	for i := range ap.blockPartner {
		ap.blockPartner[i] = -1
	}
	ap.collectBlockPairs(alt.Root)
	return ap
}

// enumerated drops what only the enumeration of choices reads — the
// property events, their index by values, the region pairs — once every
// choice of the plan has been formed. The plan itself lives as long as
// the run (its jobs name it, the workers read its alternative), and so
// would they: on a recording of ristretto's tests (5.76M events, 27
// properties) the indexes of the plans formed so far were 607 MB of a
// 2.6 GB live heap 40 s into `--props all`.
func (ap *altPlan) enumerated() {
	ap.events, ap.byValues, ap.pairWith, ap.watch = nil, nil, nil, nil
}

// collectBlockPairs finds the two-event `||` blocks outside `!` and `|`.
func (ap *altPlan) collectBlockPairs(n *spec.PatNode) {
	switch n.Kind {
	case spec.PatNot, spec.PatOr, spec.PatEvent:
		return
	case spec.PatPar:
		if len(n.Kids) == 2 && n.Kids[0].Kind == spec.PatEvent && n.Kids[1].Kind == spec.PatEvent {
			a, b := n.Kids[0].Occ, n.Kids[1].Occ
			if a > b {
				a, b = b, a
			}
			ap.blockPartner[b] = a
			return
		}
	}
	for _, k := range n.Kids {
		ap.collectBlockPairs(k)
	}
}

// collectParGroups finds, in every `||` node, the direct event children of
// one declaration (two or more): the slots whose events may be listed in
// any order without changing the violation (docs/semantics.md).
func (ap *altPlan) collectParGroups(n *spec.PatNode) {
	if n == nil {
		return
	}
	for _, k := range n.Kids {
		ap.collectParGroups(k)
	}
	if n.Kind != spec.PatPar {
		return
	}
	byDecl := map[int][]int{}
	var decls []int
	for _, k := range n.Kids {
		if k.Kind == spec.PatEvent {
			d := ap.alt.Occs[k.Occ].Decl
			if byDecl[d] == nil {
				decls = append(decls, d)
			}
			byDecl[d] = append(byDecl[d], k.Occ)
		}
	}
	for _, d := range decls {
		if len(byDecl[d]) > 1 {
			ap.parGroups = append(ap.parGroups, byDecl[d])
		}
	}
}

// canonical reports whether choice is the reporting identity of its
// violation. The identity lists the events of each `||` group in id order:
// the events chosen for the slots of a group are sorted and put back. If
// the relabelled choice is itself a valid choice (meta-threads, region
// pairs), it describes the same violation — the `||` condition is
// symmetric — and only it is kept; if not (the slots play different roles
// elsewhere in the pattern), choice is its own identity.
func (ap *altPlan) canonical(choice []trace.EventRef) bool {
	if len(ap.parGroups) == 0 {
		return true
	}
	canon := append([]trace.EventRef(nil), choice...)
	for _, slots := range ap.parGroups {
		evs := make([]trace.EventRef, len(slots))
		for i, o := range slots {
			evs[i] = canon[o]
		}
		sort.Slice(evs, func(a, b int) bool { return evs[a].Less(evs[b]) })
		for i, o := range slots {
			canon[o] = evs[i]
		}
	}
	same := true
	for i := range canon {
		if canon[i] != choice[i] {
			same = false
			break
		}
	}
	if same {
		return true
	}
	for i := range canon {
		if !ap.fits(i, canon[i], canon) || !ap.regionFits(i, canon) {
			return true
		}
	}
	return false
}

// regionFits checks the region pair of occurrence i against its earlier
// partner.
func (ap *altPlan) regionFits(i int, choice []trace.EventRef) bool {
	if ap.pairWith[i].other < 0 {
		return true
	}
	r, ok := ap.regionPartner(i, choice)
	return ok && r == choice[i]
}

// regionPartner is the event that occurrence i must be, given the event
// already chosen for its region partner (which has a pair link).
func (ap *altPlan) regionPartner(i int, choice []trace.EventRef) (trace.EventRef, bool) {
	link := ap.pairWith[i]
	if link.iAmEnd {
		r, ok := link.regions.endOf[choice[link.other]]
		return r, ok
	}
	r, ok := link.regions.beginOf[choice[link.other]]
	return r, ok
}

// choices calls yield with every choice (one property event per
// occurrence, Choice[i] for Occs[i]) compatible with binding that meets
// the occurrence constraints, in a deterministic order, until yield
// returns false or the plan's watch stops it (then it returns false). The
// slice passed to yield is reused; copy it to keep it.
func (ap *altPlan) choices(binding []trace.Sym, yield func([]trace.EventRef) bool) bool {
	if ap.watch.Stopped() {
		return false
	}
	n := len(ap.alt.Occs)
	// Compatible events per declaration, computed once per binding.
	compat := map[int][]trace.EventRef{}
	for _, d := range ap.decls {
		refs := ap.byValues[d].compatible(ap.events[d], binding, len(binding))
		if len(refs) == 0 {
			return true
		}
		compat[d] = refs
	}
	choice := make([]trace.EventRef, n)
	var rec func(i int) bool
	rec = func(i int) bool {
		if ap.watch.Stopped() {
			return false
		}
		if i == n {
			if !ap.canonical(choice) {
				return true
			}
			return yield(choice)
		}
		oi := ap.alt.Occs[i]
		if ap.pairWith[i].other >= 0 {
			// The region partner is fixed: at most one event fits.
			r, ok := ap.regionPartner(i, choice)
			if !ok || !containsRef(compat[oi.Decl], r) || !ap.fits(i, r, choice) {
				return true
			}
			choice[i] = r
			return rec(i + 1)
		}
		refs := compat[oi.Decl]
		if j := ap.blockPartner[i]; j >= 0 && ap.idx != nil {
			return ap.adjacent(choice[j], refs, func(r trace.EventRef) bool {
				if ap.watch.Stopped() {
					return false
				}
				if !ap.fits(i, r, choice) {
					return true
				}
				choice[i] = r
				return rec(i + 1)
			})
		}
		for _, r := range refs {
			if ap.watch.Stopped() {
				return false
			}
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
	return true
}

func containsRef(sorted []trace.EventRef, r trace.EventRef) bool {
	k := sort.Search(len(sorted), func(i int) bool { return !sorted[i].Less(r) })
	return k < len(sorted) && sorted[k] == r
}
