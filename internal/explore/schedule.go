// Package explore is the brute-force reference explorer of
// docs/semantics.md: it enumerates bindings and choices literally and
// searches feasible schedules step by step. It shares nothing with package
// encode and is meant for traces of up to about 14 events; it is the oracle
// that the constraint encoding is tested against.
package explore

import (
	"strconv"
	"strings"

	"gpredict/predict/replay"
	"gpredict/trace"
)

// state is a prefix of a schedule: everything rules 1–5 of
// docs/semantics.md need to decide which step may come next. It is copied,
// never shared, so the search needs no undo.
type state struct {
	started []uint32      // per thread: events begun
	part    []replay.Part // per thread: last part done of a wait in progress (Whole: none)
	woken   []bool        // per thread: its wait in progress has been woken
	bad     []bool        // per thread: some scheduled read of it is inconsistent
	depth   []int         // per thread: re-entrant depth to restore after its wait
	holder  map[trace.Sym]hold
	// shared[l][t] is thread t's depth of shared holds of l; inner
	// counts shared acquires inside t's own exclusive hold of l, which
	// are re-entrant and ignored.
	shared map[trace.Sym]map[trace.ThreadID]int
	inner  map[threadLock]int
	lastW  map[trace.Sym]lastWrite
	path   []replay.Step
	mem    memState // memory model and store buffers (memmodel.go)
	// chans are the channels' queues (chan.go); a queue is replaced,
	// never changed, when a step changes it, so clones share them.
	chans map[trace.Sym]chanQueue
	// departed[t]: thread t's last step took another case of a select
	// than the recorded one (select.go); it takes no more steps.
	departed []bool
}

// threadLock is a (thread, lock) pair.
type threadLock struct {
	t trace.ThreadID
	l trace.Sym
}

type hold struct {
	thread trace.ThreadID
	depth  int
}

// lastWrite is the last write to a variable: what a read would see.
type lastWrite struct {
	ref      trace.EventRef
	concrete bool
}

func newState(tr *trace.Trace) *state {
	n := len(tr.Threads)
	return &state{
		started: make([]uint32, n), part: make([]replay.Part, n),
		woken: make([]bool, n), bad: make([]bool, n), depth: make([]int, n),
		holder: map[trace.Sym]hold{}, lastW: map[trace.Sym]lastWrite{},
		shared: map[trace.Sym]map[trace.ThreadID]int{}, inner: map[threadLock]int{},
		chans: map[trace.Sym]chanQueue{}, departed: make([]bool, n),
	}
}

func (s *state) clone() *state {
	c := &state{
		started:  append([]uint32(nil), s.started...),
		part:     append([]replay.Part(nil), s.part...),
		woken:    append([]bool(nil), s.woken...),
		bad:      append([]bool(nil), s.bad...),
		depth:    append([]int(nil), s.depth...),
		holder:   make(map[trace.Sym]hold, len(s.holder)),
		lastW:    make(map[trace.Sym]lastWrite, len(s.lastW)),
		shared:   make(map[trace.Sym]map[trace.ThreadID]int, len(s.shared)),
		inner:    make(map[threadLock]int, len(s.inner)),
		path:     append(make([]replay.Step, 0, len(s.path)+1), s.path...),
		mem:      s.mem.clone(),
		chans:    make(map[trace.Sym]chanQueue, len(s.chans)),
		departed: append([]bool(nil), s.departed...),
	}
	for k, q := range s.chans {
		c.chans[k] = q
	}
	for l, m := range s.shared {
		c.shared[l] = make(map[trace.ThreadID]int, len(m))
		for t, d := range m {
			c.shared[l][t] = d
		}
	}
	for k, v := range s.inner {
		c.inner[k] = v
	}
	for k, v := range s.holder {
		c.holder[k] = v
	}
	for k, v := range s.lastW {
		c.lastW[k] = v
	}
	return c
}

// sharedByOther reports whether a thread other than t holds l shared.
func (s *state) sharedByOther(l trace.Sym, t trace.ThreadID) bool {
	for u, d := range s.shared[l] {
		if u != t && d > 0 {
			return true
		}
	}
	return false
}

// waitingWriter returns a thread other than t that waits to acquire the
// rwmutex l exclusively — it has performed its `request l` and not the
// acquire that follows — or -1. Writer preference (rule 3): no thread
// takes l shared meanwhile. It is a function of the threads' progress, so
// the state needs nothing more.
func waitingWriter(tr *trace.Trace, s *state, l trace.Sym, t trace.ThreadID) int {
	if !tr.Kind(l).WriterPreference() {
		return -1
	}
	for u, th := range tr.Threads {
		if trace.ThreadID(u) == t || s.started[u] == 0 || s.part[u] != replay.Whole {
			continue
		}
		if ev := &th.Events[s.started[u]-1]; ev.Op == trace.OpRequest && ev.Obj == l {
			return u
		}
	}
	return -1
}

// hbDone reports whether every event that an hb fact puts before ref has
// been scheduled (rule 2 for the trace's hb facts).
func (s *state) hbDone(tr *trace.Trace, ref trace.EventRef) bool {
	for _, src := range tr.HBSources(ref) {
		if !s.done(tr, src) {
			return false
		}
	}
	return true
}

// done reports whether every part of event e has been scheduled, and a
// send has completed (rule 7).
func (s *state) done(tr *trace.Trace, e trace.EventRef) bool {
	if s.started[e.Thread] > e.Index+1 {
		return true
	}
	return s.started[e.Thread] == e.Index+1 && s.part[e.Thread] == replay.Whole && !s.sendBlocks(tr, e.Thread) && !s.departed[e.Thread]
}

// successors returns every state one step after s, following
// docs/semantics.md literally. A notify that has several waiters to wake
// gives one successor per waiter.
func successors(tr *trace.Trace, model trace.BranchModel, s *state) []*state {
	var out []*state
	for ti, th := range tr.Threads {
		t := trace.ThreadID(ti)
		switch s.part[t] {
		case replay.Release: // waiting: the wake-up needs an earlier notify
			if s.woken[t] {
				n := s.clone()
				n.part[t] = replay.Wake
				n.path = append(n.path, replay.Step{Ref: cur(s, t), Part: replay.Wake})
				out = append(out, n)
			}
			continue
		case replay.Wake: // re-acquire needs the lock free
			ev := tr.Event(cur(s, t))
			if _, held := s.holder[ev.Obj]; !held && !s.sharedByOther(ev.Obj, t) {
				n := s.clone()
				n.part[t] = replay.Whole
				n.woken[t] = false
				n.holder[ev.Obj] = hold{t, s.depth[t]}
				n.path = append(n.path, replay.Step{Ref: cur(s, t), Part: replay.Reacquire})
				out = append(out, n)
			}
			continue
		}
		if int(s.started[t]) == len(th.Events) || s.sendBlocks(tr, t) || s.departed[t] {
			continue
		}
		ref := trace.EventRef{Thread: t, Index: s.started[t]}
		ev := tr.Event(ref)
		// Rule 5, checked as early as it can be: under the implicit model
		// an inconsistent read may not be followed by any step of its
		// thread; under the explicit model not by a branch.
		if s.bad[t] && (model == trace.BranchesImplicit || ev.Op == trace.OpBranch) {
			continue
		}
		if ref.Index == 0 && th.HasFork && !s.done(tr, th.ForkedBy) { // rule 2
			continue
		}
		if !s.hbDone(tr, ref) { // rule 2, hb facts
			continue
		}
		out = append(out, take(tr, s, ref, ev)...)
		out = append(out, otherCases(tr, s, ref)...)
	}
	return append(out, commits(tr, s)...)
}

func cur(s *state, t trace.ThreadID) trace.EventRef {
	return trace.EventRef{Thread: t, Index: s.started[t] - 1}
}

// take schedules the (first part of the) event ref, if the rules allow.
func take(tr *trace.Trace, s *state, ref trace.EventRef, ev *trace.Event) []*state {
	t := ref.Thread
	if !s.flushed(tr, t, ev) { // rule 6
		return nil
	}
	next := func(part replay.Part) *state {
		n := s.clone()
		n.started[t]++
		n.part[t] = part
		n.path = append(n.path, replay.Step{Ref: ref, Part: part})
		return n
	}
	switch ev.Op {
	case trace.OpJoin:
		if c, ok := tr.ThreadByName(tr.Str(ev.Obj)); ok {
			if s.started[c] < uint32(len(tr.Threads[c].Events)) || s.part[c] != replay.Whole || s.sendBlocks(tr, c) || s.departed[c] {
				return nil
			}
		}
	case trace.OpAcquire:
		h, held := s.holder[ev.Obj]
		if held && (h.thread != t || !tr.Kind(ev.Obj).Reentrant()) || s.sharedByOther(ev.Obj, t) {
			return nil // a non-re-entrant lock held by t itself blocks it forever
		}
		n := next(replay.Whole)
		n.holder[ev.Obj] = hold{t, h.depth + 1}
		return []*state{n}
	case trace.OpRelease:
		n := next(replay.Whole)
		if h := s.holder[ev.Obj]; h.depth > 1 {
			n.holder[ev.Obj] = hold{t, h.depth - 1}
		} else {
			delete(n.holder, ev.Obj)
		}
		return []*state{n}
	case trace.OpRAcquire:
		h, held := s.holder[ev.Obj]
		if held && h.thread == t && !tr.Kind(ev.Obj).Reentrant() || waitingWriter(tr, s, ev.Obj, t) >= 0 {
			return nil
		}
		n := next(replay.Whole)
		switch {
		case held && h.thread == t:
			n.inner[threadLock{t, ev.Obj}]++
		case held:
			return nil
		default:
			if n.shared[ev.Obj] == nil {
				n.shared[ev.Obj] = map[trace.ThreadID]int{}
			}
			n.shared[ev.Obj][t]++
		}
		return []*state{n}
	case trace.OpRRelease:
		n := next(replay.Whole)
		if k := (threadLock{t, ev.Obj}); n.inner[k] > 0 {
			n.inner[k]--
		} else {
			n.shared[ev.Obj][t]--
		}
		return []*state{n}
	case trace.OpWait:
		n := next(replay.Release)
		n.depth[t] = s.holder[ev.Obj].depth
		n.woken[t] = false
		delete(n.holder, ev.Obj)
		return []*state{n}
	case trace.OpNotify, trace.OpNotifyAll:
		var waiters []trace.ThreadID
		for u := range tr.Threads {
			w := trace.ThreadID(u)
			if s.part[w] == replay.Release && !s.woken[w] && tr.Event(cur(s, w)).Val == ev.Obj {
				waiters = append(waiters, w)
			}
		}
		if ev.Op == trace.OpNotifyAll || len(waiters) == 0 {
			n := next(replay.Whole)
			for _, w := range waiters {
				n.woken[w] = true
			}
			return []*state{n}
		}
		// A notify wakes exactly one of the current waiters: which one
		// is not recorded, so each is a separate possibility.
		var out []*state
		for _, w := range waiters {
			n := next(replay.Whole)
			n.woken[w] = true
			out = append(out, n)
		}
		return out
	case trace.OpRead:
		n := next(replay.Whole)
		lw, ok := s.seen(tr, t, ev.Obj)
		var consistent bool
		if !ok {
			consistent = tr.InitValue(ev.Obj) == ev.Val
		} else {
			consistent = lw.concrete && tr.Event(lw.ref).Val == ev.Val
		}
		if !consistent {
			n.bad[t] = true
		}
		return []*state{n}
	case trace.OpWrite:
		n := next(replay.Whole)
		if w := (lastWrite{ref: ref, concrete: !s.bad[t]}); !n.buffered(tr, ref, ev, w) {
			n.lastW[ev.Obj] = w
		}
		return []*state{n}
	case trace.OpSend, trace.OpRecv, trace.OpRecvClosed, trace.OpClose:
		return takeChan(tr, s, ref, ev, func() *state { return next(replay.Whole) })
	case trace.OpDefault:
		if sel, _ := tr.SelectAt(ref); ready(tr, s, sel) {
			return nil // a select takes its default only when no case is ready
		}
	}
	return []*state{next(replay.Whole)}
}

// key identifies s for memoisation together with the pattern-relevant
// shape of its path (see explorer.shape). Lock holders and waiters are
// functions of the per-thread progress, so they need not be in it.
func (s *state) key(b *strings.Builder) {
	for t := range s.started {
		b.WriteString(strconv.Itoa(int(s.started[t])))
		b.WriteByte(byte('a' + s.part[t]))
		if s.woken[t] {
			b.WriteByte('w')
		}
		if s.bad[t] {
			b.WriteByte('b')
		}
		if s.departed[t] {
			b.WriteByte('d')
		}
		b.WriteByte(',')
	}
	for _, v := range sortedSyms(s.lastW) {
		lw := s.lastW[trace.Sym(v)]
		b.WriteString(strconv.Itoa(v))
		b.WriteByte('=')
		lw.key(b)
		b.WriteByte(';')
	}
	s.mem.key(b)
	s.chanKey(b)
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}
