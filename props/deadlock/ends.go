package deadlock

import (
	"maps"

	"gpredict/trace"
)

// The Blocked built-in's candidates are *ends* (docs/semantics.md,
// Blocked ends): where each thread stops when a run ends with some
// threads waiting for ever. What each thread holds, how many sends,
// receives and closes of each channel it has performed, whether its
// joins and hb facts are satisfied — all of that depends only on how far
// each thread got, so the ends are found statically, by choosing a stop
// for every thread and keeping the choices whose final state leaves each
// stopped thread unable to move; whether a schedule reaches that state is
// then the engine's question (blocked.go).

// stopKind is how a thread stops at an end.
type stopKind uint8

const (
	stopFinished stopKind = iota // performed all its events
	stopAbsent                   // never started: its fork is not performed
	stopAt                       // waits before its event at (performed: at events)
	stopInSend                   // took the send at, which never completes
	stopInWait                   // released the lock in the wait at, and nobody notifies
	stopPending                  // performed all its events, the last a request whose lock it never gets, a recvwait or a latchwait
)

// threadStop is one way a thread can stop: performed is how many of its
// events a witness performs whole (the send or wait at is then taken
// after them, last); held is what it holds then.
type threadStop struct {
	kind      stopKind
	at        uint32
	performed uint32
	held      map[resource]trace.EventRef
	// chans counts its channel operations among the performed events.
	chans map[trace.Sym]chanCount
}

// chanCount counts operations of one channel.
type chanCount struct{ sends, recvs, recvClosed, closes int }

func (a chanCount) plus(b chanCount) chanCount {
	return chanCount{a.sends + b.sends, a.recvs + b.recvs, a.recvClosed + b.recvClosed, a.closes + b.closes}
}

func (a chanCount) neg() chanCount { return chanCount{-a.sends, -a.recvs, -a.recvClosed, -a.closes} }

// stopsOf lists every way thread t can stop: finished (or pending, when
// its last event is a request), absent when something forks it, and
// before each event that can wait — an acquire, a racquire, a receive, a
// join, an event with hb facts into it — or inside each send and wait.
func stopsOf(tr *trace.Trace, t trace.ThreadID) []threadStop {
	th := tr.Threads[t]
	evs := th.Events
	var out []threadStop
	h := newHoldState()
	counts := map[trace.Sym]chanCount{}
	// The stops between two channel operations share one copy of the
	// counts (a stop's chans is only read): a copy per stop cost 2 GB on
	// a recording of 5.8 million events whose goroutines lock often and
	// each know many channels (ristretto's tests).
	var shared map[trace.Sym]chanCount
	snap := func(kind stopKind, at, performed int, held map[resource]trace.EventRef) threadStop {
		if shared == nil {
			shared = maps.Clone(counts)
		}
		return threadStop{kind: kind, at: uint32(at), performed: uint32(performed), held: held, chans: shared}
	}
	if th.HasFork && len(evs) > 0 {
		out = append(out, threadStop{kind: stopAbsent, held: map[resource]trace.EventRef{}, chans: map[trace.Sym]chanCount{}})
	}
	for i := range evs {
		ev := &evs[i]
		ref := trace.EventRef{Thread: t, Index: uint32(i)}
		var req *trace.Event
		if i > 0 && evs[i-1].Op == trace.OpRequest && ev.Op == trace.OpAcquire {
			req = &evs[i-1]
		}
		if ev.Op == trace.OpAcquire || ev.Op == trace.OpRAcquire || ev.Op.IsRecv() || ev.Op == trace.OpJoin || len(tr.HBSources(ref)) > 0 {
			out = append(out, snap(stopAt, i, i, h.snapshot(tr, req, trace.EventRef{Thread: t, Index: uint32(max(i-1, 0))})))
		}
		switch ev.Op {
		case trace.OpSend:
			out = append(out, snap(stopInSend, i, i, h.snapshot(tr, nil, ref)))
		case trace.OpWait:
			held := h.snapshot(tr, nil, ref)
			delete(held, resource{ev.Obj, modeX}) // released in the wait
			out = append(out, snap(stopInWait, i, i, held))
		}
		h.step(ref, ev)
		if ev.Op.IsChan() {
			c := counts[ev.Obj]
			switch ev.Op {
			case trace.OpSend:
				c.sends++
			case trace.OpRecv:
				c.recvs++
			case trace.OpRecvClosed:
				c.recvClosed++
			case trace.OpClose:
				c.closes++
			}
			counts[ev.Obj] = c
			shared = nil
		}
	}
	n := len(evs)
	switch {
	case n > 0 && evs[n-1].Op.IsRequest():
		out = append(out, snap(stopPending, n-1, n, h.snapshot(tr, &evs[n-1], trace.EventRef{Thread: t, Index: uint32(n - 1)})))
	case n > 0 && evs[n-1].Op.IsPending():
		// The recorded run ended while it waited to receive: it is stuck
		// there, or it receives and goes on beyond the trace (no end);
		// or while it waited for a latch no event opens: stuck there.
		out = append(out, snap(stopPending, n-1, n, h.snapshot(tr, nil, trace.EventRef{Thread: t, Index: uint32(n - 1)})))
	default:
		out = append(out, snap(stopFinished, n, n, h.snapshot(tr, nil, trace.EventRef{})))
	}
	return out
}

// started reports whether the thread has begun at this stop: it is not
// absent and has events (a finished thread without events never starts).
func (s threadStop) started() bool {
	return s.kind != stopAbsent && !(s.kind == stopFinished && s.performed == 0)
}
