package deadlock

import (
	"slices"

	"gpredict/trace"
)

// The default bounds of the Blocked built-in's search: MaxBlockedEnds
// ends are decided per trace, and the search of the threads' stops
// takes at most MaxBlockedSearchSteps steps (one per stop tried). The
// number of combinations grows exponentially with the threads, so a
// bound is needed; what it cuts off is reported as unknown.
const (
	MaxBlockedEnds        = 10_000
	MaxBlockedSearchSteps = 1_000_000
)

// endLimits bound findEnds (tests lower them).
type endLimits struct{ ends, steps int }

func defaultEndLimits() endLimits {
	return endLimits{ends: MaxBlockedEnds, steps: MaxBlockedSearchSteps}
}

// end is one candidate: a stop per thread (stops[t] is thread t's).
type end struct {
	stops []threadStop
	// stuck are the events the stuck threads wait in, in thread order.
	stuck []trace.EventRef
}

// endSearch is the result of findEnds: the ends in search order, and
// whether a bound stopped the search (beyond: the bound on ends; else
// outOfSteps).
type endSearch struct {
	ends       []end
	beyond     bool
	outOfSteps bool
}

// findEnds chooses a stop for every thread, in every combination within
// lim, and keeps those that are blocked ends (endOf).
func findEnds(tr *trace.Trace, lim endLimits) endSearch {
	n := len(tr.Threads)
	opts := make([][]threadStop, n)
	for t := range opts {
		opts[t] = stopsOf(tr, trace.ThreadID(t))
	}
	// A blocked end needs a thread that waits in something other than a
	// lock; without any such stop there is nothing to search.
	if !slices.ContainsFunc(opts, func(os []threadStop) bool {
		return slices.ContainsFunc(os, func(s threadStop) bool { return s.kind == stopInSend || s.kind == stopInWait || s.kind == stopAt })
	}) {
		return endSearch{}
	}
	reqs := requirementsOf(tr)
	var out endSearch
	cur := make([]threadStop, n)
	steps := 0
	var walk func(t int) bool
	walk = func(t int) bool {
		if t == n {
			if stuck, ok := endOf(tr, reqs, cur); ok {
				if len(out.ends) == lim.ends {
					out.beyond = true
					return false
				}
				out.ends = append(out.ends, end{stops: slices.Clone(cur), stuck: stuck})
			}
			return true
		}
		for _, s := range opts[t] {
			if steps++; steps > lim.steps {
				out.outOfSteps = true
				return false
			}
			cur[t] = s
			if !walk(t + 1) {
				return false
			}
		}
		return true
	}
	walk(0)
	return out
}

// requirement is an event that needs something of another thread:
// a join (the joined thread finished) or an hb fact (its sources done).
type requirement struct {
	index   uint32
	joins   trace.ThreadID
	isJoin  bool
	sources []trace.EventRef
}

// requirementsOf lists each thread's joins and events with hb facts.
func requirementsOf(tr *trace.Trace) [][]requirement {
	out := make([][]requirement, len(tr.Threads))
	for t, th := range tr.Threads {
		for i := range th.Events {
			ref := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)}
			r := requirement{index: uint32(i), sources: tr.HBSources(ref)}
			if ev := &th.Events[i]; ev.Op == trace.OpJoin {
				if u, ok := tr.ThreadByName(tr.Str(ev.Obj)); ok {
					r.joins, r.isJoin = u, true
				}
			}
			if r.isJoin || len(r.sources) > 0 {
				out[t] = append(out[t], r)
			}
		}
	}
	return out
}

// endOf judges the stops: the end they describe is a blocked end when
// every thread that has started got there (its fork, joins and hb facts
// satisfied by the others' stops; every send it performed completed;
// every receive took a send, or found its channel closed and drained),
// every stopped thread cannot move from the final state (a lock kept
// from it, an empty open channel, an unfinished joined thread, an hb
// source not performed; a send not completed, a wait nobody notifies)
// and some stopped thread waits for something other than a lock. It
// returns the events the stopped threads wait in.
func endOf(tr *trace.Trace, reqs [][]requirement, stops []threadStop) ([]trace.EventRef, bool) {
	done := func(r trace.EventRef) bool { return r.Index < stops[r.Thread].performed }
	finished := func(u trace.ThreadID) bool { return int(stops[u].performed) == len(tr.Threads[u].Events) }
	for t, s := range stops {
		th := tr.Threads[t]
		if th.HasFork && len(th.Events) > 0 && (s.kind == stopAbsent) == done(th.ForkedBy) {
			return nil, false
		}
		for _, r := range reqs[t] {
			if r.index >= s.performed {
				break
			}
			if r.isJoin && !finished(r.joins) || slices.ContainsFunc(r.sources, func(src trace.EventRef) bool { return !done(src) }) {
				return nil, false
			}
		}
	}
	// The channels: every performed send completed (the stuck ones are
	// taken last), every receive took a send, no stuck send on a closed
	// channel.
	totals := map[trace.Sym]chanCount{}
	stuckSends := map[trace.Sym]int{}
	for t, s := range stops {
		for ch, c := range s.chans {
			totals[ch] = totals[ch].plus(c)
		}
		if s.kind == stopInSend {
			stuckSends[tr.Threads[t].Events[s.at].Obj]++
		}
	}
	for ch, c := range totals {
		k := tr.Cap(ch)
		if c.recvs > c.sends || c.sends > c.recvs+k || c.recvClosed > 0 && (c.closes == 0 || c.sends != c.recvs) {
			return nil, false
		}
	}
	for ch, n := range stuckSends {
		c := totals[ch]
		if n > 0 && (c.closes > 0 || c.sends != c.recvs+tr.Cap(ch)) {
			return nil, false
		}
	}
	var stuck []trace.EventRef
	other := false
	for ti, s := range stops {
		t := trace.ThreadID(ti)
		ref := trace.EventRef{Thread: t, Index: s.at}
		switch s.kind {
		case stopFinished, stopAbsent:
			continue
		case stopInSend, stopInWait:
			// The send or the wait's release is taken, last: its hb
			// facts must be satisfied (else the thread waits before it).
			if slices.ContainsFunc(tr.HBSources(ref), func(src trace.EventRef) bool { return !done(src) }) {
				return nil, false
			}
			other = true
		case stopPending:
			ev := tr.Event(ref)
			if !lockKept(tr, stops, t, ev.Obj, ev.Op == trace.OpRRequest) {
				return nil, false
			}
		case stopAt:
			ev := tr.Event(ref)
			switch {
			case slices.ContainsFunc(tr.HBSources(ref), func(src trace.EventRef) bool { return !done(src) }):
				other = true
			case ev.Op == trace.OpJoin:
				u, ok := tr.ThreadByName(tr.Str(ev.Obj))
				if !ok || finished(u) {
					return nil, false
				}
				other = true
			case ev.Op.IsRecv():
				c := totals[ev.Obj]
				if c.sends+stuckSends[ev.Obj] != c.recvs || c.closes > 0 {
					return nil, false
				}
				other = true
			case ev.Op == trace.OpAcquire || ev.Op == trace.OpRAcquire:
				if !lockKept(tr, stops, t, ev.Obj, ev.Op == trace.OpRAcquire) {
					return nil, false
				}
			default:
				return nil, false
			}
		}
		stuck = append(stuck, ref)
	}
	return stuck, other && len(stuck) > 0
}

// lockKept reports whether the stops keep lock l from thread t (shared:
// from taking it shared): an exclusive hold of another thread (or of t,
// for a lock that is not re-entrant), for an exclusive acquire any
// shared hold (t's own too: no lock is upgraded), for a shared acquire
// of an rwmutex another thread waiting to take it exclusively.
func lockKept(tr *trace.Trace, stops []threadStop, t trace.ThreadID, l trace.Sym, shared bool) bool {
	kind := tr.Kind(l)
	for ui, s := range stops {
		u := trace.ThreadID(ui)
		if _, ok := s.held[resource{l, modeX}]; ok && (u != t || !kind.Reentrant()) {
			return true
		}
		if _, ok := s.held[resource{l, modeS}]; ok && !shared {
			return true
		}
		if _, ok := s.held[resource{l, modeW}]; ok && shared && u != t && kind.WriterPreference() {
			return true
		}
	}
	return false
}
