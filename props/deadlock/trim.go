package deadlock

import (
	"gpredict/predict/replay"
	"gpredict/trace"
)

// trim returns the steps of sched that a witness for c needs. sched is a
// feasible schedule without waits in which every read returns its
// recorded value and each thread of c stops at its point (a greedy
// replay runs every other thread as far as it can, most of it needlessly).
// Kept are: each thread of c up to its point (an ended holder whole);
// the fork of every thread with a kept step; all of every thread a kept
// join joins; the write each kept read reads in sched; and, when a
// thread's kept steps end inside a hold of a lock that another thread's
// kept step takes later in sched in a way the hold excludes (an
// exclusive hold excludes every acquire, a shared one exclusive
// acquires), the first thread up to the end of that hold. The result is
// feasible: every thread keeps a prefix, each kept read sees the same
// write as in sched (no write to its variable lies between them there),
// and a lock is free enough at each kept acquire of it, as in sched. A
// request of an rwmutex is kept only where its thread is a waiting
// thread of c (greedy takes others together with their acquire), so no
// kept racquire follows one that sched had not. The checks judge the
// result anyway.
func trim(tr *trace.Trace, c candidate, sched []replay.Step) []replay.Step {
	n := len(tr.Threads)
	pos := make([][]int, n) // pos[t][i]: where event i of thread t is in sched
	source := map[trace.EventRef]trace.EventRef{}
	lastWrite := map[trace.Sym]trace.EventRef{}
	type acquire struct {
		ref    trace.EventRef
		pos    int
		shared bool
	}
	acquires := map[trace.Sym][]acquire{}
	for p, s := range sched {
		t := s.Ref.Thread
		pos[t] = append(pos[t], p)
		switch ev := tr.Event(s.Ref); ev.Op {
		case trace.OpWrite:
			lastWrite[ev.Obj] = s.Ref
		case trace.OpRead:
			if w, ok := lastWrite[ev.Obj]; ok {
				source[s.Ref] = w
			}
		case trace.OpAcquire, trace.OpRAcquire:
			acquires[ev.Obj] = append(acquires[ev.Obj], acquire{s.Ref, p, ev.Op == trace.OpRAcquire})
		}
	}
	need := make([]uint32, n)
	for t, k := range c.stop(tr) {
		if k > 0 {
			need[t] = uint32(k)
		}
	}
	done := make([]uint32, n) // events whose own needs are added
	changed := true
	raise := func(t trace.ThreadID, k uint32) {
		if k > need[t] {
			need[t], changed = k, true
		}
	}
	for changed {
		changed = false
		for ti, th := range tr.Threads {
			t := trace.ThreadID(ti)
			for ; done[t] < need[t]; done[t]++ {
				ref := trace.EventRef{Thread: t, Index: done[t]}
				if ref.Index == 0 && th.HasFork {
					raise(th.ForkedBy.Thread, th.ForkedBy.Index+1)
				}
				for _, src := range tr.HBSources(ref) {
					raise(src.Thread, src.Index+1)
				}
				switch ev := tr.Event(ref); ev.Op {
				case trace.OpJoin:
					if u, ok := tr.ThreadByName(tr.Str(ev.Obj)); ok {
						raise(u, uint32(len(pos[u])))
					}
				case trace.OpRead:
					if w, ok := source[ref]; ok {
						raise(w.Thread, w.Index+1)
					}
				}
			}
		}
		for ti, th := range tr.Threads {
			t := trace.ThreadID(ti)
			if need[t] == 0 {
				continue
			}
			end := pos[t][need[t]-1]
			for res, release := range openHolds(th.Events, need[t]) {
				if int(release) >= len(pos[t]) {
					continue // held to the end of sched: nobody takes it later
				}
				for _, a := range acquires[res.lock] {
					if a.ref.Thread != t && a.ref.Index < need[a.ref.Thread] && a.pos > end && (res.mode == modeX || !a.shared) {
						raise(t, release+1)
						break
					}
				}
			}
		}
	}
	out := make([]replay.Step, 0, len(sched))
	for _, s := range sched {
		if s.Ref.Index < need[s.Ref.Thread] {
			out = append(out, s)
		}
	}
	return out
}

// openHolds maps each hold (exclusive or shared) open after the first k
// events of evs to the index of the event that ends it (len(evs) if none
// does).
func openHolds(evs []trace.Event, k uint32) map[resource]uint32 {
	prefix := func() *holdState {
		h := newHoldState()
		for i := range evs[:k] {
			h.step(trace.EventRef{Index: uint32(i)}, &evs[i])
		}
		return h
	}
	out := map[resource]uint32{}
	for res := range prefix().at {
		out[res] = uint32(len(evs))
		h := prefix()
		for i := int(k); i < len(evs); i++ {
			h.step(trace.EventRef{Index: uint32(i)}, &evs[i])
			if _, open := h.at[res]; !open {
				out[res] = uint32(i)
				break
			}
		}
	}
	return out
}
