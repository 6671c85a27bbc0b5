package encode

import (
	"slices"
	"sort"

	"gpredict/trace"
)

// Lock holds. A hold is an outermost lock region of one thread: from the
// acquire that takes the lock at depth 0 (or the wait whose reacquire part
// takes it back) to the release that brings the depth back to 0 (or a
// wait on the lock, whose release part gives it away). Re-entrant pairs
// inside are not holds (docs/semantics.md rule 3 ignores them).

// computeHolds finds the outermost lock holds of every thread, the holds
// of each lock per thread, and the holds open after each event.
func (x *Index) computeHolds() {
	tr := x.Trace
	x.holdEnd = make([][]int32, len(tr.Threads))
	x.startsHold = make([][]bool, len(tr.Threads))
	x.holdReach = make([][]int32, len(tr.Threads))
	x.openAfter = make([][]int32, len(tr.Threads))
	x.holdsOf = map[trace.Sym][]ThreadHolds{}
	x.openSets = [][]uint32{nil}
	index := map[string]int32{"": 0}
	for t, th := range tr.Threads {
		ends := make([]int32, len(th.Events))
		starts := make([]bool, len(th.Events))
		openAfter := make([]int32, len(th.Events))
		depth := map[trace.Sym]int{}
		open := map[trace.Sym]int{} // lock → index of the event starting the open hold
		var cur []uint32            // starts of the open holds, increasing
		set := int32(0)
		begin := func(l trace.Sym, i int) {
			starts[i], open[l] = true, i
			// Threads in order, so each lock's list is sorted by thread.
			per := x.holdsOf[l]
			if len(per) == 0 || per[len(per)-1].Thread != th.ID {
				per = append(per, ThreadHolds{Thread: th.ID})
			}
			per[len(per)-1].Starts = append(per[len(per)-1].Starts, uint32(i))
			x.holdsOf[l] = per
			cur = append(cur, uint32(i))
		}
		finish := func(l trace.Sym, i int) {
			s := open[l]
			ends[s] = int32(i)
			delete(open, l)
			if k := slices.Index(cur, uint32(s)); k >= 0 {
				cur = slices.Delete(cur, k, k+1)
			}
		}
		for i := range th.Events {
			ends[i] = -1
			ev := &th.Events[i]
			changed := true
			switch ev.Op {
			case trace.OpAcquire:
				if depth[ev.Obj] == 0 {
					begin(ev.Obj, i)
				} else {
					changed = false
				}
				depth[ev.Obj]++
			case trace.OpRelease:
				depth[ev.Obj]--
				if depth[ev.Obj] == 0 {
					finish(ev.Obj, i)
				} else {
					changed = false
				}
			case trace.OpWait:
				if _, ok := open[ev.Obj]; ok {
					finish(ev.Obj, i)
				}
				begin(ev.Obj, i)
			default:
				changed = false
			}
			if changed {
				set = internHolds(index, &x.openSets, cur)
			}
			openAfter[i] = set
		}
		x.holdEnd[t], x.startsHold[t], x.openAfter[t] = ends, starts, openAfter
		reach, r := make([]int32, len(th.Events)), int32(-1)
		for i := range reach {
			if starts[i] {
				r = max(r, ends[i])
			}
			reach[i] = r
		}
		x.holdReach[t] = reach
	}
}

// internHolds returns the id of the set of hold starts s, adding it to
// sets when new.
func internHolds(index map[string]int32, sets *[][]uint32, s []uint32) int32 {
	b := make([]byte, 0, 4*len(s))
	for _, v := range s {
		b = append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
	}
	if id, ok := index[string(b)]; ok {
		return id
	}
	id := int32(len(*sets))
	*sets = append(*sets, slices.Clone(s))
	index[string(b)] = id
	return id
}

// OpenAfter lists the starts of thread t's holds that are open right after
// its event i: the holds that started at or before i and end after it (or
// never). The slice must not be modified.
func (x *Index) OpenAfter(t trace.ThreadID, i int) []uint32 {
	if i < 0 {
		return nil
	}
	return x.openSets[x.openAfter[t][i]]
}

// HoldEnd is the index of the event ending the hold of thread t that
// starts at event start (a release, or a wait giving the lock away), or
// -1 if the hold never ends in the trace.
func (x *Index) HoldEnd(t trace.ThreadID, start uint32) int {
	return int(x.holdEnd[t][start])
}

// HoldStarts lists, for lock l, the starts of thread u's holds of it in
// increasing order. The slice must not be modified.
func (x *Index) HoldStarts(l trace.Sym, u trace.ThreadID) []uint32 {
	per := x.holdsOf[l]
	k := sort.Search(len(per), func(k int) bool { return per[k].Thread >= u })
	if k < len(per) && per[k].Thread == u {
		return per[k].Starts
	}
	return nil
}

// Holders lists, for lock l, the starts of the holds of each thread that
// holds it, by thread. The slice must not be modified.
func (x *Index) Holders(l trace.Sym) []ThreadHolds { return x.holdsOf[l] }

// ThreadHolds are the starts of one thread's holds of one lock, in
// increasing order. A lock's list has an entry per thread that holds it,
// not one per thread of the trace: a recording has many locks (one per
// object with a mutex), each taken by a few goroutines.
type ThreadHolds struct {
	Thread trace.ThreadID
	Starts []uint32
}
