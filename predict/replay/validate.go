package replay

import (
	"fmt"

	"gpredict/internal/diag"
	"gpredict/trace"
)

// RuleError is a schedule that breaks a rule of docs/semantics.md (Rule 1–5)
// or a pattern condition of it (Rule 0). Step is the 0-based index of the
// offending step in the schedule, or -1 when the error concerns the
// schedule as a whole. It is the project's one positioned error (package
// diag, code diag.CodeRule, which writes it) with the step and the rule
// kept as numbers for callers; its place is a step of a schedule, not of
// a file, so its message starts with it ("step 3 (T1#2): ...").
type RuleError struct {
	Step int
	Rule int
	Diag diag.Error
}

func ruleError(step, rule int, msg string) *RuleError {
	return &RuleError{Step: step, Rule: rule, Diag: diag.Error{Code: diag.CodeRule, Msg: msg}}
}

// Error is the text of e.Diag, written by package diag.
func (e *RuleError) Error() string { return e.Diag.Error() }

// Unwrap makes a RuleError a *diag.Error for errors.As.
func (e *RuleError) Unwrap() error { return &e.Diag }

// Validate replays sched step by step and reports the first rule of
// docs/semantics.md it breaks, or nil if sched is a feasible schedule of
// tr. model must be resolved (BranchesImplicit or BranchesExplicit). Rules
// 1–4 are checked as each step is taken; rule 5 once the whole schedule is
// known, because which reads are required depends on later steps.
func Validate(tr *trace.Trace, model trace.BranchModel, sched []Step) error {
	return NewChecker(tr).Validate(model, sched)
}

// Validate is the package's Validate for the checker's trace.
func (c *Checker) Validate(model trace.BranchModel, sched []Step) error {
	return c.ValidateIn(model, trace.SC, sched)
}

func checkModel(model trace.BranchModel) error {
	if model != trace.BranchesImplicit && model != trace.BranchesExplicit {
		return fmt.Errorf("replay: branch model %s is not resolved", model)
	}
	return nil
}

// threadLock is a (thread, lock number) pair.
type threadLock struct {
	thread trace.ThreadID
	lock   int32
}

// lockHold is the current holder of a lock and its re-entrant depth.
type lockHold struct {
	thread trace.ThreadID
	depth  int
}

// writeFact is what a read can see of the last write to a variable.
type writeFact struct {
	step     int // index in the schedule; -1 for the initial value
	ref      trace.EventRef
	val      trace.Sym
	concrete bool
	// dirty is, for a write that is not concrete, the earliest read before
	// it in its thread that is inconsistent (for the error message).
	dirty trace.EventRef
}

// readFact records, for one scheduled read, what it saw.
type readFact struct {
	step       int
	ref        trace.EventRef
	saw        writeFact
	consistent bool
}

// replayer is the explicit state machine of docs/semantics.md (Schedules).
type replayer struct {
	tr    *trace.Trace
	c     *Checker
	sched []Step
	// offset is the number of steps before sched (resumed from a Mark);
	// step numbers count them. wakeEnd stands for "no wake step".
	offset, wakeEnd int

	// Rule 1: per thread, the number of events started and, for a wait
	// in progress, the last part done (Whole when no wait is in progress).
	started []uint32
	inWait  []Part

	// Rule 3: lock holders (by lock number; depth 0: free), and the depth
	// a waiting thread will restore.
	locks      table[lockHold]
	savedDepth []int
	// Rule 3 for shared holds: per lock, the threads holding it shared
	// and their depth; inner counts shared acquires made inside the
	// thread's own exclusive hold (re-entrant, ignored).
	shared map[int32]map[trace.ThreadID]int // by lock number
	inner  map[threadLock]int
	// Rule 3, writer preference: per rwmutex (by lock number), the
	// threads that have requested it exclusively and not yet acquired it,
	// with their request.
	writers map[int32]map[trace.ThreadID]trace.EventRef

	// Rule 4: per signal, the threads that have released in a wait and
	// have not been woken; per thread, whether its current wait was woken;
	// wakeAt[t] is, for the wait thread t is in, the index of its Wake
	// step in sched (len(sched) if it has none).
	waiting map[int32][]trace.ThreadID // by signal number
	woken   []bool
	wakeAt  map[trace.EventRef]int

	// Rule 5: last write per variable; per thread, the first inconsistent
	// read so far (for concreteness of its later writes).
	last      table[writeFact] // by variable number; step -2: never written
	firstBad  []trace.EventRef
	hasBad    []bool
	reads     []readFact
	lastBrIdx []int // per thread: index of the last scheduled branch, -1 if none

	// Rule 6 (memmodel.go): the memory model and, under TSO and PSO, each
	// thread's store buffer.
	mem relaxed

	// Rule 7 (chan.go): per channel (by number) its queue; per send, its
	// place in its channel's queue; the receives taken, for rule 5.
	chq     []chanState
	sendPos map[trace.EventRef]int
	recvs   []recvFact
	// Rule 7 for selects (select.go): the threads that took another case
	// of a select than the recorded one, and where; per channel, the
	// threads waiting to receive from it (recvwait).
	departed  map[trace.ThreadID]trace.EventRef
	recvWaits []int

	// marking is, while Marks replays the base, the number of steps
	// taken.
	marking int
}

func newReplayer(c *Checker, sched []Step) *replayer {
	tr := c.tr
	n := len(tr.Threads)
	r := &replayer{
		tr: tr, c: c, sched: sched,
		started: make([]uint32, n), inWait: make([]Part, n),
		locks: newTable(c.syncs, len(sched), lockHold{}), savedDepth: make([]int, n),
		shared: map[int32]map[trace.ThreadID]int{}, inner: map[threadLock]int{},
		writers: map[int32]map[trace.ThreadID]trace.EventRef{},
		waiting: map[int32][]trace.ThreadID{}, woken: make([]bool, n),
		wakeAt: map[trace.EventRef]int{},
		last:   newTable(c.vars, len(sched), writeFact{step: -2}), firstBad: make([]trace.EventRef, n), hasBad: make([]bool, n),
		reads:     make([]readFact, 0, len(sched)),
		lastBrIdx: make([]int, n),
		wakeEnd:   len(sched),
		chq:       make([]chanState, c.chans), sendPos: map[trace.EventRef]int{},
		recvWaits: make([]int, c.chans),
	}
	for i := range r.lastBrIdx {
		r.lastBrIdx[i] = -1
	}
	for i, s := range sched {
		if s.Part == Wake {
			if _, dup := r.wakeAt[s.Ref]; !dup {
				r.wakeAt[s.Ref] = i
			}
		}
	}
	return r
}

func (r *replayer) fail(i, rule int, format string, args ...any) error {
	s := r.sched[i-r.offset]
	where := fmt.Sprintf("step %d (%s)", i+1, r.stepName(s))
	return ruleError(i, rule, fmt.Sprintf("%s: %s (rule %d)", where, fmt.Sprintf(format, args...), rule))
}

func (r *replayer) stepName(s Step) string {
	if int(s.Ref.Thread) >= len(r.tr.Threads) || int(s.Ref.Index) >= len(r.tr.Threads[s.Ref.Thread].Events) {
		return fmt.Sprintf("thread %d event %d", s.Ref.Thread, s.Ref.Index+1)
	}
	return s.Format(r.tr)
}

func (r *replayer) name(t trace.ThreadID) string { return r.tr.ThreadName(t) }

func (r *replayer) step(i int, s Step) error {
	if s.Part == Commit {
		return r.commit(i, s)
	}
	t := s.Ref.Thread
	if err := r.checkDeparted(i, t); err != nil {
		return err
	}
	if err := r.checkOrder(i, s); err != nil {
		return err
	}
	ev := r.tr.Event(s.Ref)
	if err := r.checkSender(i, t); err != nil {
		return err
	}
	if err := r.checkFlushed(i, s, ev); err != nil {
		return err
	}
	if s.Part.Other() {
		r.started[t]++
		return r.takeOther(i, s)
	}
	switch s.Part {
	case Whole:
		r.started[t]++
		return r.whole(i, s, ev)
	case Release:
		r.started[t]++
		r.inWait[t] = Release
		l, sig := r.c.objOf(s.Ref), r.c.sigOf(s.Ref)
		h := r.locks.get(l) // the thread holds it: the reader checked `wait` holds its lock
		r.savedDepth[t] = h.depth
		r.locks.put(l, lockHold{})
		r.waiting[sig] = append(r.waiting[sig], t)
		r.woken[t] = false
		return nil
	case Wake:
		if !r.woken[t] {
			return r.fail(i, 4, "%s wakes up, but no notify on %s since its release is left to wake it", r.name(t), r.tr.Str(ev.Val))
		}
		r.inWait[t] = Wake
		return nil
	default: // Reacquire
		l := r.c.objOf(s.Ref)
		if h := r.locks.get(l); h.depth > 0 {
			return r.fail(i, 3, "%s re-acquires %s while %s holds it", r.name(t), r.tr.Str(ev.Obj), r.name(h.thread))
		}
		if u, ok := r.sharedHolder(l, t); ok {
			return r.fail(i, 3, "%s re-acquires %s while %s holds it shared", r.name(t), r.tr.Str(ev.Obj), r.name(u))
		}
		r.locks.put(l, lockHold{thread: t, depth: r.savedDepth[t]})
		r.inWait[t] = Whole
		return nil
	}
}

// checkOrder enforces rule 1 (thread order, wait parts in order, no step
// twice) and rule 2 (fork before the child's first event, join after the
// joined thread's last).
func (r *replayer) checkOrder(i int, s Step) error {
	t := s.Ref.Thread
	if int(t) >= len(r.tr.Threads) || int(s.Ref.Index) >= len(r.tr.Threads[t].Events) {
		return r.fail(i, 1, "no such event in the trace")
	}
	ev := r.tr.Event(s.Ref)
	isWait := ev.Op == trace.OpWait
	if isWait && s.Part == Whole {
		return r.fail(i, 1, "a wait is scheduled in three parts (release, wake, reacquire), not whole")
	}
	if !isWait && s.Part.Other() {
		if err := r.checkOther(i, s); err != nil {
			return err
		}
	} else if !isWait && s.Part != Whole {
		return r.fail(i, 1, "only a wait has parts; %s is a %s", r.tr.ID(s.Ref), ev.Op)
	}
	if p := r.inWait[t]; p != Whole {
		cur := trace.EventRef{Thread: t, Index: r.started[t] - 1}
		want := Step{Ref: cur, Part: p + 1}
		if s != want {
			return r.fail(i, 1, "%s is inside %s; its next step must be %s", r.name(t), r.tr.ID(cur), want.Format(r.tr))
		}
		return nil
	}
	if s.Ref.Index < r.started[t] {
		return r.fail(i, 1, "%s is scheduled twice", s.Format(r.tr))
	}
	if s.Ref.Index > r.started[t] {
		return r.fail(i, 1, "%s's next event is %s, not %s", r.name(t), r.tr.ID(trace.EventRef{Thread: t, Index: r.started[t]}), r.tr.ID(s.Ref))
	}
	if isWait && s.Part != Release {
		return r.fail(i, 1, "a wait starts with its release part")
	}
	th := r.tr.Threads[t]
	if s.Ref.Index == 0 && th.HasFork && !r.done(th.ForkedBy) {
		return r.fail(i, 2, "%s starts before its fork %s", r.name(t), r.tr.ID(th.ForkedBy))
	}
	if ev.Op == trace.OpJoin {
		c, ok := r.tr.ThreadByName(r.tr.Str(ev.Obj))
		if _, blocked := r.pendingSend(c); ok && (r.started[c] < uint32(len(r.tr.Threads[c].Events)) || r.inWait[c] != Whole || blocked) {
			return r.fail(i, 2, "join of %s before all of its events are scheduled", r.name(c))
		}
		if at, left := r.departed[c]; ok && left {
			return r.fail(i, 7, "join of %s, whose select %s took another case than the recorded one: what it does after that is not in the trace", r.name(c), r.tr.ID(at))
		}
	}
	for _, src := range r.tr.HBSources(s.Ref) {
		if !r.done(src) {
			return r.fail(i, 2, "%s happens before %s, which the trace's hb facts put before it", r.tr.ID(s.Ref), r.tr.ID(src))
		}
	}
	return nil
}

// sharedHolder returns a thread other than t that holds lock l shared.
func (r *replayer) sharedHolder(l int32, t trace.ThreadID) (trace.ThreadID, bool) {
	best, found := trace.ThreadID(0), false
	for u := range r.shared[l] {
		if u != t && (!found || u < best) {
			best, found = u, true
		}
	}
	return best, found
}

// waitingWriter returns a thread other than t that waits to acquire lock
// l exclusively (writer preference, rule 3), with its request.
func (r *replayer) waitingWriter(l int32, t trace.ThreadID) (trace.ThreadID, trace.EventRef, bool) {
	best, found := trace.ThreadID(0), false
	for u := range r.writers[l] {
		if u != t && (!found || u < best) {
			best, found = u, true
		}
	}
	return best, r.writers[l][best], found
}

// done reports whether every step of event e has been taken (and, for a
// send, whether it has completed: rule 7).
func (r *replayer) done(e trace.EventRef) bool {
	if r.started[e.Thread] > e.Index+1 {
		return true
	}
	if r.started[e.Thread] != e.Index+1 {
		return false
	}
	if at, left := r.departed[e.Thread]; left && at == e {
		return false // taken as another case: the recorded event never completes
	}
	_, blocked := r.pendingSend(e.Thread)
	return r.inWait[e.Thread] == Whole && !blocked
}

func (r *replayer) whole(i int, s Step, ev *trace.Event) error {
	t := s.Ref.Thread
	switch ev.Op {
	case trace.OpAcquire:
		l := r.c.objOf(s.Ref)
		h := r.locks.get(l)
		switch {
		case h.depth == 0:
			r.locks.put(l, lockHold{thread: t, depth: 1})
		case h.thread == t && !r.c.kind[l].Reentrant():
			return r.fail(i, 3, "%s acquires %s, which it holds: a %s is not re-entrant, the acquire blocks forever", r.name(t), r.tr.Str(ev.Obj), r.c.kind[l])
		case h.thread == t:
			h.depth++ // re-entrant: ignored by rule 3
			r.locks.put(l, h)
		default:
			return r.fail(i, 3, "%s acquires %s while %s holds it", r.name(t), r.tr.Str(ev.Obj), r.name(h.thread))
		}
		if u, ok := r.sharedHolder(l, t); ok {
			return r.fail(i, 3, "%s acquires %s while %s holds it shared", r.name(t), r.tr.Str(ev.Obj), r.name(u))
		}
		delete(r.writers[l], t) // its request, if any, is granted
	case trace.OpRAcquire:
		l := r.c.objOf(s.Ref)
		h := r.locks.get(l)
		if u, q, ok := r.waitingWriter(l, t); ok {
			return r.fail(i, 3, "%s acquires %s shared while %s waits to acquire it (%s): an rwmutex lets no reader in while a writer waits", r.name(t), r.tr.Str(ev.Obj), r.name(u), r.tr.ID(q))
		}
		switch {
		case h.depth > 0 && h.thread == t && !r.c.kind[l].Reentrant():
			return r.fail(i, 3, "%s acquires %s shared inside its own exclusive hold: an rwmutex is not re-entrant, the acquire blocks forever", r.name(t), r.tr.Str(ev.Obj))
		case h.depth > 0 && h.thread == t:
			r.inner[threadLock{t, l}]++ // inside its own exclusive hold: ignored
		case h.depth > 0:
			return r.fail(i, 3, "%s acquires %s shared while %s holds it", r.name(t), r.tr.Str(ev.Obj), r.name(h.thread))
		default:
			if r.shared[l] == nil {
				r.shared[l] = map[trace.ThreadID]int{}
			}
			r.shared[l][t]++
		}
	case trace.OpRRelease:
		// The reader checked that the thread holds the lock shared.
		l := r.c.objOf(s.Ref)
		if k := (threadLock{t, l}); r.inner[k] > 0 {
			r.inner[k]--
		} else if r.shared[l][t]--; r.shared[l][t] == 0 {
			delete(r.shared[l], t)
		}
	case trace.OpRelease:
		// The thread holds the lock: thread order and the reader's
		// check that a release has a matching acquire guarantee it.
		l := r.c.objOf(s.Ref)
		if h := r.locks.get(l); h.depth > 1 {
			h.depth--
			r.locks.put(l, h)
		} else {
			r.locks.put(l, lockHold{})
		}
	case trace.OpRequest:
		if l := r.c.objOf(s.Ref); r.c.kind[l].WriterPreference() {
			if r.writers[l] == nil {
				r.writers[l] = map[trace.ThreadID]trace.EventRef{}
			}
			r.writers[l][t] = s.Ref
		}
	case trace.OpNotify:
		r.notify(r.c.objOf(s.Ref))
	case trace.OpNotifyAll:
		sig := r.c.objOf(s.Ref)
		for _, w := range r.waiting[sig] {
			r.woken[w] = true
		}
		delete(r.waiting, sig)
	case trace.OpRead:
		r.read(i, s.Ref, ev)
	case trace.OpWrite:
		f := writeFact{step: i, ref: s.Ref, val: ev.Val, concrete: !r.hasBad[t]}
		if !f.concrete {
			f.dirty = r.firstBad[t]
		}
		if !r.buffer(s.Ref, ev, f) {
			r.last.put(r.c.objOf(s.Ref), f)
		}
	case trace.OpBranch:
		r.lastBrIdx[t] = int(s.Ref.Index)
	case trace.OpSend, trace.OpRecv, trace.OpRecvClosed, trace.OpClose:
		return r.channel(i, s, ev)
	case trace.OpDefault:
		return r.selectDefault(i, s)
	case trace.OpRecvWait:
		r.recvWaits[r.c.chanOf(s.Ref)]++
	}
	return nil
}

// notify wakes one thread waiting on sig, if any. Which one is not in a
// thread-local trace, so the replay picks the waiter whose wake-up comes
// first in the schedule (a waiter never woken in it comes last). This
// earliest-deadline choice is exact: notifies are points, waits are
// intervals [release, wake], and assigning each point, in order, to the
// open interval that closes first finds a complete assignment whenever one
// exists. A notify must wake someone when someone waits, and waking a
// waiter early never hurts it, so the greedy loses nothing.
func (r *replayer) notify(sig int32) {
	ws := r.waiting[sig]
	if len(ws) == 0 {
		return
	}
	best := 0
	for k := 1; k < len(ws); k++ {
		if r.wakeDeadline(ws[k]) < r.wakeDeadline(ws[best]) {
			best = k
		}
	}
	r.woken[ws[best]] = true
	r.waiting[sig] = append(ws[:best:best], ws[best+1:]...)
}

func (r *replayer) wakeDeadline(t trace.ThreadID) int {
	cur := trace.EventRef{Thread: t, Index: r.started[t] - 1}
	if at, ok := r.wakeAt[cur]; ok {
		return at
	}
	return r.wakeEnd
}

func (r *replayer) read(i int, ref trace.EventRef, ev *trace.Event) {
	f := r.visible(ref, ev)
	if f.step == -2 {
		f = writeFact{step: -1, val: r.tr.InitValue(ev.Obj), concrete: true}
	}
	consistent := f.concrete && f.val == ev.Val
	r.reads = append(r.reads, readFact{step: i, ref: ref, saw: f, consistent: consistent})
	if !consistent && !r.hasBad[ref.Thread] {
		r.hasBad[ref.Thread], r.firstBad[ref.Thread] = true, ref
	}
}

// checkReads is rule 5: every required read is consistent. Consistency
// was computed as the reads were taken (it depends only on the past);
// whether a read is required depends on what its thread does later.
func (r *replayer) checkReads(model trace.BranchModel) error {
	required := func(ref trace.EventRef) bool {
		if model == trace.BranchesImplicit {
			return r.started[ref.Thread] > ref.Index+1
		}
		return r.lastBrIdx[ref.Thread] > int(ref.Index)
	}
	for _, rd := range r.reads {
		if !required(rd.ref) || rd.consistent {
			continue
		}
		ev := r.tr.Event(rd.ref)
		v := r.tr.Str(ev.Obj)
		why := "it is followed by another step of its thread"
		if model == trace.BranchesExplicit {
			why = "a scheduled branch of its thread depends on it"
		}
		var src string
		if rd.saw.step < 0 {
			src = fmt.Sprintf("the initial value (%s=%s)", v, r.tr.Str(rd.saw.val))
		} else {
			src = fmt.Sprintf("%s (%s=%s)", r.tr.ID(rd.saw.ref), v, r.tr.Str(rd.saw.val))
		}
		msg := fmt.Sprintf("%s reads %s=%s but the last write before it is %s", r.tr.ID(rd.ref), v, r.tr.Str(ev.Val), src)
		if rd.saw.val == ev.Val && !rd.saw.concrete {
			msg = fmt.Sprintf("%s reads %s=%s from %s, which is not concrete (%s before it reads a value it could not read)",
				r.tr.ID(rd.ref), v, r.tr.Str(ev.Val), src, r.tr.ID(rd.saw.dirty))
		}
		return ruleError(rd.step, 5, fmt.Sprintf("step %d (%s): %s, and %s (rule 5)", rd.step+1, r.tr.ID(rd.ref), msg, why))
	}
	why := "it is followed by another step of its thread"
	if model == trace.BranchesExplicit {
		why = "a scheduled branch of its thread depends on it"
	}
	return r.checkRecvs(required, why)
}
