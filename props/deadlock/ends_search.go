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
// bound is needed; what it cuts off is reported as unknown. A step costs
// about a quarter of a microsecond (ristretto's tests, 5.78M events: the
// 4.1M steps past the former bound of 1M took about 1 s of a 17 s
// search, most of it finding and pruning the stops), so ten million is
// a few seconds at most; that suite's search needs 5.1M.
const (
	MaxBlockedEnds        = 10_000
	MaxBlockedSearchSteps = 10_000_000
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
	steps      int // steps taken
}

// waitsOther reports whether the stop may wait for something other than
// a lock: in a send or a wait, at a receive or a join, or at an event
// with hb facts into it.
func (s threadStop) waitsOther(tr *trace.Trace, t trace.ThreadID) bool {
	switch s.kind {
	case stopInSend, stopInWait:
		return true
	case stopPending:
		return tr.Event(trace.EventRef{Thread: t, Index: s.at}).Op.IsPending()
	case stopAt:
		ref := trace.EventRef{Thread: t, Index: s.at}
		op := tr.Event(ref).Op
		return op.IsRecv() || op == trace.OpJoin || len(tr.HBSources(ref)) > 0
	}
	return false
}

// scopes says, for the constraints endOf checks, the threads that each
// speaks of: a channel's counts need every thread that uses it, what
// keeps a lock from a thread every thread that takes it.
type scopes struct {
	x     *encode.Index // the whole trace's must-happen-before (order.go)
	model trace.BranchModel
	need  []uint32 // scratch
	reqs  []([]requirement)
	ch    map[trace.Sym][]trace.ThreadID
	lock  map[trace.Sym][]trace.ThreadID
}

// newScopes is the scopes of tr, whose index x is NewModelIndex(tr,
// model).
func newScopes(tr *trace.Trace, x *encode.Index, model trace.BranchModel) *scopes {
	sc := &scopes{x: x, model: model, need: make([]uint32, len(tr.Threads)),
		reqs: requirementsOf(tr), ch: map[trace.Sym][]trace.ThreadID{}, lock: map[trace.Sym][]trace.ThreadID{}}
	add := func(m map[trace.Sym][]trace.ThreadID, k trace.Sym, t trace.ThreadID) {
		if u := m[k]; len(u) == 0 || u[len(u)-1] != t {
			m[k] = append(u, t)
		}
	}
	for t, th := range tr.Threads {
		for i := range th.Events {
			ev := &th.Events[i]
			switch {
			case ev.Op.IsChan() || ev.Op == trace.OpRecvWait:
				add(sc.ch, ev.Obj, trace.ThreadID(t))
				if sel, ok := tr.SelectAt(trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)}); ok {
					for _, c := range sel.Cases {
						add(sc.ch, c.Chan, trace.ThreadID(t))
					}
				}
			case ev.Op.IsLock() || ev.Op.IsRequest() || ev.Op == trace.OpWait:
				add(sc.lock, ev.Obj, trace.ThreadID(t))
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

// endOf judges the stops of the threads in order, those assigned (the
// others have none yet; a constraint that speaks of one of them is not
// checked): the end
// they describe is a blocked end when every thread that has started got
// there (its fork, joins and hb facts satisfied by the others' stops;
// every send it performed completed; every receive took a send, or found
// its channel closed and drained), every stopped thread cannot move from
// the final state (a lock kept from it, an empty open channel, an
// unfinished joined thread, an hb source not performed; a send not
// completed, a wait nobody notifies) and some stopped thread waits for
// something other than a lock. It returns the events the stopped threads
// wait in (in thread order), whether one of them waits for something
// other than a lock, and whether the constraints hold.
func endOf(tr *trace.Trace, sc *scopes, stops []threadStop, order []trace.ThreadID, assigned []bool) (stuck []trace.EventRef, other, ok bool) {
	in := func(u trace.ThreadID) bool { return assigned[u] }
	all := func(users []trace.ThreadID) bool {
		return !slices.ContainsFunc(users, func(u trace.ThreadID) bool { return !assigned[u] })
	}
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
	for _, t := range order {
		s := stops[t]
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
	if !sc.ordered(stops, order) {
		return nil, false, false
	}
	// The channels: every performed send completed (the stuck ones are
	// taken last), every receive took a send, no stuck send on a closed
	// channel.
	totals := map[trace.Sym]chanCount{}
	stuckSends := map[trace.Sym]int{}
	for _, t := range order {
		s := stops[t]
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
		if !all(sc.ch[ch]) {
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
	for _, t := range order {
		s := stops[t]
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
			if selectGoesOn(tr, sc, ref, totals, stuckSends, stops, all) {
				return nil, false, false
			}
			other = true
		case stopPending:
			ev := tr.Event(ref)
			if ev.Op == trace.OpRecvWait {
				c := totals[ev.Obj]
				if all(sc.ch[ev.Obj]) && (c.sends+stuckSends[ev.Obj] != c.recvs || c.closes > 0) {
					return nil, false, false
				}
				other = true
			} else if ev.Op == trace.OpLatchWait {
				other = true // no event of the trace opens the latch
			} else if all(sc.lock[ev.Obj]) && !lockKept(tr, stops, t, ev.Obj, ev.Op == trace.OpRRequest) {
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
				if all(sc.ch[ev.Obj]) && (c.sends+stuckSends[ev.Obj] != c.recvs || c.closes > 0) {
					return nil, false, false
				}
				if selectGoesOn(tr, sc, ref, totals, stuckSends, stops, all) {
					return nil, false, false
				}
				other = true
			case ev.Op == trace.OpAcquire || ev.Op == trace.OpRAcquire:
				if all(sc.lock[ev.Obj]) && !lockKept(tr, stops, t, ev.Obj, ev.Op == trace.OpRAcquire) {
					return nil, false, false
				}
			default:
				return nil, false, false
			}
		}
		stuck = append(stuck, ref)
	}
	slices.SortFunc(stuck, compareRefs)
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

// compareRefs orders events by thread, then index.
func compareRefs(a, b trace.EventRef) int {
	switch {
	case a.Less(b):
		return -1
	case b.Less(a):
		return 1
	}
	return 0
}

// ordered reports whether the stops of the threads in order agree with
// must-happen-before (as outOfOrder does for a cycle, order.go): what
// each thread performs before its stop needs no event of another thread
// beyond that thread's stop (the send or the wait a thread is inside is
// left out: whether the clocks count its completion is theirs to say). Under the implicit branch model a thread's
// last performed read must be consistent too, so the one write that can
// give its value (encode.OneWrite) is needed, and a read no write can
// give (encode.Impossible) rules the stop out.
func (sc *scopes) ordered(stops []threadStop, order []trace.ThreadID) bool {
	for _, t := range order {
		if !sc.meets(stops, order, t, sc.need) {
			return false
		}
	}
	return true
}

// meets reports whether what thread t performs before its stop needs no
// event of a thread in order beyond that thread's stop (ordered); need
// is scratch, left holding what t needs.
func (sc *scopes) meets(stops []threadStop, order []trace.ThreadID, t trace.ThreadID, need []uint32) bool {
	tr := sc.x.Trace
	clear(need)
	last := int(stops[t].performed) - 1
	if last < 0 {
		return true
	}
	ref := trace.EventRef{Thread: t, Index: uint32(last)}
	join(need, sc.x.Clock(ref))
	if sc.model == trace.BranchesImplicit && tr.Event(ref).Op == trace.OpRead {
		switch w, kind := sc.x.Source(ref); kind {
		case encode.Impossible:
			return false
		case encode.OneWrite:
			join(need, sc.x.Clock(w))
		}
	}
	for _, u := range order {
		// The send or wait a thread is inside is taken after the
		// others' steps, so it is not among what they may need.
		if u != t && need[u] > stops[u].performed {
			return false
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

// selectGoesOn reports whether the select whose case ref is (the next
// event a thread stops at, or the send it stops inside) would go on at
// the end instead of waiting (docs/semantics.md, Blocked ends): it has a
// default, or a case that is ready with the end's counts — a receive
// case with a send not received or a close, a send case with a close,
// room in its buffer, or (unbuffered) a thread pending in a recvwait of
// it. A channel whose users are not all assigned counts as ready, so
// that no end is accepted on what is not known yet.
func selectGoesOn(tr *trace.Trace, sc *scopes, ref trace.EventRef, totals map[trace.Sym]chanCount, stuckSends map[trace.Sym]int, stops []threadStop, all func([]trace.ThreadID) bool) bool {
	sel, ok := tr.SelectAt(ref)
	if !ok {
		return false
	}
	if sel.Default {
		return true
	}
	for _, cs := range sel.Cases {
		if !all(sc.ch[cs.Chan]) {
			return true
		}
		c, k := totals[cs.Chan], tr.Cap(cs.Chan)
		pending := c.sends + stuckSends[cs.Chan] - c.recvs
		switch {
		case c.closes > 0, !cs.Send && pending > 0:
			return true
		case cs.Send && k > 0 && pending < k:
			return true
		case cs.Send && k == 0 && recvWaitsAt(tr, stops, sc.ch[cs.Chan], cs.Chan):
			return true
		}
	}
	return false
}

// recvWaitsAt reports whether one of users stops pending in a recvwait
// of ch.
func recvWaitsAt(tr *trace.Trace, stops []threadStop, users []trace.ThreadID, ch trace.Sym) bool {
	for _, u := range users {
		if s := stops[u]; s.kind == stopPending {
			if ev := tr.Event(trace.EventRef{Thread: u, Index: s.at}); ev.Op == trace.OpRecvWait && ev.Obj == ch {
				return true
			}
		}
	}
	return false
}
