package trace

import (
	"fmt"
	"sort"
	"strings"

	"gpredict/internal/diag"
	"gpredict/internal/grow"
)

// Pos is a place in an input file: a line (and the 1-based byte column of
// the offending token, 0 if none) for line formats, a byte offset for
// RapidBin (Binary).
type Pos = diag.Pos

// Error is a malformed-input error: where, and what was expected. It is
// the project's one positioned error (package diag), of code
// diag.CodeTrace, written "file:line:col: message".
type Error = diag.Error

func errorf(pos Pos, format string, args ...any) *Error {
	return diag.Errorf(diag.CodeTrace, pos, format, args...)
}

// Builder assembles a Trace event by event and enforces the thread-local
// rules of docs/trace-format.md (Validation) as events arrive, so every
// reader validates alike.
type Builder struct {
	tr     *Trace
	state  []*threadState
	forked map[Sym]Pos
	joined map[Sym]bool
	// joins are where the join events are, for the messages of the
	// structure check (structure.go), which runs once every file is read;
	// joinedBy is the first join of a thread by another, to tell a fork
	// that comes after its joiner's join at once.
	joins    map[EventRef]Pos
	joinedBy map[joinPair]Pos
	seen     uint32 // events accepted so far (the next Arrival)
	// locate, when set, stops the read at the event with Arrival
	// locate.at and records where it is (see Locate).
	locate *locator

	// reads and written are what the unproduced-read warning needs: per
	// (variable, value) read, how many reads and the first; the pairs
	// some write writes. Init directives may come later, so the check
	// waits for Finish.
	reads   map[varValue]*readNote
	written map[varValue]bool
	// inferring is set while a value-less format (STD, RapidBin) is read:
	// its reads take their values from earlier writes by construction, so
	// they need no check (and big recordings no map entry per write).
	inferring bool
	// hbs are the hb directives read so far, resolved by Resolve once
	// every file is read (they may name events of later files).
	hbs []pendingHB
	// decls are the `lock` directives read so far; uses the first use of
	// each sort that some lock kind forbids, per lock not yet declared
	// (lockkind.go).
	decls map[Sym]lockDecl
	uses  map[Sym]*[numKindUses]*firstUse
	// stackRefs are the first uses of each stack id (stackUsed), checked
	// by Resolve.
	stackRefs []pendingStack
	stackUsed map[Sym]bool
	// caps are the `chan` directives read so far and where; closes the
	// first close of each channel (chan.go).
	caps   map[Sym]Pos
	closes map[Sym]chanClose
	// selectRefs are the events that name a select (select= keys and
	// defaults), checked by Resolve (select.go).
	selectRefs []pendingSelect
}

type varValue struct{ v, val Sym }

// joinPair is a thread and a thread it joins.
type joinPair struct {
	joiner ThreadID
	child  Sym
}

// readNote is the first read of a (variable, value) pair and the count.
type readNote struct {
	pos     Pos
	id      string
	arrival uint32
	count   int
}

// pendingHB is an hb directive before its ids are resolved.
type pendingHB struct {
	fromPos, toPos Pos
	from, to       string
}

type threadState struct {
	held    map[Sym]int // lock → re-entrant depth of exclusive holds
	shared  map[Sym]int // lock → depth of shared holds outside an exclusive one
	inner   map[Sym]int // lock → shared acquires nested in the thread's exclusive hold
	calls   []Sym       // open enter signatures
	endLine Pos         // where `end` was seen, if ended
	ended   bool
	first   Pos
	// request is the thread's last event when it is a request (or
	// rrequest): its next event must be the acquire it announces.
	request    *Event
	requestPos Pos
	// pending is where the thread's recvwait or latchwait is, if it had
	// one (pendingOp): nothing may follow it.
	pending    Pos
	pendingOp  Op
	hasPending bool
}

// NewBuilder returns an empty builder with the built-in type table.
func NewBuilder() *Builder {
	syms := NewSymbols()
	tr := &Trace{
		Syms: syms, Init: map[Sym]Sym{}, Volatile: map[Sym]bool{},
		Types: NewTypeTable(), Objects: map[Sym]Sym{},
		args: [][]Sym{nil}, threadByName: map[Sym]ThreadID{}, sigs: map[Sym]Signature{},
	}
	tr.zero = syms.Intern("0")
	return &Builder{tr: tr, forked: map[Sym]Pos{}, joined: map[Sym]bool{},
		joins: map[EventRef]Pos{}, joinedBy: map[joinPair]Pos{},
		reads: map[varValue]*readNote{}, written: map[varValue]bool{}}
}

// Syms is the intern table of the trace being built.
func (b *Builder) Syms() *Symbols { return b.tr.Syms }

// AddFile records an input file name.
func (b *Builder) AddFile(name string) { b.tr.Files = append(b.tr.Files, name) }

// Args stores an argument list and returns its id.
func (b *Builder) Args(list []Sym) ArgsID {
	b.tr.args = append(b.tr.args, list)
	return ArgsID(len(b.tr.args) - 1)
}

// Init records `init VAR VALUE`.
func (b *Builder) Init(v, val Sym) { b.tr.Init[v] = val }

// Volatile records `volatile VAR`.
func (b *Builder) Volatile(v Sym) { b.tr.Volatile[v] = true }

// Type records `type T : S1 S2 ...`.
func (b *Builder) Type(t string, supers []string) {
	b.tr.Types.Add(t, supers...)
	b.tr.TypeDecls = append(b.tr.TypeDecls, TypeDecl{Name: t, Supers: append([]string(nil), supers...)})
}

// Object records `object OBJ : T`.
func (b *Builder) Object(obj, typ Sym) { b.tr.Objects[obj] = typ }

// thread returns the id of the thread named name, creating it.
func (b *Builder) thread(name Sym) ThreadID {
	if id, ok := b.tr.threadByName[name]; ok {
		return id
	}
	id := ThreadID(len(b.tr.Threads))
	b.tr.Threads = append(b.tr.Threads, &Thread{ID: id, Name: name})
	b.tr.threadByName[name] = id
	b.state = append(b.state, &threadState{held: map[Sym]int{}, shared: map[Sym]int{}, inner: map[Sym]int{}})
	return id
}

// Event appends ev to thread name's sequence after checking it.
func (b *Builder) Event(pos Pos, name Sym, ev Event) error {
	id := b.thread(name)
	th, st := b.tr.Threads[id], b.state[id]
	tname := b.tr.Str(name)
	if th.File == "" {
		th.File, st.first = pos.File, pos
	} else if th.File != pos.File {
		return errorf(pos, "thread %s has events in %s and %s; all events of a thread must be in one file", tname, th.File, pos.File)
	}
	if st.ended {
		return errorf(pos, "event after `end` of thread %s (%s); end must be the thread's last event", tname, st.endLine)
	}
	if st.hasPending {
		return errorf(pos, "event after `%s` of thread %s (%s); %s must be the thread's last event (the run ended while it waited)", st.pendingOp, tname, st.pending, st.pendingOp)
	}
	if q := st.request; q != nil {
		if ev.Op != q.Op.Requested() || ev.Obj != q.Obj {
			return errorf(pos, "%s after thread %s's `%s %s` (%s); want the %s of %s as the next event after its request (a thread waiting for a lock does nothing else until it has it)",
				ev.Op, tname, q.Op, b.tr.Str(q.Obj), st.requestPos, q.Op.Requested(), b.tr.Str(q.Obj))
		}
		st.request = nil
	}
	if err := b.checkOp(pos, id, tname, st, &ev); err != nil {
		return err
	}
	if b.locate != nil && b.seen == b.locate.at {
		b.locate.pos = pos
		return errLocated
	}
	switch {
	case b.inferring:
	case ev.Op == OpRead:
		k := varValue{ev.Obj, ev.Val}
		if n := b.reads[k]; n != nil {
			n.count++
		} else {
			b.reads[k] = &readNote{pos: pos, id: FormatID(tname, uint32(len(th.Events))), arrival: b.seen, count: 1}
		}
	case ev.Op == OpWrite:
		b.written[varValue{ev.Obj, ev.Val}] = true
	}
	th.Events = grow.Append(th.Events, ev)
	th.Arrival = grow.Append(th.Arrival, b.seen)
	b.seen++
	if ev.SelectOf() != NoSym {
		b.noteSelect(pos, th)
	}
	return nil
}

func (b *Builder) checkOp(pos Pos, id ThreadID, tname string, st *threadState, ev *Event) error {
	th := b.tr.Threads[id]
	switch ev.Op {
	case OpBegin:
		if len(th.Events) > 0 {
			return errorf(pos, "`begin` of thread %s is not its first event; want begin only as the first event of a thread", tname)
		}
	case OpEnd:
		st.ended, st.endLine = true, pos
	case OpFork:
		if ev.Obj == th.Name {
			return errorf(pos, "thread %s forks itself; want a fork of another thread", tname)
		}
		if prev, dup := b.forked[ev.Obj]; dup {
			return errorf(pos, "thread %s is forked twice (first at %s); want at most one fork per thread", b.tr.Str(ev.Obj), prev)
		}
		if joinPos, ok := b.joinedBy[joinPair{id, ev.Obj}]; ok {
			return errorf(pos, "thread %s forks %s after joining it (at %s); want the fork of a thread before its join", tname, b.tr.Str(ev.Obj), joinPos)
		}
		b.forked[ev.Obj] = pos
		child := b.tr.Threads[b.thread(ev.Obj)]
		child.HasFork, child.ForkedBy = true, EventRef{id, uint32(len(th.Events))}
	case OpJoin:
		if ev.Obj == th.Name {
			return errorf(pos, "thread %s joins itself; want a join of another thread", tname)
		}
		b.thread(ev.Obj)
		b.joined[ev.Obj] = true
		b.joins[EventRef{id, uint32(len(th.Events))}] = pos
		if _, ok := b.joinedBy[joinPair{id, ev.Obj}]; !ok {
			b.joinedBy[joinPair{id, ev.Obj}] = pos
		}
	case OpAcquire, OpRelease, OpRAcquire, OpRRelease:
		return b.checkLock(pos, tname, st, ev)
	case OpRequest, OpRRequest:
		if ev.Op == OpRRequest {
			if err := b.noteUse(ev.Obj, useShared, pos, tname, ev.Op); err != nil {
				return err
			}
		}
		q := *ev
		st.request, st.requestPos = &q, pos
	case OpWait:
		if st.held[ev.Obj] == 0 {
			if st.shared[ev.Obj] > 0 {
				return errorf(pos, "wait on lock %s, which thread %s holds only shared; want wait only while holding the lock exclusively", b.tr.Str(ev.Obj), tname)
			}
			return errorf(pos, "wait on lock %s, which thread %s does not hold; want wait only while holding the lock", b.tr.Str(ev.Obj), tname)
		}
		if st.inner[ev.Obj] > 0 {
			return errorf(pos, "wait on lock %s inside a shared acquire of it by thread %s; want the shared acquire released first", b.tr.Str(ev.Obj), tname)
		}
	case OpSend, OpRecv, OpRecvClosed, OpClose:
		return b.checkChan(pos, tname, ev)
	case OpRecvWait:
		st.pending, st.pendingOp, st.hasPending = pos, ev.Op, true
		b.tr.chans = true
	case OpLatchWait:
		st.pending, st.pendingOp, st.hasPending = pos, ev.Op, true
	case OpCall, OpEnter, OpExit:
		if err := b.signature(pos, ev.Obj); err != nil {
			return err
		}
		switch ev.Op {
		case OpEnter:
			st.calls = append(st.calls, ev.Obj)
		case OpExit:
			if len(st.calls) == 0 {
				return errorf(pos, "exit %s without a matching enter in thread %s; want an enter of it earlier in the thread", b.tr.Str(ev.Obj), tname)
			}
			top := st.calls[len(st.calls)-1]
			if top != ev.Obj {
				return errorf(pos, "exit %s, but the invocation entered last by thread %s is %s; want exits in reverse order of their enters", b.tr.Str(ev.Obj), tname, b.tr.Str(top))
			}
			st.calls = st.calls[:len(st.calls)-1]
		}
	}
	return nil
}

// checkLock applies the nesting rules of exclusive and shared holds
// (docs/trace-format.md, "Shared locks"): a shared acquire inside the
// thread's own exclusive hold is re-entrant (ignored with its rrelease);
// an exclusive acquire inside the thread's own shared hold is an upgrade,
// which no lock grants, and is an error; holds of one lock nest.
func (b *Builder) checkLock(pos Pos, tname string, st *threadState, ev *Event) error {
	l := b.tr.Str(ev.Obj)
	if ev.Op == OpRAcquire || ev.Op == OpRRelease {
		if err := b.noteUse(ev.Obj, useShared, pos, tname, ev.Op); err != nil {
			return err
		}
	}
	switch ev.Op {
	case OpAcquire:
		if st.shared[ev.Obj] > 0 {
			return errorf(pos, "acquire of lock %s, which thread %s holds shared; want the shared hold released first (a lock is not upgraded)", l, tname)
		}
		if st.held[ev.Obj] > 0 {
			if err := b.noteUse(ev.Obj, useNested, pos, tname, ev.Op); err != nil {
				return err
			}
		}
		st.held[ev.Obj]++
	case OpRelease:
		if st.held[ev.Obj] == 0 {
			if st.shared[ev.Obj] > 0 {
				return errorf(pos, "release of lock %s, which thread %s holds only shared; want rrelease for a shared hold", l, tname)
			}
			return errorf(pos, "release of lock %s, which thread %s does not hold; want a release only of a lock the thread acquired", l, tname)
		}
		if st.held[ev.Obj] == 1 && st.inner[ev.Obj] > 0 {
			return errorf(pos, "release of lock %s ends thread %s's exclusive hold inside which a shared acquire of it is still open; want holds of one lock to nest", l, tname)
		}
		st.held[ev.Obj]--
	case OpRAcquire:
		if st.held[ev.Obj] > 0 {
			if err := b.noteUse(ev.Obj, useInner, pos, tname, ev.Op); err != nil {
				return err
			}
			st.inner[ev.Obj]++
		} else {
			st.shared[ev.Obj]++
		}
	case OpRRelease:
		switch {
		case st.inner[ev.Obj] > 0:
			st.inner[ev.Obj]--
		case st.shared[ev.Obj] > 0:
			st.shared[ev.Obj]--
		case st.held[ev.Obj] > 0:
			return errorf(pos, "rrelease of lock %s, which thread %s holds only exclusively; want release for an exclusive hold", l, tname)
		default:
			return errorf(pos, "rrelease of lock %s, which thread %s does not hold shared; want an rrelease only of a lock the thread racquired", l, tname)
		}
	}
	return nil
}

func (b *Builder) signature(pos Pos, sym Sym) error {
	if _, ok := b.tr.sigs[sym]; ok {
		return nil
	}
	sig, err := ParseSignature(b.tr.Str(sym))
	if err != nil {
		return &Error{Code: diag.CodeTrace, Pos: pos, Err: err}
	}
	b.tr.sigs[sym] = sig
	return nil
}

// Finish returns the trace, with the warnings counted: those of docs/trace-format.md
// (conditions real recordings have) after those that are likely mistakes
// (docs/trace-format.md, Warnings). The hb directives must have been
// resolved (Resolve) first.
func (b *Builder) Finish() *Trace {
	if len(b.hbs) > 0 {
		panic("trace: Builder.Finish before Resolve of the hb directives")
	}
	tr := b.tr
	held := Warning{Code: "lock-held-at-end", Kind: "lock held at end of trace"}
	unforked := Warning{Code: "thread-never-forked", Kind: "thread never forked (may start at any time)"}
	emptyJoin := Warning{Code: "join-without-events", Kind: "join of a thread with no events (constrains nothing)"}
	note := func(w *Warning, example string) {
		if w.Count == 0 {
			w.Example = example
		}
		w.Count++
	}
	if w, ok := b.unproducedReads(); ok {
		tr.Warnings = append(tr.Warnings, w)
	}
	if tr.NumEvents() == 0 {
		tr.Warnings = append(tr.Warnings, Warning{Code: "empty-trace",
			Kind: "trace has no events (empty, or only blank lines, comments and directives)", Count: 1,
			Example: strings.Join(tr.Files, ", ")})
	}
	for i, th := range tr.Threads {
		name := tr.Str(th.Name)
		locks := make([]string, 0, len(b.state[i].held))
		for l, d := range b.state[i].held {
			if d > 0 {
				locks = append(locks, tr.Str(l))
			}
		}
		for l, d := range b.state[i].shared {
			if d > 0 {
				locks = append(locks, tr.Str(l)+" (shared)")
			}
		}
		sort.Strings(locks)
		for _, l := range locks {
			note(&held, fmt.Sprintf("thread %s holds %s", name, l))
		}
		// The first thread of the trace is its main thread: nobody forks
		// it. A thread whose first event follows an hb fact does not
		// start at any time either (a goroutine that a recorder saw
		// start without seeing its creator).
		if i > 0 && !th.HasFork && len(th.Events) > 0 && len(tr.hbInto[EventRef{Thread: ThreadID(i)}]) == 0 {
			note(&unforked, "thread "+name)
		}
		if len(th.Events) == 0 && b.joined[th.Name] {
			note(&emptyJoin, "thread "+name)
		}
	}
	for _, w := range []Warning{held, unforked, emptyJoin} {
		if w.Count > 0 {
			tr.Warnings = append(tr.Warnings, w)
		}
	}
	return tr
}

// unproducedReads is the warning for reads of a value that no write of
// the variable writes and that is not its initial value: no schedule can
// give such a read its value, so every schedule through it is infeasible
// and nothing after it in its thread can be predicted. It is no error: a
// recording may have missed a write or an `init`, and the rest of the
// trace is still usable.
func (b *Builder) unproducedReads() (Warning, bool) {
	w := Warning{Code: "unproduced-read",
		Kind: "read of a value that no write and no init produces (no schedule reaches past it; add `init VAR VALUE` if it is the initial value)"}
	var first *readNote
	var firstKey varValue
	for k, n := range b.reads {
		if b.written[k] || b.tr.InitValue(k.v) == k.val {
			continue
		}
		w.Count += n.count
		if first == nil || n.arrival < first.arrival {
			first, firstKey = n, k
		}
	}
	if first == nil {
		return w, false
	}
	w.Example = fmt.Sprintf("%s: %s reads %s from %s", first.pos, first.id, b.tr.Str(firstKey.val), b.tr.Str(firstKey.v))
	w.Pos = first.pos.String()
	return w, true
}
