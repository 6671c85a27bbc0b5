package encode

import (
	"math"
	"slices"
	"sort"

	"gpredict/trace"
)

// Windows cut a trace with a base order (HasBaseOrder) into the part a
// candidate's witness is searched in and a past that is taken as it was
// recorded. The past is a prefix of the base order, so on a recorded
// execution it is itself an execution prefix; a witness of the window,
// after the past, is a schedule of the whole trace. That is an
// under-approximation for finding witnesses only: the window shows
// nothing about schedules that reorder the past, and a lifted witness
// is replay-validated against the whole trace like any other.
//
// The cut is placed where no thread holds a lock shared nor waits for an
// rwmutex it has requested (the window would lose the request, and with
// it writer preference), and before the first event at which the base
// order stops being an execution (canExecute). A thread may be inside
// exclusive holds there: its part of the window begins with copies of
// their acquires (trace.WindowHolding), which Lift leaves out. On
// lock-heavy recordings a moment when no thread at all holds a lock is
// rare, and windows that had to begin at one were too far from most
// candidates to help. The window ends a
// margin after the last chosen event; a thread that joins a thread cut short is cut before
// the join, and a thread whose fork is cut off is left empty.
type Windows struct {
	tr *trace.Trace
	// order lists the events by base position.
	order []trace.EventRef
	// cuts are the base positions at which a window may begin,
	// increasing; cutAt[k] is the number of events before cuts[k].
	cuts  []uint32
	cutAt []int
	// executes is how many events of order, from the start, form an
	// execution (canExecute).
	executes int
	// writes lists, per variable, its writes in base order.
	writes map[trace.Sym][]trace.EventRef
	// holds lists, per thread, its exclusive holds begun by an acquire
	// in the executing part, by acquire.
	holds [][]holdSpan
}

// holdSpan is one exclusive hold: its acquire and its release
// (noRelease: none in the executing part).
type holdSpan struct{ acquire, release uint32 }

const noRelease = math.MaxUint32

// NewWindows indexes tr, which must have a base order.
func NewWindows(tr *trace.Trace) *Windows {
	ws := newWindows(tr)
	// The lists at their lengths: grown by appending, they kept up to
	// twice their bytes for the whole run (a cut every event or so on a
	// lock-heavy recording).
	ws.cuts, ws.cutAt = slices.Clone(ws.cuts), slices.Clone(ws.cutAt)
	for t := range ws.holds {
		ws.holds[t] = slices.Clone(ws.holds[t])
	}
	for v := range ws.writes {
		ws.writes[v] = slices.Clone(ws.writes[v])
	}
	return ws
}

func newWindows(tr *trace.Trace) *Windows {
	ws := &Windows{tr: tr, writes: map[trace.Sym][]trace.EventRef{}, holds: make([][]holdSpan, len(tr.Threads)),
		order: make([]trace.EventRef, 0, tr.NumEvents())}
	for _, th := range tr.Threads {
		for i := range th.Events {
			ws.order = append(ws.order, trace.EventRef{Thread: th.ID, Index: uint32(i)})
		}
	}
	arrival := func(r trace.EventRef) uint32 { return tr.Threads[r.Thread].Arrival[r.Index] }
	slices.SortFunc(ws.order, func(a, b trace.EventRef) int { return int(arrival(a)) - int(arrival(b)) })
	depth := make([]map[trace.Sym]int, len(tr.Threads))
	for t := range depth {
		depth[t] = map[trace.Sym]int{}
	}
	owner := map[trace.Sym]trace.ThreadID{}              // lock → holding thread
	value := map[trace.Sym]trace.Sym{}                   // variable → last value written
	open := make([]map[trace.Sym][]int, len(tr.Threads)) // per thread and lock: indexes into holds, innermost last
	for t := range open {
		open[t] = map[trace.Sym][]int{}
	}
	rd := newReaders(len(tr.Threads)) // shared holds (rwlock.go)
	wp := writersWaiting{}            // requested rwmutexes (wpref.go)
	for k, r := range ws.order {
		ev := tr.Event(r)
		if rd.held == 0 && wp.n == 0 {
			ws.cuts, ws.cutAt = append(ws.cuts, arrival(r)), append(ws.cutAt, k)
		}
		if !ws.canExecute(r, ev, owner, value) || !rd.canExecute(tr, r, ev, owner) || !wp.step(tr, r, ev) {
			ws.executes = k
			return ws // the base order is no execution from here on
		}
		rd.step(r, ev, owner)
		switch ev.Op {
		case trace.OpAcquire:
			if depth[r.Thread][ev.Obj]++; depth[r.Thread][ev.Obj] == 1 {
				owner[ev.Obj] = r.Thread
			}
			open[r.Thread][ev.Obj] = append(open[r.Thread][ev.Obj], len(ws.holds[r.Thread]))
			ws.holds[r.Thread] = append(ws.holds[r.Thread], holdSpan{acquire: r.Index, release: noRelease})
		case trace.OpRelease:
			if depth[r.Thread][ev.Obj]--; depth[r.Thread][ev.Obj] == 0 {
				delete(owner, ev.Obj)
			}
			if st := open[r.Thread][ev.Obj]; len(st) > 0 {
				ws.holds[r.Thread][st[len(st)-1]].release = r.Index
				open[r.Thread][ev.Obj] = st[:len(st)-1]
			}
		case trace.OpWrite:
			ws.writes[ev.Obj] = append(ws.writes[ev.Obj], r)
			value[ev.Obj] = ev.Val
		}
	}
	ws.executes = len(ws.order)
	if n := len(ws.order); rd.held == 0 && wp.n == 0 && n > 0 {
		ws.cuts, ws.cutAt = append(ws.cuts, arrival(ws.order[n-1])+1), append(ws.cutAt, n)
	}
	return ws
}

// canExecute reports whether event r can happen next in the base order:
// it is no wait (a past wait's three steps have no base positions), its
// thread has been forked, a join comes after its thread's last event, an
// acquire finds the lock free or its own, a read returns the value last
// written. Cuts stop at the first event that cannot, so that a past is
// always an execution prefix (traces written thread by thread have a
// base order that is none).
func (ws *Windows) canExecute(r trace.EventRef, ev *trace.Event, owner map[trace.Sym]trace.ThreadID, value map[trace.Sym]trace.Sym) bool {
	tr := ws.tr
	th := tr.Threads[r.Thread]
	switch {
	case ev.Op == trace.OpWait:
		return false
	case r.Index == 0 && th.HasFork:
		f := th.ForkedBy
		if tr.Threads[f.Thread].Arrival[f.Index] > th.Arrival[0] {
			return false
		}
	}
	switch ev.Op {
	case trace.OpJoin:
		child, ok := tr.ThreadByName(tr.Str(ev.Obj))
		if a := tr.Threads[child].Arrival; ok && len(a) > 0 && a[len(a)-1] > th.Arrival[r.Index] {
			return false
		}
	case trace.OpAcquire:
		if o, busy := owner[ev.Obj]; busy && o != r.Thread {
			return false
		}
	case trace.OpRead:
		v, ok := value[ev.Obj]
		if !ok {
			v = tr.InitValue(ev.Obj)
		}
		if v != ev.Val {
			return false
		}
	}
	return true
}

// Window is a window of a trace (Windows.For): Trace holds events
// Start[t] on of every thread t of the whole trace, after Held[t] copies
// of the acquires of the holds thread t is inside at Start[t].
type Window struct {
	Trace *trace.Trace
	Start []int
	Held  []int
	past  []trace.EventRef
}

// For returns the window for candidate c that begins at the last cut at
// least margin base positions before the first chosen event and ends
// margin positions after the last, with c's choice moved into it. It
// reports false when there is no such cut past the trace's start or a
// chosen event falls outside the window.
func (ws *Windows) For(c Candidate, margin int) (*Window, Candidate, bool) {
	tr := ws.tr
	lo, hi := uint32(math.MaxUint32), uint32(0)
	for _, r := range c.Choice {
		a := tr.Threads[r.Thread].Arrival[r.Index]
		lo, hi = min(lo, a), max(hi, a)
	}
	if int64(lo) <= int64(margin) {
		return nil, c, false
	}
	k := sort.Search(len(ws.cuts), func(i int) bool { return ws.cuts[i] > lo-uint32(margin) }) - 1
	if k < 0 || ws.cuts[k] == 0 {
		return nil, c, false
	}
	cut, last := ws.cuts[k], hi+uint32(margin)
	start, end := make([]int, len(tr.Threads)), make([]int, len(tr.Threads))
	for t, th := range tr.Threads {
		start[t], _ = slices.BinarySearch(th.Arrival, cut)
		end[t], _ = slices.BinarySearch(th.Arrival, last+1)
	}
	tr.CloseEnds(start, end)
	held := ws.openAt(start)
	pre, copies := make([]int, len(tr.Threads)), 0
	for t := range held {
		pre[t] = len(held[t])
		copies += pre[t]
	}
	choice := make([]trace.EventRef, len(c.Choice))
	for i, r := range c.Choice {
		if int(r.Index) < start[r.Thread] || int(r.Index) >= end[r.Thread] {
			return nil, c, false
		}
		choice[i] = trace.EventRef{Thread: r.Thread, Index: r.Index - uint32(start[r.Thread]-pre[r.Thread])}
	}
	w := &Window{Start: start, Held: pre, past: ws.order[:ws.cutAt[k]]}
	w.Trace = tr.WindowHolding(start, end, ws.snapshot(start, end, cut), cut-uint32(copies), held)
	return w, Candidate{Alt: c.Alt, Choice: choice}, true
}

// openAt lists, per thread, the acquires of the holds open at start (in
// thread order).
func (ws *Windows) openAt(start []int) [][]uint32 {
	held := make([][]uint32, len(start))
	for t, hs := range ws.holds {
		s := uint32(start[t])
		for _, h := range hs {
			if h.acquire >= s {
				break
			}
			if h.release >= s {
				held[t] = append(held[t], h.acquire)
			}
		}
	}
	return held
}

// snapshot is the value every variable the window accesses has after the
// past: its last write before cut, if any.
func (ws *Windows) snapshot(start, end []int, cut uint32) map[trace.Sym]trace.Sym {
	tr := ws.tr
	init := map[trace.Sym]trace.Sym{}
	for t, th := range tr.Threads {
		for i := start[t]; i < end[t]; i++ {
			ev := &th.Events[i]
			if !ev.Op.IsAccess() {
				continue
			}
			if _, done := init[ev.Obj]; done {
				continue
			}
			init[ev.Obj] = tr.InitValue(ev.Obj)
			wr := ws.writes[ev.Obj]
			k := sort.Search(len(wr), func(j int) bool { return tr.Threads[wr[j].Thread].Arrival[wr[j].Index] >= cut })
			if k > 0 {
				init[ev.Obj] = tr.Event(wr[k-1]).Val
			}
		}
	}
	return init
}

// PastLen is how many events the window's past holds: the first PastLen
// events of the base order.
func (w *Window) PastLen() int { return len(w.past) }

// Lift turns steps of the window's trace into steps of the whole trace,
// after the past in base order but for its first from events: the
// schedule that continues the base order's first from steps (from ≤
// PastLen; 0 gives the whole schedule). On a long recording the past is
// most of the trace, so a witness that resumes from a validator mark
// (stage.Facts.ValidFrom) costs what lies after the mark, not everything
// before the window.
func (w *Window) Lift(from int, steps []Step) []Step {
	out := make([]Step, 0, len(w.past)-from+len(steps))
	for _, r := range w.past[from:] {
		out = append(out, Step{Ref: r, Part: Whole})
	}
	for _, s := range steps {
		t := s.Ref.Thread
		if int(s.Ref.Index) < w.Held[t] {
			continue // a copy of an acquire of the past
		}
		s.Ref.Index += uint32(w.Start[t] - w.Held[t])
		out = append(out, s)
	}
	return out
}

// Recorded returns the base order up to c's last chosen event as a
// schedule, when that much of it is an execution: the recorded run
// itself, which may already show c.
func (ws *Windows) Recorded(c Candidate) ([]Step, bool) {
	last := uint32(0)
	for _, r := range c.Choice {
		last = max(last, ws.tr.Threads[r.Thread].Arrival[r.Index])
	}
	arrival := func(k int) uint32 { r := ws.order[k]; return ws.tr.Threads[r.Thread].Arrival[r.Index] }
	n := sort.Search(ws.executes, func(k int) bool { return arrival(k) > last })
	if n == 0 || arrival(n-1) != last {
		return nil, false // the last chosen event is past the executing part
	}
	steps := make([]Step, n)
	for i, r := range ws.order[:n] {
		steps[i] = Step{Ref: r, Part: Whole}
	}
	return steps, true
}
