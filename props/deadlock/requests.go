package deadlock

import "gpredict/trace"

// What a blocked thread holds, and what blocks it, are *resources* of
// locks (docs/semantics.md, Deadlocks): an exclusive hold (X), a shared
// hold (S), and — for an rwmutex — the wait of a thread that has
// requested it exclusively (W), which writer preference turns into
// something readers wait for. An exclusive acquire waits for X and S; a
// shared acquire waits for X, and for W of an rwmutex.

type mode uint8

const (
	modeX mode = iota // holds exclusively
	modeS             // holds shared
	modeW             // waits to acquire an rwmutex exclusively
)

type resource struct {
	lock trace.Sym
	mode mode
}

// conflicts reports whether two threads cannot hold a and b at once.
func (a resource) conflicts(b resource) bool {
	return a.lock == b.lock && (a.mode == modeX && b.mode != modeW || b.mode == modeX && a.mode != modeW)
}

// lockRequest is a point where a thread can block: an acquire or racquire
// it reaches (ref, its next event), or a request that ends its thread
// (pending: the request is performed, the acquire it announces never
// was — the recorded run ended while the thread waited).
type lockRequest struct {
	ref     trace.EventRef
	lock    trace.Sym
	shared  bool // it waits to take lock shared
	pending bool
	// held maps each resource the thread holds at the point to the event
	// that took it: the outermost acquire or racquire, or the request of
	// a W (re-entrant acquires ignored).
	held map[resource]trace.EventRef
}

// blockedBy lists the resources that keep r's thread from its acquire,
// whoever holds them.
func (r *lockRequest) blockedBy(tr *trace.Trace) []resource {
	if !r.shared {
		return []resource{{r.lock, modeX}, {r.lock, modeS}}
	}
	if tr.Kind(r.lock).WriterPreference() {
		return []resource{{r.lock, modeX}, {r.lock, modeW}}
	}
	return []resource{{r.lock, modeX}}
}

// self returns the resource of its own that blocks r's thread for ever,
// if any: a non-re-entrant lock it holds exclusively, or a lock it holds
// shared and wants exclusively (no lock is upgraded). A trace shows such
// a block only as a pending request (the reader rejects a completed one).
func (r *lockRequest) self(tr *trace.Trace) (resource, bool) {
	x := resource{r.lock, modeX}
	if _, ok := r.held[x]; ok && !tr.Kind(r.lock).Reentrant() {
		return x, true
	}
	s := resource{r.lock, modeS}
	if _, ok := r.held[s]; ok && !r.shared {
		return s, true
	}
	return resource{}, false
}

// holdState follows what one thread holds along its events; it is
// thread-local (only the thread's own acquires, releases and waits
// change it). A wait releases its lock and takes it back within the same
// event, so it leaves the state unchanged.
type holdState struct {
	xdepth, sdepth, inner map[trace.Sym]int
	at                    map[resource]trace.EventRef
}

func newHoldState() *holdState {
	return &holdState{xdepth: map[trace.Sym]int{}, sdepth: map[trace.Sym]int{}, inner: map[trace.Sym]int{}, at: map[resource]trace.EventRef{}}
}

// step applies event ev at ref.
func (h *holdState) step(ref trace.EventRef, ev *trace.Event) {
	l := ev.Obj
	switch ev.Op {
	case trace.OpAcquire:
		if h.xdepth[l]++; h.xdepth[l] == 1 {
			h.at[resource{l, modeX}] = ref
		}
	case trace.OpRelease:
		if h.xdepth[l]--; h.xdepth[l] <= 0 {
			delete(h.xdepth, l)
			delete(h.at, resource{l, modeX})
		}
	case trace.OpRAcquire:
		if h.xdepth[l] > 0 {
			h.inner[l]++
		} else if h.sdepth[l]++; h.sdepth[l] == 1 {
			h.at[resource{l, modeS}] = ref
		}
	case trace.OpRRelease:
		if h.inner[l] > 0 {
			h.inner[l]--
		} else if h.sdepth[l]--; h.sdepth[l] <= 0 {
			delete(h.sdepth, l)
			delete(h.at, resource{l, modeS})
		}
	}
}

// snapshot copies what the thread holds, plus the W of a request just
// performed (at wref) when it is an exclusive request of an rwmutex.
func (h *holdState) snapshot(tr *trace.Trace, req *trace.Event, wref trace.EventRef) map[resource]trace.EventRef {
	out := make(map[resource]trace.EventRef, len(h.at)+1)
	for r, at := range h.at {
		out[r] = at
	}
	if req != nil && req.Op == trace.OpRequest && tr.Kind(req.Obj).WriterPreference() {
		out[resource{req.Obj, modeW}] = wref
	}
	return out
}

// lockRequests scans each thread once and returns its points where it can
// block and that can take part in a deadlock: those where it holds
// something (a cycle needs it), those that are pending requests (it may
// block itself), and those for a lock in endLocks (an ended thread holds
// it for ever). A point is every acquire that is not re-entrant, every
// racquire outside the thread's own exclusive hold that takes the lock
// first or may wait behind a writer (a nested one of an rwmutex), and a
// request that ends its thread.
func lockRequests(tr *trace.Trace, endLocks map[trace.Sym]bool) [][]lockRequest {
	out := make([][]lockRequest, len(tr.Threads))
	for t, th := range tr.Threads {
		h := newHoldState()
		for i := range th.Events {
			ev := &th.Events[i]
			ref := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)}
			var point *lockRequest
			switch ev.Op {
			case trace.OpAcquire:
				if h.xdepth[ev.Obj] == 0 {
					point = &lockRequest{ref: ref, lock: ev.Obj}
				}
			case trace.OpRAcquire:
				if h.xdepth[ev.Obj] == 0 && (h.sdepth[ev.Obj] == 0 || tr.Kind(ev.Obj).WriterPreference()) {
					point = &lockRequest{ref: ref, lock: ev.Obj, shared: true}
				}
			case trace.OpRequest, trace.OpRRequest:
				if i == len(th.Events)-1 {
					point = &lockRequest{ref: ref, lock: ev.Obj, shared: ev.Op == trace.OpRRequest, pending: true}
				}
			}
			if point != nil {
				var req *trace.Event
				wref := ref
				if point.pending {
					req = ev
				} else if i > 0 && th.Events[i-1].Op == trace.OpRequest {
					req, wref = &th.Events[i-1], trace.EventRef{Thread: ref.Thread, Index: ref.Index - 1}
				}
				if len(h.at) > 0 || point.pending || endLocks[ev.Obj] || req != nil && tr.Kind(req.Obj).WriterPreference() {
					point.held = h.snapshot(tr, req, wref)
					out[t] = append(out[t], *point)
				}
			}
			h.step(ref, ev)
		}
	}
	return out
}

// endHolder is a thread that has ended (its last event is `end`) holding
// locks: it holds them for ever.
type endHolder struct {
	thread trace.ThreadID
	end    trace.EventRef
	held   map[resource]trace.EventRef
}

// endHolders lists the threads that end holding a lock, and the locks.
func endHolders(tr *trace.Trace) ([]endHolder, map[trace.Sym]bool) {
	var out []endHolder
	locks := map[trace.Sym]bool{}
	for t, th := range tr.Threads {
		n := len(th.Events)
		if n == 0 || th.Events[n-1].Op != trace.OpEnd {
			continue
		}
		h := newHoldState()
		for i := range th.Events {
			h.step(trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)}, &th.Events[i])
		}
		if len(h.at) == 0 {
			continue
		}
		out = append(out, endHolder{thread: trace.ThreadID(t), end: trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(n - 1)}, held: h.at})
		for r := range h.at {
			locks[r.lock] = true
		}
	}
	return out, locks
}
