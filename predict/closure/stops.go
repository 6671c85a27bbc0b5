package closure

import (
	"fmt"

	"gpredict/trace"
)

// Where threads stop. Besides the orders it derives, a saturation keeps,
// for every thread, the first event that cannot come before the end of a
// witness (which may be taken to end right after the chain's last group):
// what follows a last-group event; the first event of a thread
// forked at or after its parent's stop; and, the rule that matters on
// recordings whose variables take few values, the event that makes a read
// required when no write of the read's value can come before the read —
// each is its own later event, must come after the read, or lies at or
// past its own thread's stop. A must-set that reaches past a stop refutes
// the candidate; a stop also takes the writes past it out of every read's
// options (canWriteBefore), which can stop more threads. Every stop is an
// implication of rule 5 (or 2), so the refutations stay sound; only the
// reads within Zone events of their thread's must-set are looked at.

// initStops puts each thread's stop at its end, or at its first
// last-group event.
func (s *saturation) initStops() {
	s.stop = make([]int, len(s.x.Trace.Threads))
	s.stopWhy = make([]string, len(s.stop))
	for t, th := range s.x.Trace.Threads {
		s.stop[t] = len(th.Events)
	}
	for _, c := range s.ch.Last() {
		// The last-group event itself is in every witness, at its end;
		// what follows it is not.
		if int(c.Index)+1 < s.stop[c.Thread] {
			s.stop[c.Thread] = int(c.Index) + 1
			s.stopWhy[c.Thread] = fmt.Sprintf("%s ends the pattern", s.id(c))
		}
	}
}

// stopAt moves thread t's stop back to i, with the reason.
func (s *saturation) stopAt(t trace.ThreadID, i int, why string) {
	if i < s.stop[t] {
		s.stop[t], s.stopWhy[t] = i, why
		s.changed = true
	}
}

// stops applies the rules above, and refutes when the must-set passes a
// stop.
func (s *saturation) stops() bool {
	tr := s.x.Trace
	for t, th := range tr.Threads {
		if th.HasFork && s.stop[t] > 0 && int(th.ForkedBy.Index) >= s.stop[th.ForkedBy.Thread] {
			s.stopAt(th.ID, 0, fmt.Sprintf("its fork %s cannot come before the end", s.id(th.ForkedBy)))
		}
		lo := max(0, s.cut[t]-s.cfg.Zone)
		for i := lo; i < s.stop[t] && i < s.cut[t]+s.cfg.Zone; i++ {
			ev := &th.Events[i]
			if ev.Op != trace.OpRead || ev.Val == tr.InitValue(ev.Obj) {
				continue
			}
			r := trace.EventRef{Thread: th.ID, Index: uint32(i)}
			req := s.x.Requirer(r)
			if req < 0 || req >= s.stop[t] || s.hasWriterBefore(r, ev) {
				continue
			}
			s.stopAt(th.ID, req, fmt.Sprintf("%s reads %s=%s, which no write that can come before it gives", s.id(r), tr.Str(ev.Obj), tr.Str(ev.Val)))
		}
	}
	for t, n := range s.cut {
		if n > s.stop[t] {
			e := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(s.stop[t])}
			return s.refute("%s must be scheduled, but it cannot come before the end: %s", s.id(e), s.stopWhy[t])
		}
	}
	return true
}

// hasWriterBefore reports whether some write of read r's value may come
// before it.
func (s *saturation) hasWriterBefore(r trace.EventRef, ev *trace.Event) bool {
	for _, w := range s.x.FirstWritesOfValue(ev.Obj, ev.Val) {
		if s.canWriteBefore(w, r) {
			return true
		}
	}
	return false
}
