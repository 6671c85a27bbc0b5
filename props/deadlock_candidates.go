package props

import (
	"sort"

	"gpredict/trace"
)

// lockRequest is an acquire that a thread performs while it already holds
// other locks: the point where it can block while keeping them.
type lockRequest struct {
	ref  trace.EventRef
	lock trace.Sym
	// held maps each lock the thread holds just before ref to the acquire
	// that took it (the outermost one, re-entrant acquires ignored).
	held map[trace.Sym]trace.EventRef
}

// lockRequests scans each thread once with its own lock state (which is
// thread-local: only the thread's own acquires, releases and waits change
// what it holds) and returns the non-re-entrant acquires made while
// holding another lock. A wait releases its lock and takes it back within
// the same event, so it leaves the state unchanged.
func lockRequests(tr *trace.Trace) [][]lockRequest {
	out := make([][]lockRequest, len(tr.Threads))
	for t, th := range tr.Threads {
		depth := map[trace.Sym]int{}
		holder := map[trace.Sym]trace.EventRef{}
		for i := range th.Events {
			ev := &th.Events[i]
			ref := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)}
			switch ev.Op {
			case trace.OpAcquire:
				if depth[ev.Obj] > 0 {
					depth[ev.Obj]++
					continue
				}
				if len(holder) > 0 {
					held := make(map[trace.Sym]trace.EventRef, len(holder))
					for l, r := range holder {
						held[l] = r
					}
					out[t] = append(out[t], lockRequest{ref: ref, lock: ev.Obj, held: held})
				}
				depth[ev.Obj] = 1
				holder[ev.Obj] = ref
			case trace.OpRelease:
				if depth[ev.Obj]--; depth[ev.Obj] <= 0 {
					delete(depth, ev.Obj)
					delete(holder, ev.Obj)
				}
			}
		}
	}
	return out
}

// deadlockCandidate is a cycle of two threads, each requesting a lock the
// other holds: a is the request of the thread with the smaller id.
type deadlockCandidate struct {
	a, b lockRequest
}

// deadlockCandidates pairs the requests of different threads that form a
// cycle: a requests a lock b holds and b requests a lock a holds. Whether
// both can be blocked at once is for the solver; this is only the static
// shape. Candidates come in id order.
func deadlockCandidates(tr *trace.Trace) []deadlockCandidate {
	reqs := lockRequests(tr)
	var out []deadlockCandidate
	for ta := range reqs {
		for tb := ta + 1; tb < len(reqs); tb++ {
			for _, ra := range reqs[ta] {
				for _, rb := range reqs[tb] {
					_, aNeedsB := rb.held[ra.lock]
					_, bNeedsA := ra.held[rb.lock]
					if aNeedsB && bNeedsA {
						out = append(out, deadlockCandidate{a: ra, b: rb})
					}
				}
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].a.ref != out[j].a.ref {
			return out[i].a.ref.Less(out[j].a.ref)
		}
		return out[i].b.ref.Less(out[j].b.ref)
	})
	return out
}
