package predict

import (
	"sort"

	"gpredict/spec"
	"gpredict/trace"
)

// A binding selects, per declaration, the property events whose values
// agree with it. Testing every event against every binding costs
// bindings × events — a million-event race trace has a binding per
// variable and an event per access, which made that test the largest
// cost of a run. byValues groups a declaration's events by the values
// they bind (their tuple), and finds a binding's tuples by hashing the
// binding's values on each assignment mask the declaration's events use
// (a declaration binding the same parameters in every event has one).

// tupleGroup is the events (indices into the declaration's events, in
// their order) that bind the same values.
type tupleGroup struct {
	events []int
}

// byValues indexes one declaration's events.
type byValues struct {
	// masks are the distinct assignment masks, groups[k] the groups of
	// masks[k] by projectKey of their values on it.
	masks  []uint64
	groups []map[string]*tupleGroup
}

func newByValues(evs []spec.PropEvent, nParams int) *byValues {
	bv := &byValues{}
	maskAt := map[uint64]int{}
	for i := range evs {
		var m uint64
		for p, v := range evs[i].Values {
			if v != trace.NoSym {
				m |= 1 << uint(p)
			}
		}
		k, ok := maskAt[m]
		if !ok {
			k = len(bv.masks)
			maskAt[m] = k
			bv.masks = append(bv.masks, m)
			bv.groups = append(bv.groups, map[string]*tupleGroup{})
		}
		key := projectKey(evs[i].Values, m, nParams)
		g := bv.groups[k][key]
		if g == nil {
			g = &tupleGroup{}
			bv.groups[k][key] = g
		}
		g.events = append(g.events, i)
	}
	return bv
}

// compatible returns the refs of the events of evs (indexed by bv) that
// are compatible with binding (spec.PropEvent.Compatible), sorted.
func (bv *byValues) compatible(evs []spec.PropEvent, binding []trace.Sym, nParams int) []trace.EventRef {
	var refs []trace.EventRef
	for k, m := range bv.masks {
		g := bv.groups[k][projectKey(binding, m, nParams)]
		if g == nil {
			continue
		}
		for _, i := range g.events {
			if evs[i].Compatible(binding) { // the residual conditions
				refs = append(refs, evs[i].Ref)
			}
		}
	}
	if !sort.SliceIsSorted(refs, func(a, b int) bool { return refs[a].Less(refs[b]) }) {
		sort.Slice(refs, func(a, b int) bool { return refs[a].Less(refs[b]) })
	}
	return refs
}
