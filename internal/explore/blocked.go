package explore

import (
	"slices"

	"gpredict/predict/replay"
	"gpredict/trace"
)

// BlockedEnd is one blocked end found by BlockedEnds: the events its
// stuck threads wait in, in id order, and whether every other thread has
// ended (performed its `end`) or never started.
type BlockedEnd struct {
	At     []trace.EventRef
	Closed bool
}

// BlockedEnds finds, by visiting every reachable state, each blocked end
// of tr under model (docs/semantics.md, Blocked ends) in which some stuck
// thread waits for something other than a lock (a channel, a join, a
// notify, an hb fact): a state with no successor at all, in which every
// thread either never started (its fork is not performed), or has
// performed all its events, or is stuck — it cannot take its next step,
// and has reached it: under the implicit branch model no read or receive
// of it returned a value other than the recorded one (else it may go on
// otherwise); under the explicit model only a next `branch` depends on
// such a read. A thread whose events end in a request without its
// acquire is stuck when the lock is kept from it and goes on otherwise
// (no end); one whose events end in a recvwait is stuck when its channel
// is empty and not closed, and goes on otherwise; one whose events end in
// a latchwait is stuck (no event of the trace opens its latch). A state in which a thread's next step would panic (a send on
// a closed channel, a close while a sender waits) is no blocked end. The
// result is sorted by the ids of At, without duplicates; it is for
// traces under the sequential memory model. model must be resolved.
func BlockedEnds(tr *trace.Trace, model trace.BranchModel) []BlockedEnd {
	found := map[string]BlockedEnd{}
	eachState(tr, model, func(s *state, next []*state) {
		if len(next) > 0 {
			return
		}
		if e, ok := blockedEnd(tr, model, s); ok {
			k := idList(tr, e.At)
			if old, dup := found[k]; !dup || e.Closed && !old.Closed {
				found[k] = e
			}
		}
	})
	return byKey(found)
}

// blockedEnd judges s, a state without successors.
func blockedEnd(tr *trace.Trace, model trace.BranchModel, s *state) (BlockedEnd, bool) {
	e := BlockedEnd{Closed: true}
	other := false // some stuck thread waits for something other than a lock
	for ti, th := range tr.Threads {
		t := trace.ThreadID(ti)
		if s.bad[t] && model == trace.BranchesImplicit || s.departed[t] {
			return e, false // it may go on otherwise
		}
		i := int(s.started[t])
		switch {
		case s.part[t] != replay.Whole:
			// Inside a wait with no successor: not woken, or woken and
			// the lock is taken.
			e.At = append(e.At, cur(s, t))
			other = other || s.part[t] == replay.Release
		case s.sendBlocks(tr, t):
			if selectGoesOn(tr, s, cur(s, t)) {
				return e, false
			}
			e.At, other = append(e.At, cur(s, t)), true
		case i == len(th.Events) && i > 0 && th.Events[i-1].Op.IsRequest():
			if _, _, ok := blockedAt(tr, model, s, t); !ok {
				return e, false // it takes the lock and goes on beyond the trace
			}
			e.At = append(e.At, cur(s, t))
		case i == len(th.Events) && i > 0 && th.Events[i-1].Op == trace.OpRecvWait:
			// The recorded run ended while it waited to receive.
			if q := s.chans[th.Events[i-1].Obj]; q.recvd < len(q.sends) || q.closed {
				return e, false // it receives and goes on beyond the trace
			}
			e.At, other = append(e.At, cur(s, t)), true
		case i == len(th.Events) && i > 0 && th.Events[i-1].Op == trace.OpLatchWait:
			// The recorded run ended while it waited for a latch that no
			// event of the trace opens.
			e.At, other = append(e.At, cur(s, t)), true
		case i == len(th.Events):
			if i > 0 && th.Events[i-1].Op != trace.OpEnd {
				e.Closed = false
			}
		case i == 0 && th.HasFork && !s.done(tr, th.ForkedBy):
			// never started
		default:
			ref := trace.EventRef{Thread: t, Index: uint32(i)}
			ev := tr.Event(ref)
			if panics(tr, s, ev) || s.bad[t] && ev.Op == trace.OpBranch || selectGoesOn(tr, s, ref) {
				return e, false
			}
			e.At = append(e.At, ref)
			lock := (ev.Op == trace.OpAcquire || ev.Op == trace.OpRAcquire) && s.hbDone(tr, ref)
			other = other || !lock
		}
	}
	slices.SortFunc(e.At, func(a, b trace.EventRef) int {
		if a.Less(b) {
			return -1
		}
		return 1
	})
	return e, len(e.At) > 0 && other
}

// panics reports whether taking ev in s would panic: a send on a closed
// channel, or a close while a sender waits in the channel.
func panics(tr *trace.Trace, s *state, ev *trace.Event) bool {
	q := s.chans[ev.Obj]
	switch ev.Op {
	case trace.OpSend:
		return q.closed
	case trace.OpClose:
		for k := q.recvd; k < len(q.sends); k++ {
			if k+1 > q.recvd+tr.Cap(ev.Obj) {
				return true
			}
		}
	}
	return false
}
