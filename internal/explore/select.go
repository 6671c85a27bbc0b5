package explore

import (
	"gpredict/predict/replay"
	"gpredict/trace"
)

// Rule 7 of docs/semantics.md for selects, literally and apart from
// predict/replay: a select's event may be taken as recorded (a default
// only when no case of its select is ready) or, when another receive
// case is ready or no case is (its default), as that case — its thread's
// last step.

// ready reports whether a case of sel is ready in s: a receive case
// whose channel holds a send not received or is closed; a send case
// whose channel is closed, has room in its buffer, or, unbuffered, has a
// thread waiting in a recvwait of it.
func ready(tr *trace.Trace, s *state, sel *trace.Select) bool {
	for _, c := range sel.Cases {
		q := s.chans[c.Chan]
		switch {
		case q.closed:
			return true
		case !c.Send && q.recvd < len(q.sends):
			return true
		case c.Send && tr.Cap(c.Chan) > 0 && len(q.sends)-q.recvd < tr.Cap(c.Chan):
			return true
		case c.Send && tr.Cap(c.Chan) == 0 && recvWaiting(tr, s, c.Chan):
			return true
		}
	}
	return false
}

// recvWaiting reports whether some thread's last step is a recvwait of
// ch: it waits to receive from it.
func recvWaiting(tr *trace.Trace, s *state, ch trace.Sym) bool {
	for u, n := range s.started {
		if n > 0 {
			if ev := &tr.Threads[u].Events[n-1]; ev.Op == trace.OpRecvWait && ev.Obj == ch {
				return true
			}
		}
	}
	return false
}

// otherCases returns the states in which select event ref takes another
// ready case than the recorded one.
func otherCases(tr *trace.Trace, s *state, ref trace.EventRef) []*state {
	sel, ok := tr.SelectAt(ref)
	if !ok || !s.flushed(tr, ref.Thread, tr.Event(ref)) {
		return nil
	}
	var out []*state
	for _, p := range tr.OtherCases(ref) {
		n := s.clone()
		if k, isCase := p.Case(); isCase {
			ch := sel.Cases[k].Chan
			q := s.chans[ch]
			switch {
			case q.recvd < len(q.sends):
				q.recvd++
				n.chans[ch] = q
			case !q.closed:
				continue
			}
		} else if ready(tr, s, sel) {
			continue // a default only when nothing is ready
		}
		n.started[ref.Thread]++
		n.departed[ref.Thread] = true
		n.path = append(n.path, replay.Step{Ref: ref, Part: p})
		out = append(out, n)
	}
	return out
}

// selectGoesOn reports whether thread t, inside a send or at its next
// event ref, waits in a select that could go on instead: one with a
// default, or with a ready case. Such a thread is not stuck.
func selectGoesOn(tr *trace.Trace, s *state, ref trace.EventRef) bool {
	sel, ok := tr.SelectAt(ref)
	return ok && (sel.Default || ready(tr, s, sel))
}
