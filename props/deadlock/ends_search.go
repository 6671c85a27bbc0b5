package deadlock

import (
	"slices"

	"gpredict/encode"
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
	// closed: every other thread has ended (`end`) or never started, so
	// the stuck threads wait for ever whatever the program does later.
	closed bool
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
// lim, and keeps those that are blocked ends (endOf). The threads are
// chosen in order, and each constraint is checked as soon as every
// thread it speaks of has its stop (scope), so that a choice no end
// extends is abandoned at once.
func findEnds(tr *trace.Trace, model trace.BranchModel, lim endLimits) endSearch {
	n := len(tr.Threads)
	opts := make([][]threadStop, n)
	others := make([]bool, n+1) // others[t]: a thread from t on has a stop that is not a lock wait
	for t := range opts {
		opts[t] = stopsOf(tr, trace.ThreadID(t))
	}
	for t := n - 1; t >= 0; t-- {
		others[t] = others[t+1] || slices.ContainsFunc(opts[t], func(s threadStop) bool { return s.waitsOther(tr, trace.ThreadID(t)) })
	}
	// A blocked end needs a thread that waits in something other than a
	// lock; without any such stop there is nothing to search.
	if !others[0] {
		return endSearch{}
	}
	sc := newScopes(tr, model)
	var out endSearch
	cur := make([]threadStop, n)
	steps := 0
	var walk func(t int, other bool) bool
	walk = func(t int, other bool) bool {
		if t == n {
			if stuck, other, ok := endOf(tr, sc, cur, n-1); ok && other && len(stuck) > 0 {
				if len(out.ends) == lim.ends {
					out.beyond = true
					return false
				}
				out.ends = append(out.ends, end{stops: slices.Clone(cur), stuck: stuck, closed: closedEnd(tr, cur)})
			}
			return true
		}
		for _, s := range opts[t] {
			if steps++; steps > lim.steps {
				out.outOfSteps = true
				return false
			}
			o := other || s.waitsOther(tr, trace.ThreadID(t))
			if !o && !others[t+1] {
				continue
			}
			cur[t] = s
			if _, _, ok := endOf(tr, sc, cur, t); !ok {
				continue
			}
			if !walk(t+1, o) {
				return false
			}
		}
		return true
	}
	walk(0, false)
	return out
}

// waitsOther reports whether the stop may wait for something other than
// a lock: in a send or a wait, at a receive or a join, or at an event
// with hb facts into it.
func (s threadStop) waitsOther(tr *trace.Trace, t trace.ThreadID) bool {
	switch s.kind {
	case stopInSend, stopInWait:
		return true
	case stopAt:
		ref := trace.EventRef{Thread: t, Index: s.at}
		op := tr.Event(ref).Op
		return op.IsRecv() || op == trace.OpJoin || len(tr.HBSources(ref)) > 0
	}
	return false
}

// scopes says, for the constraints endOf checks, the last thread (in
// thread order) that each speaks of: a channel's counts need every
// thread that uses it, what keeps a lock from a thread every thread that
// takes it.
type scopes struct {
	x     *encode.Index // the whole trace's must-happen-before (order.go)
	model trace.BranchModel
	need  []uint32 // scratch
	reqs  []([]requirement)
	ch    map[trace.Sym]int
	lock  map[trace.Sym]int
}

func newScopes(tr *trace.Trace, model trace.BranchModel) *scopes {
	sc := &scopes{x: encode.NewModelIndex(tr, model), model: model, need: make([]uint32, len(tr.Threads)),
		reqs: requirementsOf(tr), ch: map[trace.Sym]int{}, lock: map[trace.Sym]int{}}
	for t, th := range tr.Threads {
		for i := range th.Events {
			ev := &th.Events[i]
			switch {
			case ev.Op.IsChan():
				sc.ch[ev.Obj] = t
			case ev.Op.IsLock() || ev.Op.IsRequest() || ev.Op == trace.OpWait:
				sc.lock[ev.Obj] = t
			}
		}
	}
	return sc
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

// endOf judges the stops of threads 0 … upto (the others have none
// yet; a constraint that speaks of one of them is not checked): the end
// they describe is a blocked end when every thread that has started got
// there (its fork, joins and hb facts satisfied by the others' stops;
// every send it performed completed; every receive took a send, or found
// its channel closed and drained), every stopped thread cannot move from
// the final state (a lock kept from it, an empty open channel, an
// unfinished joined thread, an hb source not performed; a send not
// completed, a wait nobody notifies) and some stopped thread waits for
// something other than a lock. It returns the events the stopped threads
// wait in (with upto the last thread), whether one of them waits for
// something other than a lock, and whether the constraints hold.
func endOf(tr *trace.Trace, sc *scopes, stops []threadStop, upto int) (stuck []trace.EventRef, other, ok bool) {
	in := func(u trace.ThreadID) bool { return int(u) <= upto }
	done := func(r trace.EventRef) bool { return r.Index < stops[r.Thread].performed }
	finished := func(u trace.ThreadID) bool { return int(stops[u].performed) == len(tr.Threads[u].Events) }
	unmet := func(srcs []trace.EventRef) (bool, bool) { // some source not done; all of them assigned
		known := true
		for _, src := range srcs {
			if !in(src.Thread) {
				known = false
			} else if !done(src) {
				return true, true
			}
		}
		return false, known
	}
	for t, s := range stops[:upto+1] {
		th := tr.Threads[t]
		if th.HasFork && len(th.Events) > 0 && in(th.ForkedBy.Thread) && (s.kind == stopAbsent) == done(th.ForkedBy) {
			return nil, false, false
		}
		for _, r := range sc.reqs[t] {
			if r.index >= s.performed {
				break
			}
			if r.isJoin && in(r.joins) && !finished(r.joins) {
				return nil, false, false
			}
			if u, _ := unmet(r.sources); u {
				return nil, false, false
			}
		}
	}
	if !sc.ordered(stops, upto) {
		return nil, false, false
	}
	// The channels: every performed send completed (the stuck ones are
	// taken last), every receive took a send, no stuck send on a closed
	// channel.
	totals := map[trace.Sym]chanCount{}
	stuckSends := map[trace.Sym]int{}
	for t, s := range stops[:upto+1] {
		for ch, c := range s.chans {
			totals[ch] = totals[ch].plus(c)
		}
		if s.kind == stopInSend {
			ch := tr.Threads[t].Events[s.at].Obj
			stuckSends[ch]++
			totals[ch] = totals[ch] // checked below even without other operations
		}
	}
	for ch, c := range totals {
		if sc.ch[ch] > upto {
			continue
		}
		k := tr.Cap(ch)
		if c.recvs > c.sends || c.sends > c.recvs+k || c.recvClosed > 0 && (c.closes == 0 || c.sends != c.recvs) {
			return nil, false, false
		}
		if n := stuckSends[ch]; n > 0 && (c.closes > 0 || c.sends != c.recvs+k) {
			return nil, false, false
		}
	}
	for ti, s := range stops[:upto+1] {
		t := trace.ThreadID(ti)
		ref := trace.EventRef{Thread: t, Index: s.at}
		switch s.kind {
		case stopFinished, stopAbsent:
			continue
		case stopInSend, stopInWait:
			// The send or the wait's release is taken, last: its hb
			// facts must be satisfied (else the thread waits before it).
			if u, _ := unmet(tr.HBSources(ref)); u {
				return nil, false, false
			}
			other = true
		case stopPending:
			ev := tr.Event(ref)
			if sc.lock[ev.Obj] <= upto && !lockKept(tr, stops, t, ev.Obj, ev.Op == trace.OpRRequest) {
				return nil, false, false
			}
		case stopAt:
			ev := tr.Event(ref)
			u, known := unmet(tr.HBSources(ref))
			switch {
			case u:
				other = true
			case !known:
				// it may wait for an hb source not chosen yet
			case ev.Op == trace.OpJoin:
				v, ok := tr.ThreadByName(tr.Str(ev.Obj))
				if !ok || in(v) && finished(v) {
					return nil, false, false
				}
				other = true
			case ev.Op.IsRecv():
				c := totals[ev.Obj]
				if sc.ch[ev.Obj] <= upto && (c.sends+stuckSends[ev.Obj] != c.recvs || c.closes > 0) {
					return nil, false, false
				}
				other = true
			case ev.Op == trace.OpAcquire || ev.Op == trace.OpRAcquire:
				if sc.lock[ev.Obj] <= upto && !lockKept(tr, stops, t, ev.Obj, ev.Op == trace.OpRAcquire) {
					return nil, false, false
				}
			default:
				return nil, false, false
			}
		}
		stuck = append(stuck, ref)
	}
	return stuck, other, true
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

// ordered reports whether the stops of threads 0 … upto agree with
// must-happen-before (as outOfOrder does for a cycle, order.go): what
// each thread performs before its stop needs no event of another thread
// beyond that thread's stop (the send or the wait a thread is inside is
// left out: whether the clocks count its completion is theirs to say). Under the implicit branch model a thread's
// last performed read must be consistent too, so the one write that can
// give its value (encode.OneWrite) is needed, and a read no write can
// give (encode.Impossible) rules the stop out.
func (sc *scopes) ordered(stops []threadStop, upto int) bool {
	tr := sc.x.Trace
	for t, s := range stops[:upto+1] {
		last := int(s.performed) - 1
		if last < 0 {
			continue
		}
		need := sc.need
		clear(need)
		ref := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(last)}
		join(need, sc.x.Clock(ref))
		if sc.model == trace.BranchesImplicit && tr.Event(ref).Op == trace.OpRead {
			switch w, kind := sc.x.Source(ref); kind {
			case encode.Impossible:
				return false
			case encode.OneWrite:
				join(need, sc.x.Clock(w))
			}
		}
		for u, o := range stops[:upto+1] {
			// The send or wait a thread is inside is taken after the
			// others' steps, so it is not among what they may need.
			if u != t && need[u] > o.performed {
				return false
			}
		}
	}
	return true
}

// closedEnd reports whether every thread that the stops leave finished
// has ended: its last event is `end` (a thread without events never
// starts).
func closedEnd(tr *trace.Trace, stops []threadStop) bool {
	for t, s := range stops {
		evs := tr.Threads[t].Events
		if s.kind == stopFinished && len(evs) > 0 && evs[len(evs)-1].Op != trace.OpEnd {
			return false
		}
	}
	return true
}
