package encode

import "gpredict/trace"

// Shared (read) holds (docs/trace-format.md, "Shared locks"). A shared
// hold runs from an outermost racquire — one made while the thread holds
// the lock neither shared nor exclusively — to the rrelease that brings
// the thread's shared depth back to zero. A racquire inside the thread's
// own exclusive hold is re-entrant and starts nothing. Shared holds take
// part in rule 3 like exclusive ones except that two shared holds of one
// lock never exclude each other (lock.go skips such pairs).

// computeSharedHolds marks the shared holds in the index's hold tables
// (startsHold, holdEnd, holdReach) and in sharedHold. It runs after
// computeHolds, which fills the exclusive ones; the events that start a
// shared hold (racquires) start no exclusive one, so the tables merge.
func (x *Index) computeSharedHolds() {
	tr := x.Trace
	for t, th := range tr.Threads {
		excl := map[trace.Sym]int{}   // exclusive depth
		shared := map[trace.Sym]int{} // shared depth outside an exclusive hold
		inner := map[trace.Sym]int{}  // shared acquires inside an exclusive hold
		open := map[trace.Sym]int{}
		var openAt []int32 // sharedOpen[t], made at the first shared hold
		for i := range th.Events {
			ev := &th.Events[i]
			switch ev.Op {
			case trace.OpAcquire:
				excl[ev.Obj]++
			case trace.OpRelease:
				excl[ev.Obj]--
			case trace.OpRAcquire:
				switch {
				case excl[ev.Obj] > 0:
					inner[ev.Obj]++
				case shared[ev.Obj] == 0:
					x.markShared(t, i)
					open[ev.Obj] = i
					shared[ev.Obj] = 1
				default:
					shared[ev.Obj]++
				}
			case trace.OpRRelease:
				if inner[ev.Obj] > 0 {
					inner[ev.Obj]--
				} else if shared[ev.Obj]--; shared[ev.Obj] == 0 {
					x.holdEnd[t][open[ev.Obj]] = int32(i)
					delete(open, ev.Obj)
				}
			}
			if len(open) > 0 && openAt == nil {
				openAt = make([]int32, len(th.Events))
				for k := range i {
					openAt[k] = -1
				}
			}
			if openAt != nil {
				openAt[i] = -1
				for _, start := range open {
					if openAt[i] < 0 || int32(start) < openAt[i] {
						openAt[i] = int32(start)
					}
				}
			}
		}
		if openAt != nil {
			if x.sharedOpen == nil {
				x.sharedOpen = make([][]int32, len(tr.Threads))
			}
			x.sharedOpen[t] = openAt
		}
		if x.sharedHold != nil && x.sharedHold[t] != nil {
			r := int32(-1)
			for i := range x.holdReach[t] {
				if x.startsHold[t][i] {
					r = max(r, x.holdEnd[t][i])
				}
				x.holdReach[t][i] = r
			}
		}
	}
}

// OpenSharedAfter is the earliest start of a shared hold of thread t open
// right after its event i (one that began at or before i and ends after
// it, or never), -1 if none; OpenAfter lists the exclusive ones.
func (x *Index) OpenSharedAfter(t trace.ThreadID, i int) int {
	if i < 0 || x.sharedOpen == nil || x.sharedOpen[t] == nil {
		return -1
	}
	return int(x.sharedOpen[t][i])
}

// markShared records that event i of thread t starts a shared hold.
func (x *Index) markShared(t, i int) {
	if x.sharedHold == nil {
		x.sharedHold = make([][]bool, len(x.Trace.Threads))
	}
	if x.sharedHold[t] == nil {
		x.sharedHold[t] = make([]bool, len(x.Trace.Threads[t].Events))
	}
	x.sharedHold[t][i] = true
	x.startsHold[t][i] = true
}

// isShared reports whether the hold starting at r is a shared one.
func (x *Index) isShared(r trace.EventRef) bool {
	return x.sharedHold != nil && x.sharedHold[r.Thread] != nil && x.sharedHold[r.Thread][r.Index]
}

// readers follows the shared holds and hb facts along a base order for
// Windows: which threads hold each lock shared (a cut is placed only where
// no lock is held, shared or not), and whether the next event can run.
type readers struct {
	depth []map[trace.Sym]int // per thread: shared depth outside its exclusive hold
	inner []map[trace.Sym]int // per thread: shared acquires inside its exclusive hold
	count map[trace.Sym]int   // lock → threads holding it shared
	held  int                 // (thread, lock) shared holds open
}

func newReaders(n int) *readers {
	r := &readers{depth: make([]map[trace.Sym]int, n), inner: make([]map[trace.Sym]int, n), count: map[trace.Sym]int{}}
	for t := range r.depth {
		r.depth[t], r.inner[t] = map[trace.Sym]int{}, map[trace.Sym]int{}
	}
	return r
}

// canExecute reports whether event ref can happen next given the shared
// holds and the hb facts: an exclusive acquire (or a wait's reacquire)
// needs no other thread holding the lock shared, a shared acquire needs no
// other thread holding it exclusively, and every hb source must have come
// earlier in the base order.
func (r *readers) canExecute(tr *trace.Trace, ref trace.EventRef, ev *trace.Event, owner map[trace.Sym]trace.ThreadID) bool {
	at := tr.Threads[ref.Thread].Arrival[ref.Index]
	for _, src := range tr.HBSources(ref) {
		if tr.Threads[src.Thread].Arrival[src.Index] > at {
			return false
		}
	}
	switch ev.Op {
	case trace.OpAcquire:
		return r.count[ev.Obj] == 0 // the reader forbids upgrading one's own shared hold
	case trace.OpRAcquire:
		o, busy := owner[ev.Obj]
		return !busy || o == ref.Thread
	}
	return true
}

// step applies event ref (already checked by canExecute).
func (r *readers) step(ref trace.EventRef, ev *trace.Event, owner map[trace.Sym]trace.ThreadID) {
	t := ref.Thread
	switch ev.Op {
	case trace.OpRAcquire:
		if o, busy := owner[ev.Obj]; busy && o == t {
			r.inner[t][ev.Obj]++
		} else if r.depth[t][ev.Obj]++; r.depth[t][ev.Obj] == 1 {
			r.count[ev.Obj]++
			r.held++
		}
	case trace.OpRRelease:
		if r.inner[t][ev.Obj] > 0 {
			r.inner[t][ev.Obj]--
		} else if r.depth[t][ev.Obj]--; r.depth[t][ev.Obj] == 0 {
			r.count[ev.Obj]--
			r.held--
		}
	}
}
