package trace

// progress is how far each thread of a trace can run when every event
// waits only for what must happen before it (docs/semantics.md, rules 1
// and 2, and the hb facts): the events before it in its thread; for a
// thread's first event, its fork; for a join, the last event of the
// joined thread and, if that thread has no events, its fork (a thread
// cannot be joined before it exists); with hb, the sources of its facts.
//
// An event that cannot run in this least fixpoint can never happen in
// any schedule: it lies on, or waits for, a cycle of must-happen-before.
// The structure check (structure.go) and the hb check (hb.go) both read
// that from here. Each event is looked at once per time its thread is
// woken, so the cost is linear in the events plus the waits.
type progress struct {
	tr     *Trace
	withHB bool
	// done[t] counts the events of thread t that can run.
	done []uint32
	// blocked[t] is what the next event of thread t waits for, when
	// done[t] is short of the thread's length.
	blocked []blocker
	// waiting maps an event to the threads blocked until it has run;
	// awaited[t] counts the entries on thread t's events, so that a
	// thread nobody waits for runs without map lookups.
	waiting map[EventRef][]ThreadID
	awaited []int
}

// blockKind says why an event waits.
type blockKind uint8

const (
	waitFork       blockKind = iota + 1 // a thread's first event waits for its fork
	waitJoin                            // a join waits for the joined thread's last event
	waitJoinedFork                      // a join of a thread without events waits for its fork
	waitHB                              // an event waits for the source of an hb fact
)

// blocker is what a thread's next event (at) waits for: the event on.
type blocker struct {
	kind   blockKind
	at, on EventRef
}

// runProgress computes the fixpoint; withHB adds the trace's hb facts.
func runProgress(tr *Trace, withHB bool) *progress {
	n := len(tr.Threads)
	p := &progress{tr: tr, withHB: withHB, done: make([]uint32, n), blocked: make([]blocker, n),
		waiting: map[EventRef][]ThreadID{}, awaited: make([]int, n)}
	queue := make([]ThreadID, 0, n)
	for t := n - 1; t >= 0; t-- {
		queue = append(queue, ThreadID(t))
	}
	for len(queue) > 0 {
		t := queue[len(queue)-1]
		queue = p.advance(t, queue[:len(queue)-1])
	}
	return p
}

// advance runs thread t as far as it can, waking the threads that wait
// for the events it runs (appended to queue).
func (p *progress) advance(t ThreadID, queue []ThreadID) []ThreadID {
	evs := p.tr.Threads[t].Events
	for int(p.done[t]) < len(evs) {
		r := EventRef{t, p.done[t]}
		if on, kind, ok := p.waitsFor(r); ok {
			p.blocked[t] = blocker{kind: kind, at: r, on: on}
			p.waiting[on] = append(p.waiting[on], t)
			p.awaited[on.Thread]++
			return queue
		}
		p.done[t]++
		if p.awaited[t] > 0 {
			if ws, ok := p.waiting[r]; ok {
				delete(p.waiting, r)
				p.awaited[t] -= len(ws)
				queue = append(queue, ws...)
			}
		}
	}
	return queue
}

// ran reports whether r can run.
func (p *progress) ran(r EventRef) bool { return r.Index < p.done[r.Thread] }

// waitsFor returns an event that must run before r and has not.
func (p *progress) waitsFor(r EventRef) (EventRef, blockKind, bool) {
	tr := p.tr
	th := tr.Threads[r.Thread]
	if r.Index == 0 && th.HasFork && !p.ran(th.ForkedBy) {
		return th.ForkedBy, waitFork, true
	}
	if p.withHB {
		for _, src := range tr.hbInto[r] {
			if !p.ran(src) {
				return src, waitHB, true
			}
		}
	}
	if ev := &th.Events[r.Index]; ev.Op == OpJoin {
		if c, ok := tr.threadByName[ev.Obj]; ok {
			child := tr.Threads[c]
			if n := len(child.Events); n > 0 && int(p.done[c]) < n {
				return EventRef{c, uint32(n - 1)}, waitJoin, true
			}
			if child.HasFork && !p.ran(child.ForkedBy) {
				return child.ForkedBy, waitJoinedFork, true
			}
		}
	}
	return EventRef{}, 0, false
}

// stuck returns the first thread that cannot run all its events.
func (p *progress) stuck() (ThreadID, bool) {
	for t, th := range p.tr.Threads {
		if int(p.done[t]) < len(th.Events) {
			return ThreadID(t), true
		}
	}
	return 0, false
}
