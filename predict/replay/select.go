package replay

import (
	"fmt"
	"slices"

	"gpredict/trace"
)

// Rule 7 of docs/semantics.md for selects. A select event (the case the
// recorded run took: a send, recv or recvclosed with a select= key, or a
// `default`) is replayed as recorded, a default only while none of the
// select's cases is ready; or as another case (a step .caseK or
// .default), which must be ready then and is its thread's last step.
// Ready: a receive case when a send waits in its channel's queue or the
// channel is closed; a send case when its channel is closed (taking it
// would panic), has room in its buffer, or, unbuffered, has a thread
// waiting to receive (its recvwait taken).

// Default and the case parts are the trace's.
const Default = trace.Default

// checkOther is rule 1 for a step with a part that takes another case:
// the event must be a select's, and the part one of its other cases.
func (r *replayer) checkOther(i int, s Step) error {
	if !slices.Contains(r.tr.OtherCases(s.Ref), s.Part) {
		return r.fail(i, 1, "%s cannot take %s: %s", r.tr.ID(s.Ref), s.Part.Suffix()[1:], r.noSuchCase(s))
	}
	return nil
}

// noSuchCase says why a step's part is not another case of its event.
func (r *replayer) noSuchCase(s Step) string {
	sel, ok := r.tr.SelectAt(s.Ref)
	if !ok {
		return "it is no select's case"
	}
	if k, isCase := s.Part.Case(); isCase && k < len(sel.Cases) {
		return "it is the recorded case, a send case or a duplicate (a select takes another receive case, or its default)"
	}
	return "the select has no such case"
}

// checkDeparted is rule 7 for any step of thread t: after a select took
// another case than the recorded one, the thread takes no step (what it
// did then is not in the trace).
func (r *replayer) checkDeparted(i int, t trace.ThreadID) error {
	if at, ok := r.departed[t]; ok {
		return r.fail(i, 7, "%s took another case of its select %s than the recorded one: what it does after that is not in the trace", r.name(t), r.tr.ID(at))
	}
	return nil
}

// takeOther performs step s, which takes another case of its select.
func (r *replayer) takeOther(i int, s Step) error {
	t := s.Ref.Thread
	sel, _ := r.tr.SelectAt(s.Ref)
	if s.Part == Default {
		if why, ready := r.someReady(sel); ready {
			return r.fail(i, 7, "%s's select takes its default while %s", r.name(t), why)
		}
	} else {
		k, _ := s.Part.Case()
		ch := r.c.chanNum[sel.Cases[k].Chan]
		q := &r.chq[ch]
		switch {
		case q.recvd < q.gone+len(q.sends):
			delete(r.sendPos, q.sends[q.recvd-q.gone].ref)
			q.recvd++
		case !q.closed:
			return r.fail(i, 7, "%s's select takes its receive from %s, which is empty and not closed", r.name(t), r.tr.Str(sel.Cases[k].Chan))
		}
	}
	if r.departed == nil {
		r.departed = map[trace.ThreadID]trace.EventRef{}
	}
	r.departed[t] = s.Ref
	return nil
}

// selectDefault replays a recorded default: no case may be ready.
func (r *replayer) selectDefault(i int, s Step) error {
	sel, _ := r.tr.SelectAt(s.Ref)
	if why, ready := r.someReady(sel); ready {
		return r.fail(i, 7, "%s's select takes its default, as recorded, while %s", r.name(s.Ref.Thread), why)
	}
	return nil
}

// someReady says which case of sel is ready, if one is.
func (r *replayer) someReady(sel *trace.Select) (string, bool) {
	for _, cs := range sel.Cases {
		ch := r.c.chanNum[cs.Chan]
		q := &r.chq[ch]
		name := r.tr.Str(cs.Chan)
		switch {
		case q.closed:
			return fmt.Sprintf("%s is closed (case %s)", name, cs.String(r.tr)), true
		case !cs.Send && q.recvd < q.gone+len(q.sends):
			return fmt.Sprintf("a send waits in %s (%s)", name, r.tr.ID(q.sends[q.recvd-q.gone].ref)), true
		case cs.Send && r.c.caps[ch] > 0 && q.gone+len(q.sends)-q.recvd < r.c.caps[ch]:
			return fmt.Sprintf("%s's buffer has room", name), true
		case cs.Send && r.c.caps[ch] == 0 && r.recvWaits[ch] > 0:
			return fmt.Sprintf("a thread waits to receive from %s", name), true
		}
	}
	return "", false
}

// selectWaits is nil unless at, thread t's next event or the send it is
// inside, is a select's case whose select could go on instead: it has a
// default (it never waits), or another of its cases is ready — Go's
// select would take it, so the thread waits in none of them.
func (r *replayer) selectWaits(t trace.ThreadID, at trace.EventRef) error {
	sel, ok := r.tr.SelectAt(at)
	if !ok {
		return nil
	}
	if sel.Default {
		return fmt.Errorf("%s's select %s has a default: it does not wait", r.name(t), r.tr.ID(at))
	}
	if why, ready := r.someReady(sel); ready {
		return fmt.Errorf("%s's select %s can take another case: %s", r.name(t), r.tr.ID(at), why)
	}
	return nil
}
