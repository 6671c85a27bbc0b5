package replay

import (
	"fmt"

	"gpredict/trace"
)

// A blocked end (docs/semantics.md, Blocked ends) is a schedule after
// which no step can be taken and some thread has not performed all its
// events: the run ends with it waiting. Stuck replays a schedule and
// judges its end from the validator's own state, so that the witness of
// the Blocked built-in is checked by the same independent code as every
// other witness: nothing of the search that proposed it is trusted.

// StuckThread is a thread that a blocked end leaves waiting.
type StuckThread struct {
	Thread trace.ThreadID
	// At is the event it waits in: its next event, a send it took that
	// has not completed, a wait it is inside, or a request the trace has
	// no acquire for, a recvwait or a latchwait (the recorded run ended
	// while it waited).
	At trace.EventRef
	// Lock says that it waits for a lock (an acquire, a racquire, a
	// wait's re-acquire or a pending request); else it waits for a
	// channel, a latch, a join, a notify or an hb fact.
	Lock bool
	// Why says, in words, what it waits for.
	Why string
}

// End is what Stuck found: the threads left waiting, in thread order,
// and whether every other thread has ended (its last event, `end`, is
// performed) or never started: then nothing can ever wake them, whatever
// the program does after its recorded events.
type End struct {
	Stuck  []StuckThread
	Closed bool
}

// Stuck replays sched under the sequential memory model and returns the
// blocked end it leaves, or an error: sched breaks a rule (as Validate
// says), some step can still be taken after it (a thread's next event, a
// wait's next part), a thread's next step would panic (a send on a closed
// channel, a close while a sender waits), a thread has not reached the
// point it stops at (under the implicit branch model it read or received
// a value other than the recorded one: it may go on otherwise; under the
// explicit model, its next event is a branch that depends on such a
// read), or no thread is left waiting.
func (c *Checker) Stuck(model trace.BranchModel, sched []Step) (End, error) {
	if err := c.ValidateIn(model, trace.SC, sched); err != nil {
		return End{}, err
	}
	r := newReplayer(c, sched)
	for i, s := range sched {
		if err := r.step(i, s); err != nil {
			return End{}, err
		}
	}
	end := End{Closed: true}
	for ti := range r.tr.Threads {
		t := trace.ThreadID(ti)
		st, state, err := r.endState(model, t)
		if err != nil {
			return End{}, err
		}
		switch state {
		case threadStuck:
			end.Stuck = append(end.Stuck, st)
		case threadFinished:
			if len(r.tr.Threads[t].Events) > 0 && !r.ended(t) {
				end.Closed = false
			}
		}
	}
	if len(end.Stuck) == 0 {
		return End{}, fmt.Errorf("no thread is left waiting: every thread has performed all its events or has not started")
	}
	return end, nil
}

// threadState is what a thread is at a blocked end.
type threadState uint8

const (
	threadAbsent   threadState = iota // not started, its fork not performed
	threadFinished                    // performed all its events
	threadStuck                       // waits for ever (at this end)
)

// endState judges thread t at the end of the replay: absent, finished or
// stuck, or an error when the end is no blocked end because of t.
func (r *replayer) endState(model trace.BranchModel, t trace.ThreadID) (StuckThread, threadState, error) {
	name := r.name(t)
	evs := r.tr.Threads[t].Events
	st := StuckThread{Thread: t}
	cur := trace.EventRef{Thread: t, Index: r.started[t] - 1}
	// A thread that read a value other than the recorded one may go on
	// in ways the trace does not show (implicit model); under the
	// explicit model only a branch depends on such a read.
	diverged := r.hasBad[t] && model == trace.BranchesImplicit
	if diverged {
		return st, 0, fmt.Errorf("%s has not reached the point it stops at: %s read a value it did not read in the trace", name, r.tr.ID(r.firstBad[t]))
	}
	if at, left := r.departed[t]; left {
		return st, 0, fmt.Errorf("%s's select %s took another case than the recorded one: it may go on in ways the trace does not show", name, r.tr.ID(at))
	}
	switch r.inWait[t] {
	case Release:
		if r.woken[t] {
			return st, 0, fmt.Errorf("%s can wake up from %s", name, r.tr.ID(cur))
		}
		st.At, st.Why = cur, fmt.Sprintf("waits for a notify of %s that no thread gives", r.tr.Str(r.tr.Event(cur).Val))
		return st, threadStuck, nil
	case Wake:
		l := r.c.objOf(cur)
		if by, ok := r.lockKeeper(l, t, false); ok {
			st.At, st.Lock, st.Why = cur, true, fmt.Sprintf("waits to re-acquire %s, which %s holds", r.tr.Str(r.tr.Event(cur).Obj), r.name(by))
			return st, threadStuck, nil
		}
		return st, 0, fmt.Errorf("%s can re-acquire the lock of %s", name, r.tr.ID(cur))
	}
	if s, pending := r.pendingSend(t); pending {
		if err := r.selectWaits(t, s); err != nil {
			return st, 0, err
		}
		st.At, st.Why = s, "waits in its send: "+r.whyBlocked(s)
		return st, threadStuck, nil
	}
	i := int(r.started[t])
	if i == len(evs) {
		if i > 0 && evs[i-1].Op.IsRequest() {
			// The recorded run ended while it waited for the lock: it
			// waits still, or it goes on beyond the trace.
			l := r.c.objOf(cur)
			if by, ok := r.lockKeeper(l, t, evs[i-1].Op == trace.OpRRequest); ok {
				st.At, st.Lock, st.Why = cur, true, fmt.Sprintf("waits for %s, which %s holds", r.tr.Str(evs[i-1].Obj), r.name(by))
				return st, threadStuck, nil
			}
			return st, 0, fmt.Errorf("%s can take the lock it requested at %s and go on beyond the trace", name, r.tr.ID(cur))
		}
		if i > 0 && evs[i-1].Op == trace.OpRecvWait {
			// The recorded run ended while it waited to receive: it
			// waits still, or it receives and goes on beyond the trace.
			if q := &r.chq[r.c.chanOf(cur)]; q.recvd == len(q.sends) && !q.closed {
				st.At, st.Why = cur, fmt.Sprintf("waits to receive from %s, which is empty and not closed", r.tr.Str(evs[i-1].Obj))
				return st, threadStuck, nil
			}
			return st, 0, fmt.Errorf("%s can receive from %s, which it waits for at %s, and go on beyond the trace", name, r.tr.Str(evs[i-1].Obj), r.tr.ID(cur))
		}
		if i > 0 && evs[i-1].Op == trace.OpLatchWait {
			// The recorded run ended while it waited for a latch that no
			// event of the trace opens (the writer counted): it waits
			// still, in every schedule.
			st.At, st.Why = cur, fmt.Sprintf("waits for latch %s, which no event of the trace opens", r.tr.Str(evs[i-1].Obj))
			return st, threadStuck, nil
		}
		return st, threadFinished, nil
	}
	next := trace.EventRef{Thread: t, Index: uint32(i)}
	ev := &evs[i]
	th := r.tr.Threads[t]
	if i == 0 && th.HasFork && !r.done(th.ForkedBy) {
		return st, threadAbsent, nil
	}
	st.At = next
	if err := r.selectWaits(t, next); err != nil {
		return st, 0, err
	}
	if r.hasBad[t] && ev.Op == trace.OpBranch {
		return st, 0, fmt.Errorf("%s has not reached its branch %s: %s read a value it did not read in the trace", name, r.tr.ID(next), r.tr.ID(r.firstBad[t]))
	}
	for _, src := range r.tr.HBSources(next) {
		if !r.done(src) {
			st.Why = fmt.Sprintf("waits for %s (an hb fact of the trace)", r.tr.ID(src))
			return st, threadStuck, nil
		}
	}
	switch ev.Op {
	case trace.OpJoin:
		if u, ok := r.tr.ThreadByName(r.tr.Str(ev.Obj)); ok && !r.finished(u) {
			st.Why = fmt.Sprintf("waits to join %s, which does not finish", r.name(u))
			return st, threadStuck, nil
		}
	case trace.OpAcquire, trace.OpRAcquire:
		l := r.c.objOf(next)
		if by, ok := r.lockKeeper(l, t, ev.Op == trace.OpRAcquire); ok {
			st.Lock, st.Why = true, fmt.Sprintf("waits for %s, which %s holds", r.tr.Str(ev.Obj), r.name(by))
			return st, threadStuck, nil
		}
	case trace.OpRecv, trace.OpRecvClosed:
		q := &r.chq[r.c.chanOf(next)]
		if q.recvd == len(q.sends) && !q.closed {
			st.Why = fmt.Sprintf("waits to receive from %s, which is empty and not closed", r.tr.Str(ev.Obj))
			return st, threadStuck, nil
		}
	case trace.OpSend:
		if q := &r.chq[r.c.chanOf(next)]; q.closed {
			return st, 0, fmt.Errorf("%s's next event %s sends on %s, which %s closed: it panics", name, r.tr.ID(next), r.tr.Str(ev.Obj), r.tr.ID(q.closer))
		}
	case trace.OpClose:
		ch := r.c.chanOf(next)
		q := &r.chq[ch]
		for k := q.recvd; k < len(q.sends); k++ {
			if !r.completed(ch, k) {
				return st, 0, fmt.Errorf("%s's next event %s closes %s while %s waits in it: it panics", name, r.tr.ID(next), r.tr.Str(ev.Obj), r.tr.ID(q.sends[k].ref))
			}
		}
	}
	return st, 0, fmt.Errorf("%s can take its next event %s", name, r.tr.ID(next))
}

// finished reports whether thread u has performed all its events, the
// last of them completed (a send received as far as its capacity asks).
func (r *replayer) finished(u trace.ThreadID) bool {
	evs := r.tr.Threads[u].Events
	if len(evs) == 0 {
		return true
	}
	return r.done(trace.EventRef{Thread: u, Index: uint32(len(evs) - 1)})
}

// lockKeeper returns a thread that keeps t from taking lock l (shared:
// to take it shared): the exclusive holder (t itself, for a lock that is
// not re-entrant), for an exclusive acquire a holder of it shared (t
// itself too: no lock is upgraded), for a shared acquire of an rwmutex a
// waiting writer other than t.
func (r *replayer) lockKeeper(l int32, t trace.ThreadID, shared bool) (trace.ThreadID, bool) {
	if h := r.locks.get(l); h.depth > 0 && (h.thread != t || !r.c.kind[l].Reentrant()) {
		return h.thread, true
	}
	if !shared {
		if _, own := r.shared[l][t]; own {
			return t, true
		}
		if u, ok := r.sharedHolder(l, t); ok {
			return u, true
		}
	}
	if shared && r.c.kind[l].WriterPreference() {
		if u, _, ok := r.waitingWriter(l, t); ok {
			return u, true
		}
	}
	return 0, false
}
