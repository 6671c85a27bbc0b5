package trace

import (
	"cmp"
	"slices"
)

// Window returns the trace made of events start[t] to end[t]-1 of every
// thread t, as if the events before start had already happened: variables
// start with the values in init (others as in t), a thread whose fork is
// before the window has no fork, and arrival positions are moved down by
// shift. Threads keep their IDs and names; event i of thread t in the
// window is event start[t]+i of t. The window shares t's symbols and is
// not re-validated: the caller picks start so that no thread is inside a
// lock hold (a release would have no acquire; WindowHolding takes such
// starts) nor right after a request
// of an rwmutex (the window would lose it, and with it the thread's wait),
// and keeps what it needs of the events after end.
func (t *Trace) Window(start, end []int, init map[Sym]Sym, shift uint32) *Trace {
	return t.WindowHolding(start, end, init, shift, nil)
}

// WindowHolding is Window for a start inside exclusive lock holds:
// held[t] lists, in thread order, the acquires of thread t before start[t]
// whose holds are still open there. The window's thread t begins with
// copies of them (its event i is then event start[t]+i-len(held[t]) of
// t), so that its releases have their acquires and no other thread takes
// the locks first; an hb fact puts the last copy before the first event
// of every other thread's own part, since the holds began in the past.
// The copies take the first arrival positions, in the order they were
// recorded; shift must leave room for them below the others.
func (t *Trace) WindowHolding(start, end []int, init map[Sym]Sym, shift uint32, held [][]uint32) *Trace {
	w := &Trace{
		Syms: t.Syms, Init: make(map[Sym]Sym, len(t.Init)+len(init)), Volatile: t.Volatile,
		Types: t.Types, Objects: t.Objects, TypeDecls: t.TypeDecls, LockKinds: t.LockKinds, Files: t.Files,
		args: t.args, threadByName: t.threadByName, sigs: t.sigs, zero: t.zero,
		// A window of a trace with channels counts as one (HasChannels),
		// so that the stages that do not model channels stay away from
		// it. Its queues start empty: a window that starts after a
		// channel operation is the caller's to avoid.
		ChanCaps: t.ChanCaps, Selects: t.Selects, chans: t.chans,
	}
	for v, val := range t.Init {
		w.Init[v] = val
	}
	for v, val := range init {
		w.Init[v] = val
	}
	pre := make([]int, len(t.Threads))
	for id := range held {
		pre[id] = len(held[id])
	}
	copyArrival := heldArrivals(t, held)
	for id, th := range t.Threads {
		s, e := start[id], end[id]
		nt := &Thread{ID: th.ID, Name: th.Name, File: th.File, Events: th.Events[s:e:e]}
		if pre[id] > 0 {
			nt.Events = make([]Event, 0, pre[id]+e-s)
			for _, a := range held[id] {
				nt.Events = append(nt.Events, th.Events[a])
			}
			nt.Events = append(nt.Events, th.Events[s:e]...)
		}
		nt.Arrival = make([]uint32, pre[id]+e-s)
		for i := range pre[id] {
			nt.Arrival[i] = copyArrival[EventRef{Thread: th.ID, Index: held[id][i]}]
		}
		for i := range e - s {
			nt.Arrival[pre[id]+i] = th.Arrival[s+i] - shift
		}
		// A fork cut off after the window leaves its child empty (the
		// caller's job), so only a fork inside the window is kept.
		if f := th.ForkedBy; th.HasFork && int(f.Index) >= start[f.Thread] && int(f.Index) < end[f.Thread] {
			nt.HasFork, nt.ForkedBy = true, EventRef{Thread: f.Thread, Index: f.Index - uint32(start[f.Thread]-pre[f.Thread])}
		}
		w.Threads = append(w.Threads, nt)
	}
	addHB := func(g HBFact) {
		if w.hbInto == nil {
			w.hbInto = map[EventRef][]EventRef{}
		}
		w.hb = append(w.hb, g)
		w.hbInto[g.To] = append(w.hbInto[g.To], g.From)
	}
	// hb facts: one whose source is in the past has been satisfied; one
	// whose source is after end has its target cut away (CloseEnds).
	for _, f := range t.hb {
		in := func(r EventRef) bool { return int(r.Index) >= start[r.Thread] && int(r.Index) < end[r.Thread] }
		if !in(f.To) || !in(f.From) {
			continue
		}
		addHB(HBFact{
			From: EventRef{Thread: f.From.Thread, Index: f.From.Index - uint32(start[f.From.Thread]-pre[f.From.Thread])},
			To:   EventRef{Thread: f.To.Thread, Index: f.To.Index - uint32(start[f.To.Thread]-pre[f.To.Thread])},
		})
	}
	for id := range pre {
		if pre[id] == 0 {
			continue
		}
		last := EventRef{Thread: ThreadID(id), Index: uint32(pre[id] - 1)}
		for u := range t.Threads {
			if u != id && end[u] > start[u] {
				addHB(HBFact{From: last, To: EventRef{Thread: ThreadID(u), Index: uint32(pre[u])}})
			}
		}
	}
	return w
}

// heldArrivals numbers the copies of held acquires (WindowHolding) from
// 0, in the order they were recorded.
func heldArrivals(t *Trace, held [][]uint32) map[EventRef]uint32 {
	var refs []EventRef
	for id, as := range held {
		for _, a := range as {
			refs = append(refs, EventRef{Thread: ThreadID(id), Index: a})
		}
	}
	if len(refs) == 0 {
		return nil
	}
	arrival := func(r EventRef) uint32 { return t.Threads[r.Thread].Arrival[r.Index] }
	slices.SortFunc(refs, func(a, b EventRef) int { return cmp.Compare(arrival(a), arrival(b)) })
	out := make(map[EventRef]uint32, len(refs))
	for i, r := range refs {
		out[r] = uint32(i)
	}
	return out
}

// CloseEnds lowers end (see Window) until the window is closed: a thread
// that joins a thread the window cuts short stops before the join (the
// join needs the events cut away), a thread whose fork is cut away keeps
// no events, and a thread stops before an event whose hb source is cut
// away.
func (t *Trace) CloseEnds(start, end []int) {
	for changed := true; changed; {
		changed = false
		for id, th := range t.Threads {
			if th.HasFork && int(th.ForkedBy.Index) >= end[th.ForkedBy.Thread] && end[id] > start[id] {
				end[id], changed = start[id], true
			}
			for i := start[id]; i < end[id]; i++ {
				if t.hbCutAway(EventRef{ThreadID(id), uint32(i)}, end) {
					end[id], changed = i, true
					break
				}
				if ev := &th.Events[i]; ev.Op == OpJoin {
					if child, ok := t.ThreadByName(t.Str(ev.Obj)); ok && end[child] < len(t.Threads[child].Events) {
						end[id], changed = i, true
						break
					}
				}
			}
		}
	}
}

// hbCutAway reports whether some hb source of r is at or after end.
func (t *Trace) hbCutAway(r EventRef, end []int) bool {
	for _, src := range t.hbInto[r] {
		if int(src.Index) >= end[src.Thread] {
			return true
		}
	}
	return false
}
