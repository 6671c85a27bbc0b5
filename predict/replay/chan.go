package replay

import (
	"fmt"

	"gpredict/trace"
)

// Rule 7 of docs/semantics.md: channels. Each channel is a FIFO queue of
// the sends taken so far; a receive takes the oldest send no receive has
// taken, or, once the channel is closed and every send is taken, the
// zero value. A sender goes on (its thread's next step may come) only
// once its send is within the capacity of the receives so far: the
// k-th send (from 1) of a channel of capacity C completes once at least
// k-C receives have taken a send (C = 0: once its own receive has). That
// is Go's channel: a full buffer (or no waiting receiver) keeps the
// sender in the send queue, in arrival order.

// chanState is one channel's queue in a replay.
type chanState struct {
	// sends are the sends taken so far, in schedule order, from the
	// gone-th on: a mark's copy drops those a receive has taken, which
	// nothing reads again (a recording's channels carry tens of
	// thousands of sends).
	sends  []sendFact
	gone   int
	recvd  int // how many sends a receive has taken
	closed bool
	closer trace.EventRef
}

// sendFact is one send in a channel's queue: the value it carries is
// concrete when every read and receive before it in its thread kept its
// value (rule 5), as for a write.
type sendFact struct {
	ref      trace.EventRef
	val      trace.Sym
	concrete bool
	dirty    trace.EventRef
}

// chanOf is the number of channel operation r's channel.
func (c *Checker) chanOf(r trace.EventRef) int32 { return c.obj[r.Thread][r.Index] }

// completed reports whether send number k (0-based) of channel ch has
// completed: it lies within the capacity of the receives so far.
func (r *replayer) completed(ch int32, k int) bool {
	return k < r.chq[ch].recvd+r.c.caps[ch]
}

// pendingSend returns thread t's send that has not completed, if its
// last started event is one: the thread is blocked in it.
func (r *replayer) pendingSend(t trace.ThreadID) (trace.EventRef, bool) {
	if r.started[t] == 0 {
		return trace.EventRef{}, false
	}
	last := trace.EventRef{Thread: t, Index: r.started[t] - 1}
	if r.tr.Event(last).Op != trace.OpSend {
		return last, false
	}
	k, ok := r.sendPos[last]
	return last, ok && !r.completed(r.c.chanOf(last), k)
}

// checkSender is rule 7 for any step of thread t: a thread blocked in a
// send takes no step until the send completes.
func (r *replayer) checkSender(i int, t trace.ThreadID) error {
	if s, blocked := r.pendingSend(t); blocked {
		return r.fail(i, 7, "%s's send %s on %s has not completed: %s", r.name(t), r.tr.ID(s), r.tr.Str(r.tr.Event(s).Obj), r.whyBlocked(s))
	}
	return nil
}

// whyBlocked says why send s has not completed.
func (r *replayer) whyBlocked(s trace.EventRef) string {
	ch := r.c.chanOf(s)
	if r.c.caps[ch] == 0 {
		return "no receive has taken it (the channel is unbuffered)"
	}
	return fmt.Sprintf("the buffer of %d is full (%d sends before it not received)", r.c.caps[ch], r.sendPos[s]-r.chq[ch].recvd)
}

// channel performs channel operation ev (step i).
func (r *replayer) channel(i int, s Step, ev *trace.Event) error {
	t, ch := s.Ref.Thread, r.c.chanOf(s.Ref)
	q := &r.chq[ch]
	name := r.tr.Str(ev.Obj)
	switch ev.Op {
	case trace.OpSend:
		if q.closed {
			return r.fail(i, 7, "%s sends on %s, which %s closed: the send panics", r.name(t), name, r.tr.ID(q.closer))
		}
		f := sendFact{ref: s.Ref, val: ev.Val, concrete: !r.hasBad[t]}
		if !f.concrete {
			f.dirty = r.firstBad[t]
		}
		r.sendPos[s.Ref] = q.gone + len(q.sends)
		q.sends = append(q.sends, f)
	case trace.OpClose:
		for k := q.recvd; k < q.gone+len(q.sends); k++ {
			if !r.completed(ch, k) {
				return r.fail(i, 7, "%s closes %s while the send %s waits in it: the send panics", r.name(t), name, r.tr.ID(q.sends[k-q.gone].ref))
			}
		}
		q.closed, q.closer = true, s.Ref
	default: // a receive
		rc := recvFact{step: i, ref: s.Ref}
		switch {
		case q.recvd < q.gone+len(q.sends):
			rc.from, rc.took = q.sends[q.recvd-q.gone], true
			// A taken send has completed: pendingSend needs no position
			// for it, and a mark copies what is left.
			delete(r.sendPos, rc.from.ref)
			q.recvd++
			rc.consistent = ev.Op == trace.OpRecv && rc.from.concrete && rc.from.val == ev.Val
		case q.closed:
			rc.consistent = ev.Op == trace.OpRecvClosed
		default:
			return r.fail(i, 7, "%s receives from %s, which is empty and not closed: the receive blocks", r.name(t), name)
		}
		r.recvs = append(r.recvs, rc)
		if !rc.consistent && !r.hasBad[t] {
			r.hasBad[t], r.firstBad[t] = true, s.Ref
		}
	}
	return nil
}

// recvFact records, for one scheduled receive, what it got.
type recvFact struct {
	step       int
	ref        trace.EventRef
	took       bool // a send (else the zero value of a closed channel)
	from       sendFact
	consistent bool
}

// checkRecvs is rule 5 for receives: a required receive got what it
// recorded — a concrete send of its value (recv), or the zero value of a
// closed, drained channel (recvclosed). Which receives are required is
// decided as for reads (required).
func (r *replayer) checkRecvs(required func(trace.EventRef) bool, why string) error {
	for _, rc := range r.recvs {
		if rc.consistent || !required(rc.ref) {
			continue
		}
		ev := r.tr.Event(rc.ref)
		ch := r.tr.Str(ev.Obj)
		var msg string
		switch {
		case !rc.took:
			msg = fmt.Sprintf("%s receives %s from %s but finds it closed and drained", r.tr.ID(rc.ref), r.tr.Str(ev.Val), ch)
		case ev.Op == trace.OpRecvClosed:
			msg = fmt.Sprintf("%s finds %s closed in the trace but receives %s's %s", r.tr.ID(rc.ref), ch, r.tr.ID(rc.from.ref), r.tr.Str(rc.from.val))
		case rc.from.val != ev.Val:
			msg = fmt.Sprintf("%s receives %s from %s but takes %s, which sends %s", r.tr.ID(rc.ref), r.tr.Str(ev.Val), ch, r.tr.ID(rc.from.ref), r.tr.Str(rc.from.val))
		default:
			msg = fmt.Sprintf("%s receives %s from %s's send %s, which is not concrete (%s before it reads a value it could not read)",
				r.tr.ID(rc.ref), r.tr.Str(ev.Val), ch, r.tr.ID(rc.from.ref), r.tr.ID(rc.from.dirty))
		}
		return ruleError(rc.step, 5, fmt.Sprintf("step %d (%s): %s, and %s (rule 5)", rc.step+1, r.tr.ID(rc.ref), msg, why))
	}
	return nil
}

// cloneChans copies the channel queues (a mark's snapshot), without the
// sends a receive has taken.
func cloneChans(qs []chanState) []chanState {
	out := make([]chanState, len(qs))
	for i, q := range qs {
		out[i] = q
		out[i].sends = append([]sendFact(nil), q.sends[q.recvd-q.gone:]...)
		out[i].gone = q.recvd
	}
	return out
}
