// Package supply refutes race-shaped candidates (one `||` block of chosen
// events) by the values the needed reads must see: a read that must keep
// its value needs a write of that value before it, and when every write
// of the value lies where no schedule can reach before the block, the
// read cannot be satisfied; when only one thread's writes remain, that
// write must come first. On recordings whose variables take few values
// a read can take its value from many writes, so must-happen-before from
// reads-from (one possible write) says little, yet most of those writes
// sit after the chosen events in their threads, or behind reads that are
// themselves out of reach: this package follows that exhaustion.
//
// Two sets are grown together, per thread as a prefix length: the events
// that must be scheduled before the block (Need: what must happen before
// the chosen events, as encode.Index's clocks say, and the writes that
// reads in it must read from) and the first event of each thread that
// cannot be (Stop: the chosen events, what comes after them, a thread
// forked, joined or read from out of reach). Each rule is an implication
// of the model (docs/semantics.md), so a thread whose Need passes its
// Stop refutes the candidate. The rules look only at the reads near the
// chosen events (Zone), and stop after Rounds rounds: a bound leaves facts
// underived, which only makes the stage refute less.
package supply

import (
	"fmt"

	"gpredict/encode"
	"gpredict/trace"
)

// Table is what the stage needs about a trace, computed once (per
// variable and value, the first write of it in each thread that writes
// it, is the index's FirstWritesOfValue).
type Table struct {
	x  *encode.Index
	tr *trace.Trace
	// joins[t] lists thread t's joins of threads with events.
	joins [][]join
	// forked[t] lists the threads thread t forks, with the fork's index.
	forked [][]join
}

type join struct {
	at     uint32
	thread trace.ThreadID
}

// NewTable computes the table of x's trace.
func NewTable(x *encode.Index) *Table {
	tr := x.Trace
	t := &Table{x: x, tr: tr,
		joins: make([][]join, len(tr.Threads)), forked: make([][]join, len(tr.Threads))}
	for u, th := range tr.Threads {
		if th.HasFork {
			f := th.ForkedBy
			t.forked[f.Thread] = append(t.forked[f.Thread], join{at: f.Index, thread: trace.ThreadID(u)})
		}
		for i := range th.Events {
			ev := &th.Events[i]
			switch ev.Op {
			case trace.OpJoin:
				if c, ok := tr.ThreadByName(tr.Str(ev.Obj)); ok && len(tr.Threads[c].Events) > 0 {
					t.joins[u] = append(t.joins[u], join{at: uint32(i), thread: c})
				}
			}
		}
	}
	return t
}

// Config bounds the work for one candidate: reads more than Zone events
// before the end of their thread's Need are not looked at, and the rules
// run at most Rounds rounds.
type Config struct{ Zone, Rounds int }

// DefaultConfig is the engine's.
func DefaultConfig() Config { return Config{Zone: 256, Rounds: 16} }

// Refute reports whether no feasible schedule has the chosen events as one
// contiguous block, with a sentence saying why.
func (t *Table) Refute(block []trace.EventRef, cfg Config) (why string, refuted bool) {
	s := newState(t, block)
	for range cfg.Rounds {
		if why, bad := s.conflict(); bad {
			return why, true
		}
		grew := s.structure()
		g, why, bad := s.reads(cfg.Zone)
		if bad {
			return why, true
		}
		if !grew && !g {
			break
		}
	}
	return s.conflict()
}

// state is one candidate's Need and Stop, per thread.
type state struct {
	t      *Table
	block  []trace.EventRef
	need   []uint32 // need[u]: the first need[u] events of u come before the block
	stop   []uint32 // stop[u]: events from stop[u] on cannot
	chosen []bool   // chosen[u]: u has a chosen event (at need[u])
	// cause[u] says why stop[u] is where it is.
	cause []string
}

func newState(t *Table, block []trace.EventRef) *state {
	n := len(t.tr.Threads)
	s := &state{t: t, block: block, need: make([]uint32, n), stop: make([]uint32, n), chosen: make([]bool, n), cause: make([]string, n)}
	for u, th := range t.tr.Threads {
		s.stop[u] = uint32(len(th.Events))
	}
	for _, c := range block {
		s.stop[c.Thread], s.chosen[c.Thread] = c.Index, true
		s.cause[c.Thread] = fmt.Sprintf("%s is in the block", t.tr.ID(c))
	}
	for _, c := range block {
		clock := t.x.Clock(c)
		for u, k := range clock {
			if trace.ThreadID(u) == c.Thread {
				k = c.Index
			}
			s.need[u] = max(s.need[u], k)
		}
	}
	// A chosen event that must come before another is not needed before
	// the block: it can come first within it.
	for _, c := range block {
		if s.need[c.Thread] == c.Index+1 {
			s.need[c.Thread] = c.Index
		}
	}
	return s
}

// conflict reports a thread whose Need passes its Stop.
func (s *state) conflict() (string, bool) {
	for u := range s.need {
		if s.need[u] > s.stop[u] {
			e := trace.EventRef{Thread: trace.ThreadID(u), Index: s.stop[u]}
			return fmt.Sprintf("%s must be scheduled before the block, but cannot: %s", s.t.tr.ID(e), s.cause[u]), true
		}
	}
	return "", false
}

// cut lowers thread u's Stop to i.
func (s *state) cut(u trace.ThreadID, i uint32, why string) bool {
	if i < s.stop[u] {
		s.stop[u], s.cause[u] = i, why
		return true
	}
	return false
}

// require raises Need to hold event r and what must happen before it.
func (s *state) require(r trace.EventRef) bool {
	return encode.JoinClock(s.t.x, s.need, r)
}

// structure: a thread forked at or after its parent's Stop cannot start;
// a join of a thread that cannot finish cannot happen.
func (s *state) structure() bool {
	tr := s.t.tr
	grew := false
	for u := range s.stop {
		for _, f := range s.t.forked[u] {
			if f.at >= s.stop[u] {
				grew = s.cut(f.thread, 0, fmt.Sprintf("its fork %s cannot be", tr.ID(trace.EventRef{Thread: trace.ThreadID(u), Index: f.at}))) || grew
			}
		}
		for _, j := range s.t.joins[u] {
			if j.at < s.stop[u] && s.stop[j.thread] < uint32(len(tr.Threads[j.thread].Events)) {
				grew = s.cut(trace.ThreadID(u), j.at, fmt.Sprintf("it joins %s, which cannot finish", tr.ThreadName(j.thread))) || grew
			}
		}
	}
	return grew
}

// reads applies the value rules to the reads near the end of each
// thread's Need: a read with no reachable write of its value stops its
// thread after it (before it, when a chosen event follows it: the read
// then must keep its value), or refutes when Need holds what follows it;
// a needed read whose value only one thread's writes can give needs the
// first of them.
func (s *state) reads(zone int) (grew bool, why string, refuted bool) {
	tr := s.t.tr
	for u, th := range tr.Threads {
		tid := trace.ThreadID(u)
		hi := min(s.stop[u], s.need[u]+uint32(zone))
		lo := uint32(0)
		if s.need[u] > uint32(zone) {
			lo = s.need[u] - uint32(zone)
		}
		for i := lo; i < hi; i++ {
			ev := &th.Events[i]
			if ev.Op != trace.OpRead || ev.Val == tr.InitValue(ev.Obj) {
				continue // the initial value needs no write
			}
			r := trace.EventRef{Thread: tid, Index: i}
			// The read must keep its value once the event that makes it
			// required (docs/semantics.md rule 5: its successor, or the
			// next branch under the explicit model) is scheduled: before
			// the block, or as the thread's chosen event in it.
			req := s.t.x.Requirer(r)
			if req < 0 {
				continue
			}
			inSchedule := uint32(req) < s.need[u] || (s.chosen[u] && uint32(req) == s.need[u])
			only, count := trace.EventRef{}, 0
			for _, w := range s.t.x.FirstWritesOfValue(ev.Obj, ev.Val) {
				reach := w.Index < s.stop[w.Thread]
				if w.Thread == tid {
					reach = w.Index < i
				}
				if reach {
					only, count = w, count+1
					if count > 1 {
						break
					}
				}
			}
			switch {
			case count == 0 && inSchedule:
				return grew, fmt.Sprintf("%s must read %s=%s (%s is scheduled), but no write of that value can come before the block",
					tr.ID(r), tr.Str(ev.Obj), tr.Str(ev.Val), tr.ID(trace.EventRef{Thread: tid, Index: uint32(req)})), true
			case count == 0:
				if s.cut(tid, uint32(req), fmt.Sprintf("%s reads %s=%s, which no write that can come before the block gives", tr.ID(r), tr.Str(ev.Obj), tr.Str(ev.Val))) {
					grew = true
					hi = min(hi, s.stop[u])
				}
			case count == 1 && only.Thread != tid && inSchedule:
				grew = s.require(only) || grew
			}
		}
	}
	return grew, "", false
}
