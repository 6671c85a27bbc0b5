package deadlock

import (
	"slices"

	"gpredict/encode"
	"gpredict/trace"
)

// findEnds chooses a stop for every thread, in every combination within
// lim, and keeps those that are blocked ends (endOf). Stops no end can
// contain are dropped first (pruneStops); the threads left with one stop
// are the same in every end, and the others are searched component by
// component (ends_components.go), each thread in turn, abandoning a
// choice as soon as a constraint that involves the thread just chosen
// cannot hold whatever the threads not chosen yet do (walker.consistent).
// Each complete choice of a component is judged by endOf with every
// thread outside it that is not fixed left out; the ends are the
// combinations of one such choice per component.
func findEnds(tr *trace.Trace, model trace.BranchModel, idx *encode.Indexes, lim endLimits) endSearch {
	n := len(tr.Threads)
	opts := make([][]threadStop, n)
	for t := range opts {
		opts[t] = stopsOf(tr, trace.ThreadID(t))
	}
	// A blocked end needs a thread that waits in something other than a
	// lock; without any such stop there is nothing to search.
	if !anyWaitsOther(tr, opts) {
		return endSearch{}
	}
	sc := newScopes(tr, idx.Model(tr, model), model)
	opts = pruneStops(tr, sc, opts)
	if !anyWaitsOther(tr, opts) || slices.ContainsFunc(opts, func(s []threadStop) bool { return len(s) == 0 }) {
		return endSearch{}
	}
	comps, fixed := components(tr, sc, opts)
	w := newWalker(tr, sc, opts, lim.steps)
	for _, t := range fixed {
		if !w.push(t, opts[t][0]) {
			return endSearch{} // the fixed threads contradict each other
		}
	}
	// Every end has a thread stuck in something other than a lock: a
	// component that alone can have one keeps only its choices with one.
	hasOther := func(t trace.ThreadID) bool {
		return slices.ContainsFunc(opts[t], func(s threadStop) bool { return s.waitsOther(tr, t) })
	}
	compOther := make([]bool, len(comps))
	outside := 0 // components with some stop waiting for other than a lock
	for k, comp := range comps {
		compOther[k] = slices.ContainsFunc(comp, hasOther)
		if compOther[k] {
			outside++
		}
	}
	fixedOther := slices.ContainsFunc(fixed, hasOther)
	var out endSearch
	choices := make([][]choice, len(comps))
	for k, comp := range comps {
		others := fixedOther || outside > 1 || outside == 1 && !compOther[k]
		choices[k] = w.component(comp, lim.ends, others, &out)
		if out.outOfSteps {
			return out
		}
		if len(choices[k]) == 0 {
			return endSearch{beyond: out.beyond} // this component has no end: nor has the trace
		}
	}
	if len(comps) == 0 {
		if stuck, other, ok := endOf(tr, sc, w.cur, w.order, w.assigned); ok {
			choices = [][]choice{{{stuck: stuck, other: other}}}
		} else {
			return endSearch{}
		}
	}
	combine(tr, comps, w.cur, choices, lim, &out)
	out.steps = w.steps
	return out
}

func anyWaitsOther(tr *trace.Trace, opts [][]threadStop) bool {
	for t, stops := range opts {
		if slices.ContainsFunc(stops, func(s threadStop) bool { return s.waitsOther(tr, trace.ThreadID(t)) }) {
			return true
		}
	}
	return false
}

// choice is one complete choice of a component's stops that endOf
// accepts (with the fixed threads): the stops in the component's order,
// the events its stuck threads wait in (the fixed threads' too) and
// whether one of them waits for something other than a lock.
type choice struct {
	stops []threadStop
	stuck []trace.EventRef
	other bool
}

// component lists every choice of comp's threads' stops that endOf
// accepts with the fixed threads, at most limit (past it out.beyond);
// without others (no thread outside comp can wait for something other
// than a lock), only those in which one of comp's threads does.
func (w *walker) component(comp []trace.ThreadID, limit int, others bool, out *endSearch) []choice {
	var found []choice
	// after[i]: a thread of comp[i:] has a stop waiting for other than a lock.
	after := make([]bool, len(comp)+1)
	for i := len(comp) - 1; i >= 0; i-- {
		t := comp[i]
		after[i] = after[i+1] || slices.ContainsFunc(w.opts[t], func(s threadStop) bool { return s.waitsOther(w.tr, t) })
	}
	var walk func(i int, other bool) bool
	walk = func(i int, other bool) bool {
		if i == len(comp) {
			stuck, o, ok := endOf(w.tr, w.sc, w.cur, w.order, w.assigned)
			if !ok || !others && !o {
				return true
			}
			if len(found) == limit {
				out.beyond = true
				return false
			}
			c := choice{stuck: stuck, other: o, stops: make([]threadStop, len(comp))}
			for j, t := range comp {
				c.stops[j] = w.cur[t]
			}
			found = append(found, c)
			return true
		}
		t := comp[i]
		stops := w.opts[t]
		for j := 0; j < len(stops); {
			// A run of stops of one kind on one channel fails together
			// when the other threads already rule that kind out.
			k := j + 1
			for k < len(stops) && sameGroup(w.tr, t, stops[j], stops[k]) {
				k++
			}
			if !w.step() {
				out.outOfSteps = true
				return false
			}
			if !w.groupPossible(t, stops[j]) {
				j = k
				continue
			}
			for ; j < k; j++ {
				if !w.step() {
					out.outOfSteps = true
					return false
				}
				o := other || stops[j].waitsOther(w.tr, t)
				if !others && !o && !after[i+1] {
					continue
				}
				if !w.push(t, stops[j]) {
					w.pop()
					continue
				}
				more := walk(i+1, o)
				w.pop()
				if !more {
					return false
				}
			}
		}
		return true
	}
	walk(0, false)
	return found
}

// combine lists the ends: one choice per component, at least one of them
// (or a fixed thread) stuck in something other than a lock, in order,
// at most lim.ends (past it out.beyond).
func combine(tr *trace.Trace, comps [][]trace.ThreadID, base []threadStop, choices [][]choice, lim endLimits, out *endSearch) {
	// otherAfter[k]: a choice of component k or later waits for
	// something other than a lock.
	otherAfter := make([]bool, len(choices)+1)
	for k := len(choices) - 1; k >= 0; k-- {
		otherAfter[k] = otherAfter[k+1] || slices.ContainsFunc(choices[k], func(c choice) bool { return c.other })
	}
	cur := slices.Clone(base)
	picked := make([]*choice, len(choices))
	var walk func(k int, other bool) bool
	walk = func(k int, other bool) bool {
		if k == len(choices) {
			var stuck []trace.EventRef
			for _, c := range picked {
				stuck = append(stuck, c.stuck...)
			}
			slices.SortFunc(stuck, compareRefs)
			stuck = slices.Compact(stuck)
			if len(stuck) == 0 {
				return true
			}
			if len(out.ends) == lim.ends {
				out.beyond = true
				return false
			}
			out.ends = append(out.ends, end{stops: slices.Clone(cur), stuck: stuck, closed: closedEnd(tr, cur)})
			return true
		}
		for i := range choices[k] {
			c := &choices[k][i]
			if !other && !c.other && !otherAfter[k+1] {
				continue
			}
			picked[k] = c
			if k < len(comps) {
				for j, t := range comps[k] {
					cur[t] = c.stops[j]
				}
			}
			if !walk(k+1, other || c.other) {
				return false
			}
		}
		return true
	}
	walk(0, false)
}

// walker holds a partial choice of stops: the threads assigned so far
// (in order) and, kept up to date as threads are pushed and popped, what
// consistent asks of each channel.
type walker struct {
	tr       *trace.Trace
	sc       *scopes
	opts     [][]threadStop
	cur      []threadStop // by thread; the zero stop when not assigned
	assigned []bool
	order    []trace.ThreadID
	// needs[t]: what assigned thread t needs of each thread (scopes.meets).
	needs [][]uint32
	// totals, stuckSends and stuckRecvs count the assigned threads'
	// performed operations and the sends and receives they are stuck in;
	// rest sums, over the unassigned users of a channel, the most of each
	// operation a kept stop of theirs performs (maxc).
	totals                 map[trace.Sym]chanCount
	stuckSends, stuckRecvs map[trace.Sym]int
	rest                   map[trace.Sym]chanCount
	maxc                   []map[trace.Sym]chanCount
	forkees                [][]trace.ThreadID
	steps, maxSteps        int
}

func newWalker(tr *trace.Trace, sc *scopes, opts [][]threadStop, maxSteps int) *walker {
	n := len(tr.Threads)
	w := &walker{tr: tr, sc: sc, opts: opts, cur: make([]threadStop, n), assigned: make([]bool, n),
		needs: make([][]uint32, n), totals: map[trace.Sym]chanCount{}, stuckSends: map[trace.Sym]int{},
		stuckRecvs: map[trace.Sym]int{}, rest: map[trace.Sym]chanCount{}, maxc: make([]map[trace.Sym]chanCount, n),
		forkees: make([][]trace.ThreadID, n), maxSteps: maxSteps}
	for t, stops := range opts {
		m := map[trace.Sym]chanCount{}
		for _, s := range stops {
			for ch, c := range s.chans {
				o := m[ch]
				m[ch] = chanCount{max(o.sends, c.sends), max(o.recvs, c.recvs), max(o.recvClosed, c.recvClosed), max(o.closes, c.closes)}
			}
		}
		w.maxc[t] = m
		for ch, c := range m {
			w.rest[ch] = w.rest[ch].plus(c)
		}
		if th := tr.Threads[t]; th.HasFork {
			f := th.ForkedBy.Thread
			w.forkees[f] = append(w.forkees[f], trace.ThreadID(t))
		}
	}
	return w
}

// step counts one step of the search; false past the bound.
func (w *walker) step() bool {
	w.steps++
	return w.steps <= w.maxSteps
}

// push assigns stop s to thread t and reports whether the choice can
// still be part of an end (consistent); pop undoes it either way.
func (w *walker) push(t trace.ThreadID, s threadStop) bool {
	w.cur[t], w.assigned[t] = s, true
	w.order = append(w.order, t)
	for ch, c := range s.chans {
		w.totals[ch] = w.totals[ch].plus(c)
	}
	for ch, c := range w.maxc[t] {
		w.rest[ch] = w.rest[ch].plus(c.neg())
	}
	if ch, ok := w.stuckChan(t, s); ok {
		if s.kind == stopInSend {
			w.stuckSends[ch]++
		} else {
			w.stuckRecvs[ch]++
		}
	}
	return w.consistent(t, s)
}

func (w *walker) pop() {
	t := w.order[len(w.order)-1]
	s := w.cur[t]
	w.order = w.order[:len(w.order)-1]
	for ch, c := range s.chans {
		w.totals[ch] = w.totals[ch].plus(c.neg())
	}
	for ch, c := range w.maxc[t] {
		w.rest[ch] = w.rest[ch].plus(c)
	}
	if ch, ok := w.stuckChan(t, s); ok {
		if s.kind == stopInSend {
			w.stuckSends[ch]--
		} else {
			w.stuckRecvs[ch]--
		}
	}
	w.cur[t], w.assigned[t] = threadStop{}, false
}

// stuckChan is the channel a stop is stuck in a send or a receive of
// (a receive with hb facts into it may wait for those instead: endOf
// asks nothing of its channel then, nor does this).
func (w *walker) stuckChan(t trace.ThreadID, s threadStop) (trace.Sym, bool) {
	if s.kind != stopInSend && s.kind != stopAt && s.kind != stopPending {
		return 0, false
	}
	ref := trace.EventRef{Thread: t, Index: s.at}
	ev := w.tr.Event(ref)
	if s.kind == stopPending {
		return ev.Obj, ev.Op == trace.OpRecvWait
	}
	if s.kind == stopAt && (!ev.Op.IsRecv() || len(w.tr.HBSources(ref)) > 0) {
		return 0, false
	}
	return ev.Obj, true
}

// consistent asks the constraints that involve t, just assigned s, of
// which endOf would reject every completion of the assignment: t's fork
// and its forkees', must-happen-before between t and the assigned
// threads, t's join and the assigned threads' joins of t, and the counts
// of every channel t uses against what its unassigned users can still
// add. Each is a necessary condition of endOf's, so nothing it rejects
// is an end; endOf judges what it accepts.
func (w *walker) consistent(t trace.ThreadID, s threadStop) bool {
	tr := w.tr
	th := tr.Threads[t]
	done := func(r trace.EventRef) bool { return r.Index < w.cur[r.Thread].performed }
	if th.HasFork && len(th.Events) > 0 && w.assigned[th.ForkedBy.Thread] && (s.kind == stopAbsent) == done(th.ForkedBy) {
		return false
	}
	for _, f := range w.forkees[t] {
		fth := tr.Threads[f]
		if w.assigned[f] && len(fth.Events) > 0 && (w.cur[f].kind == stopAbsent) == done(fth.ForkedBy) {
			return false
		}
	}
	if w.needs[t] == nil {
		w.needs[t] = make([]uint32, len(tr.Threads))
	}
	if !w.sc.meets(w.cur, w.order, t, w.needs[t]) {
		return false
	}
	finished := int(s.performed) == len(th.Events)
	for _, u := range w.order {
		if u == t {
			continue
		}
		if w.needs[u][t] > s.performed {
			return false
		}
		us := w.cur[u]
		if finished && us.kind == stopAt {
			if ev := tr.Event(trace.EventRef{Thread: u, Index: us.at}); ev.Op == trace.OpJoin && tr.Str(ev.Obj) == tr.Str(th.Name) {
				return false
			}
		}
	}
	if s.kind == stopAt {
		if ev := tr.Event(trace.EventRef{Thread: t, Index: s.at}); ev.Op == trace.OpJoin {
			if v, ok := tr.ThreadByName(tr.Str(ev.Obj)); ok && w.assigned[v] && int(w.cur[v].performed) == len(tr.Threads[v].Events) {
				return false
			}
		}
	}
	for ch := range w.maxc[t] {
		if !w.chanPossible(ch) {
			return false
		}
	}
	if ch, ok := w.stuckChan(t, s); ok && !w.chanPossible(ch) {
		return false
	}
	return true
}

// chanPossible reports whether channel ch's counts can still meet
// endOf's conditions: with the assigned threads' operations (lo) and at
// most rest more (hi), no more receives than sends, no send beyond the
// capacity, a recvclosed only of a closed drained channel, a stuck send
// only into an open full channel, a stuck receive only from an open
// empty one.
func (w *walker) chanPossible(ch trace.Sym) bool {
	lo := w.totals[ch]
	hi := lo.plus(w.rest[ch])
	k := w.tr.Cap(ch)
	switch {
	case lo.recvs > hi.sends, lo.sends > hi.recvs+k:
		return false
	case lo.recvClosed > 0 && (hi.closes == 0 || lo.sends > hi.recvs):
		return false
	case w.stuckSends[ch] > 0 && (lo.closes > 0 || hi.sends < lo.recvs+k):
		return false
	case w.stuckRecvs[ch] > 0 && (lo.closes > 0 || w.stuckSends[ch] > 0 || lo.sends > hi.recvs):
		return false
	}
	return true
}

// groupPossible reports whether a stop of s's group (sameGroup) can be
// t's: a receive or a send stuck on a channel that an assigned thread
// closed, or a send and a receive stuck on one channel, never are.
func (w *walker) groupPossible(t trace.ThreadID, s threadStop) bool {
	ch, ok := w.stuckChan(t, s)
	if !ok {
		return true
	}
	if w.totals[ch].closes > 0 {
		return false
	}
	if s.kind == stopInSend {
		return w.stuckRecvs[ch] == 0
	}
	return w.stuckSends[ch] == 0
}

// sameGroup reports whether two stops of t are of one kind at one
// operation on one object: a run of them is skipped at once when
// groupPossible says no.
func sameGroup(tr *trace.Trace, t trace.ThreadID, a, b threadStop) bool {
	if a.kind != b.kind || a.kind != stopAt && a.kind != stopInSend {
		return false
	}
	ea, eb := tr.Event(trace.EventRef{Thread: t, Index: a.at}), tr.Event(trace.EventRef{Thread: t, Index: b.at})
	return ea.Op == eb.Op && ea.Obj == eb.Obj
}
