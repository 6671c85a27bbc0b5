package greedy

import "gpredict/trace"

// Rule 7 of docs/semantics.md (channels) in the simulation, as the
// validator has it (predict/replay/chan.go): each channel is a FIFO queue
// of the sends taken; a receive takes the oldest send not taken (and, to
// be enabled, one of its recorded value unless it is chosen), a
// recvclosed finds the channel closed and drained; a sender takes no
// further step until its send completes — the k-th send of a channel of
// capacity C once k-C receives have taken a send (C = 0: its own) — and a
// close waits while a send is blocked in the channel. Without this the
// simulation took a receive before its send whenever the recording
// delivered them so (a recorder logs a send and its receive from two
// goroutines), the validator rejected every schedule from there on, and
// the base order had no clean mark after it.

// chanSim is one channel in a simulation: the values of the sends taken
// that no receive has taken yet (the first has number recvd), and
// whether it is closed.
type chanSim struct {
	vals   []trace.Sym
	recvd  int
	closed bool
}

// chanOf is the state of event ev's channel, created empty if needed
// (copied first when it is shared with a mark).
func (b *builder) chanOf(ev *trace.Event) *chanSim {
	if q, ok := b.chans[ev.Obj]; ok {
		if b.chansShared {
			b.unshareChans()
			return b.chans[ev.Obj]
		}
		return q
	}
	q := &chanSim{}
	if b.chansShared {
		b.unshareChans()
	}
	b.chans[ev.Obj] = q
	return q
}

// unshareChans copies the channel states a run resumed from a mark
// shares with it, before the run's first change.
func (b *builder) unshareChans() {
	own := make(map[trace.Sym]*chanSim, len(b.chans))
	for s, q := range b.chans {
		c := *q
		c.vals = append([]trace.Sym(nil), q.vals...)
		own[s] = &c
	}
	b.chans, b.chansShared = own, false
}

// blockedInSend reports whether thread t's last scheduled event is a send
// that has not completed.
func (b *builder) blockedInSend(t int) bool {
	i := b.next[t] - 1
	if i < 0 || b.sendPos[t] < 0 {
		return false
	}
	ev := &b.tr.Threads[t].Events[i]
	if ev.Op != trace.OpSend {
		return false
	}
	q := b.chans[ev.Obj]
	return b.sendPos[t] >= q.recvd+b.tr.Cap(ev.Obj)
}

// chanEnabled reports whether channel operation ev can be taken now.
func (b *builder) chanEnabled(ev *trace.Event, chosen bool) bool {
	q := b.chans[ev.Obj]
	if q == nil {
		q = &chanSim{}
	}
	switch ev.Op {
	case trace.OpSend:
		return !q.closed
	case trace.OpRecv:
		return len(q.vals) > 0 && (chosen || q.vals[0] == ev.Val)
	case trace.OpRecvClosed:
		return q.closed && len(q.vals) == 0
	default: // close: no send may still be blocked in the channel
		return !q.closed && len(q.vals) <= b.tr.Cap(ev.Obj)
	}
}

// takeChan applies channel operation ev of thread t.
func (b *builder) takeChan(t int, ev *trace.Event) {
	q := b.chanOf(ev)
	switch ev.Op {
	case trace.OpSend:
		b.sendPos[t] = q.recvd + len(q.vals)
		q.vals = append(q.vals, ev.Val)
	case trace.OpRecv:
		q.vals = q.vals[1:]
		q.recvd++
	case trace.OpClose:
		q.closed = true
	}
}

// markChans is the channel state a mark keeps (shared, read-only, with
// the runs resumed from it).
func (b *builder) markChans() map[trace.Sym]*chanSim {
	out := make(map[trace.Sym]*chanSim, len(b.chans))
	for s, q := range b.chans {
		c := *q
		c.vals = append([]trace.Sym(nil), q.vals...)
		out[s] = &c
	}
	return out
}

// resumeChans shares the mark's channel states until the first change.
func (b *builder) resumeChans(m map[trace.Sym]*chanSim, sendPos []int) {
	b.chans, b.chansShared = m, true
	copy(b.sendPos, sendPos)
}
