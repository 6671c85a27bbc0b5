package predict

import (
	"sort"

	"gpredict/trace"
)

// adjacent calls yield, in order, with the events of refs (sorted by
// thread, then index) that the clocks allow to form a two-event `||` block
// with a, until yield returns false. The others are exactly those the
// pre-filter's first rule would drop (prefilter.separated with the clocks
// alone): for b in another thread u, a must happen before b's predecessor
// once b is past the first event of u that a must happen before (F), and
// b must happen before a's predecessor while b is below that
// predecessor's clock entry for u (L). So in u only events L..F can pair
// with a; in a's own thread, only its neighbours. On a trace where most
// pairs are ordered this enumerates the concurrent pairs only, instead of
// every pair of accesses to one variable.
func (ap *altPlan) adjacent(a trace.EventRef, refs []trace.EventRef, yield func(trace.EventRef) bool) bool {
	x := ap.idx
	for lo := 0; lo < len(refs); {
		u := refs[lo].Thread
		hi := lo + sort.Search(len(refs)-lo, func(k int) bool { return refs[lo+k].Thread != u })
		var first, last int // the window of indices in u
		if u == a.Thread {
			first, last = int(a.Index)-1, int(a.Index)+1
		} else {
			if a.Index > 0 {
				first = int(x.ClockAt(trace.EventRef{Thread: a.Thread, Index: a.Index - 1}, u))
			}
			n := len(x.Trace.Threads[u].Events)
			last = sort.Search(n, func(j int) bool {
				return x.ClockAt(trace.EventRef{Thread: u, Index: uint32(j)}, a.Thread) > a.Index
			})
		}
		from := lo + sort.Search(hi-lo, func(k int) bool { return int(refs[lo+k].Index) >= first })
		for k := from; k < hi && int(refs[k].Index) <= last; k++ {
			if !yield(refs[k]) {
				return false
			}
		}
		lo = hi
	}
	return true
}
