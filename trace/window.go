package trace

// Window returns the trace made of events start[t] to end[t]-1 of every
// thread t, as if the events before start had already happened: variables
// start with the values in init (others as in t), a thread whose fork is
// before the window has no fork, and arrival positions are moved down by
// shift. Threads keep their IDs and names; event i of thread t in the
// window is event start[t]+i of t. The window shares t's symbols and is
// not re-validated: the caller picks start so that no thread is inside a
// lock hold (a release would have no acquire) nor right after a request
// of an rwmutex (the window would lose it, and with it the thread's wait),
// and keeps what it needs of the events after end.
func (t *Trace) Window(start, end []int, init map[Sym]Sym, shift uint32) *Trace {
	w := &Trace{
		Syms: t.Syms, Init: make(map[Sym]Sym, len(t.Init)+len(init)), Volatile: t.Volatile,
		Types: t.Types, Objects: t.Objects, TypeDecls: t.TypeDecls, LockKinds: t.LockKinds, Files: t.Files,
		args: t.args, threadByName: t.threadByName, sigs: t.sigs, zero: t.zero,
		// A window of a trace with channels counts as one (HasChannels),
		// so that the stages that do not model channels stay away from
		// it. Its queues start empty: a window that starts after a
		// channel operation is the caller's to avoid.
		ChanCaps: t.ChanCaps, chans: t.chans,
	}
	for v, val := range t.Init {
		w.Init[v] = val
	}
	for v, val := range init {
		w.Init[v] = val
	}
	for id, th := range t.Threads {
		s, e := start[id], end[id]
		nt := &Thread{ID: th.ID, Name: th.Name, File: th.File, Events: th.Events[s:e:e]}
		nt.Arrival = make([]uint32, e-s)
		for i := range nt.Arrival {
			nt.Arrival[i] = th.Arrival[s+i] - shift
		}
		// A fork cut off after the window leaves its child empty (the
		// caller's job), so only a fork inside the window is kept.
		if f := th.ForkedBy; th.HasFork && int(f.Index) >= start[f.Thread] && int(f.Index) < end[f.Thread] {
			nt.HasFork, nt.ForkedBy = true, EventRef{Thread: f.Thread, Index: f.Index - uint32(start[f.Thread])}
		}
		w.Threads = append(w.Threads, nt)
	}
	// hb facts: one whose source is in the past has been satisfied; one
	// whose source is after end has its target cut away (CloseEnds).
	for _, f := range t.hb {
		in := func(r EventRef) bool { return int(r.Index) >= start[r.Thread] && int(r.Index) < end[r.Thread] }
		if !in(f.To) || !in(f.From) {
			continue
		}
		if w.hbInto == nil {
			w.hbInto = map[EventRef][]EventRef{}
		}
		g := HBFact{
			From: EventRef{Thread: f.From.Thread, Index: f.From.Index - uint32(start[f.From.Thread])},
			To:   EventRef{Thread: f.To.Thread, Index: f.To.Index - uint32(start[f.To.Thread])},
		}
		w.hb = append(w.hb, g)
		w.hbInto[g.To] = append(w.hbInto[g.To], g.From)
	}
	return w
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
