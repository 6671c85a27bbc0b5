package predict

import (
	"sort"

	"gpredict/spec"
	"gpredict/trace"
)

// regionPairs holds the matching begin/end pairs of one pair of
// declarations (docs/semantics.md): per thread, a stack over all property
// events of the two declarations, whatever the binding; an end met with an
// empty stack pairs with nothing.
type regionPairs struct {
	endOf   map[trace.EventRef]trace.EventRef
	beginOf map[trace.EventRef]trace.EventRef
}

// regionPairsOf returns pairRegions for events, each pair of declarations
// computed once (the alternatives of a property share them).
func regionPairsOf(events [][]spec.PropEvent) func(b, e int) *regionPairs {
	cache := map[[2]int]*regionPairs{}
	return func(b, e int) *regionPairs {
		k := [2]int{b, e}
		if cache[k] == nil {
			cache[k] = pairRegions(events, b, e)
		}
		return cache[k]
	}
}

// pairRegions computes the pairs of begin declaration b and end
// declaration e. A trace event that is a property event of both (the
// before and after advice of one `call`) opens its region before closing
// it: the entry of an invocation precedes its exit.
func pairRegions(events [][]spec.PropEvent, b, e int) *regionPairs {
	type mark struct {
		ref        trace.EventRef
		begin, end bool
	}
	byRef := map[trace.EventRef]*mark{}
	var marks []*mark
	add := func(decl int, isBegin bool) {
		for i := range events[decl] {
			r := events[decl][i].Ref
			m := byRef[r]
			if m == nil {
				m = &mark{ref: r}
				byRef[r] = m
				marks = append(marks, m)
			}
			if isBegin {
				m.begin = true
			} else {
				m.end = true
			}
		}
	}
	add(b, true)
	add(e, false)
	sort.Slice(marks, func(i, j int) bool { return marks[i].ref.Less(marks[j].ref) })
	rp := &regionPairs{endOf: map[trace.EventRef]trace.EventRef{}, beginOf: map[trace.EventRef]trace.EventRef{}}
	var stack []trace.EventRef
	for i, m := range marks {
		if i > 0 && marks[i-1].ref.Thread != m.ref.Thread {
			stack = stack[:0]
		}
		if m.begin {
			stack = append(stack, m.ref)
		}
		if m.end && len(stack) > 0 {
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			rp.endOf[top] = m.ref
			rp.beginOf[m.ref] = top
		}
	}
	return rp
}
