package deadlock

import "gpredict/trace"

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
