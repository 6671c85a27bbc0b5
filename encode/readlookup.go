package encode

import (
	"slices"

	"gpredict/trace"
)

// computeReadLookups gives every thread's accesses of a variable the two
// views of its reads that package greedy's simulation asks about at each
// write it may hold back (greedy's readPending): the reads sorted by
// value, so that a thread's first read of a value from an index on is a
// binary search, and the pinned reads (Pinned). Walking every needed read
// instead was half of the simulation's time on lock-heavy recordings
// whose variables take few values (docs/engine.md, "The simulation's
// held writes"). It runs after computeSources.
func (x *Index) computeReadLookups() {
	for v := range x.accOf {
		for k := range x.accOf[v] {
			a := &x.accOf[v][k]
			evs := x.Trace.Threads[a.Thread].Events
			a.byValue = make([]uint64, len(a.Reads))
			for j, i := range a.Reads {
				a.byValue[j] = valueKey(evs[i].Val, int(i))
			}
			slices.Sort(a.byValue)
			for _, i := range a.Reads {
				if _, kind := x.Source(trace.EventRef{Thread: a.Thread, Index: i}); kind == OneWrite || kind == Initial {
					a.Pinned = append(a.Pinned, i)
				}
			}
		}
	}
}

// FirstReadOfValue is the index of the first of a's reads (one thread's
// of one variable; an entry of Accessors) at index from or after that
// returns val, false if there is none.
func (x *Index) FirstReadOfValue(a *VarAccesses, from int, val trace.Sym) (uint32, bool) {
	k, _ := slices.BinarySearch(a.byValue, valueKey(val, from))
	if k < len(a.byValue) && trace.Sym(a.byValue[k]>>32) == val {
		return uint32(a.byValue[k]), true
	}
	return 0, false
}

// valueKey orders a read by value, then by index, in one number: the
// binary search compares numbers, not the events they name (with a
// comparison that looked the value up, the search was a sixth of the
// simulation's time).
func valueKey(val trace.Sym, i int) uint64 { return uint64(val)<<32 | uint64(uint32(i)) }
