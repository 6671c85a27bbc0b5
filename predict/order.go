package predict

import (
	"sort"

	"gpredict/spec"
	"gpredict/trace"
)

// docs/semantics.md lists a violation's chosen events "by id, in pattern
// order", and the events of a `||` group "in id order within the group": a
// race `read(t1) || write(t2)` is shown with its earlier-numbered event
// first, whichever declaration it belongs to. This is a matter of display
// only: a Violation keeps Choice[i] for occurrence i (the identity of
// explore.Canonical), and the writers (predict/report) list the occurrences in the order
// reportOrder gives.
//
// A group is the set of all occurrences below an outermost `||` node (a
// `||` nested in another one, or a sequence inside it, is part of the same
// contiguous block of the witness, so its events are ordered with the
// rest of the block). Every other occurrence is a group of its own.

// occGroups partitions the occurrences of alt into groups, in pattern
// order (by their first occurrence).
func occGroups(alt *spec.Alternative) [][]int {
	inGroup := make([]int, len(alt.Occs)) // group index + 1; 0 = alone
	var groups [][]int
	var collect func(n *spec.PatNode, g int)
	collect = func(n *spec.PatNode, g int) {
		if n == nil {
			return
		}
		if g == 0 && n.Kind == spec.PatPar {
			groups = append(groups, nil)
			g = len(groups)
		}
		if n.Kind == spec.PatEvent && g != 0 {
			groups[g-1] = append(groups[g-1], n.Occ)
			inGroup[n.Occ] = g
		}
		for _, k := range n.Kids {
			collect(k, g)
		}
	}
	collect(alt.Root, 0)
	var out [][]int
	emitted := make([]bool, len(groups))
	for i := range alt.Occs {
		g := inGroup[i]
		if g == 0 {
			out = append(out, []int{i})
			continue
		}
		if !emitted[g-1] {
			emitted[g-1] = true
			occs := append([]int(nil), groups[g-1]...)
			sort.Ints(occs)
			out = append(out, occs)
		}
	}
	return out
}

// reportOrder returns the occurrence indices of choice in the order a
// report lists them: pattern order, with the events of each `||` group
// in id order (ties — one trace event chosen for two occurrences — in
// pattern order).
func reportOrder(alt *spec.Alternative, choice []trace.EventRef) []int {
	out := make([]int, 0, len(choice))
	for _, g := range occGroups(alt) {
		start := len(out)
		out = append(out, g...)
		grp := out[start:]
		sort.SliceStable(grp, func(a, b int) bool { return choice[grp[a]].Less(choice[grp[b]]) })
	}
	return out
}

// ReportedEvent is one chosen event as a report lists it.
type ReportedEvent struct {
	Name string // the occurrence's event name
	Ref  trace.EventRef
}

// ReportedEvents lists the chosen events of v in report order
// (docs/semantics.md: pattern order, `||` groups in id order), as every
// writer prints them.
func (v *Violation) ReportedEvents() []ReportedEvent {
	return ReportedEventsOf(v.Property, v.Alt, v.Choice)
}

// ReportedEventsOf lists the chosen events of a violation, an unknown
// candidate or a refuted one in report order.
func ReportedEventsOf(p *spec.Property, alt int, choice []trace.EventRef) []ReportedEvent {
	if len(choice) == 0 {
		return nil // an unknown entry for candidates never formed (formingStop)
	}
	a := &p.Normal.Alts[alt]
	out := make([]ReportedEvent, 0, len(choice))
	for _, i := range reportOrder(a, choice) {
		out = append(out, ReportedEvent{Name: a.Occs[i].Event, Ref: choice[i]})
	}
	return out
}
