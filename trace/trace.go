package trace

import (
	"fmt"
	"strings"
)

// Trace is a set of thread-local event sequences plus the global facts of
// the directives. Nothing in it orders events of different threads.
type Trace struct {
	Syms    *Symbols
	Threads []*Thread

	// Init holds `init VAR VALUE`; variables not in it start as "0".
	Init map[Sym]Sym
	// Volatile holds the variables declared `volatile`.
	Volatile map[Sym]bool
	// Types is the built-in Java type table extended by `type` directives.
	Types *TypeTable
	// Objects maps an object to its runtime type (`object OBJ : T`).
	Objects map[Sym]Sym
	// TypeDecls are the `type` directives as written, in input order (Types
	// already includes them; writers need the original spelling).
	TypeDecls []TypeDecl
	// LockKinds holds the `lock L : KIND` directives (lockkind.go); a lock
	// not in it is re-entrant (Kind).
	LockKinds map[Sym]LockKind
	// ChanCaps holds the `chan CH : CAP` directives (chan.go); a channel
	// not in it is unbuffered (Cap).
	ChanCaps map[Sym]int
	// Selects holds the `select ID CASE...` directives by id (select.go);
	// a send, recv or recvclosed with a select= key (Event.Target), or a
	// `default` event, names one.
	Selects map[Sym]*Select

	// Files are the input files in the order they were read.
	Files []string
	// Warnings are the non-fatal findings of validation
	// (docs/trace-format.md), one entry per kind with a count.
	Warnings []Warning

	// Stacks are the call stacks of `stack` directives by id (nil if
	// none); Thread.Stacks says which event has which.
	Stacks map[Sym][]Frame

	// hb are the must-happen-before facts of `hb` directives (hb.go);
	// hbInto indexes them by their later event.
	hb     []HBFact
	hbInto map[EventRef][]EventRef

	args         [][]Sym
	threadByName map[Sym]ThreadID
	sigs         map[Sym]Signature
	zero         Sym
	// chans says whether some event is a channel operation (HasChannels).
	chans bool
}

// Thread is one thread's events in thread order.
type Thread struct {
	ID     ThreadID
	Name   Sym
	Events []Event
	// File is the input file that held the thread's events ("" if none).
	File string
	// ForkedBy is the fork event of this thread, if HasFork.
	ForkedBy EventRef
	HasFork  bool
	// Arrival[i] is the position of event i among all events in the order
	// the reader delivered them (file order). It is never a cross-thread
	// order (docs/semantics.md): the engine uses it only as a hint for
	// where to look for a witness, and every witness is decided and
	// validated without it.
	Arrival []uint32
	// Stacks[i] is the stack id of event i (NoSym: none); shorter than
	// Events (nil for a thread without stacks) when the last events have
	// none. Trace.Stack reads it.
	Stacks []Sym
}

// Warning is a condition that is not an error: one real recordings
// contain (a lock held at the end, a thread never forked, a join of a
// thread with no events), or one that is likely a mistake in the trace
// although it follows the format (a read of a value nothing produces, a
// trace with no events). Example is the first place it was seen.
type Warning struct {
	// Code is the stable, machine-readable kind (docs/trace-format.md
	// lists them); Kind says it in words.
	Code    string
	Kind    string
	Count   int
	Example string
	// Pos is where the first example is, FILE:LINE:COL, for the warnings
	// about one event ("" for the others).
	Pos string
}

// TypeDecl is one `type NAME : SUPERS...` directive.
type TypeDecl struct {
	Name   string
	Supers []string
}

// String renders w for people: kind, count and the first example.
func (w Warning) String() string {
	if w.Count == 1 {
		return fmt.Sprintf("%s: %s", w.Kind, w.Example)
	}
	return fmt.Sprintf("%s: %d times, first: %s", w.Kind, w.Count, w.Example)
}

// Event returns the event r refers to.
func (t *Trace) Event(r EventRef) *Event { return &t.Threads[r.Thread].Events[r.Index] }

// ID renders the user-facing id "T#k" of r.
func (t *Trace) ID(r EventRef) string {
	return FormatID(t.Syms.String(t.Threads[r.Thread].Name), r.Index)
}

// ThreadName returns the name of thread id.
func (t *Trace) ThreadName(id ThreadID) string { return t.Syms.String(t.Threads[id].Name) }

// ThreadByName looks a thread up by name.
func (t *Trace) ThreadByName(name string) (ThreadID, bool) {
	s, ok := t.Syms.Lookup(name)
	if !ok {
		return 0, false
	}
	id, ok := t.threadByName[s]
	return id, ok
}

// Ref resolves a user-facing id "T#k".
func (t *Trace) Ref(id string) (EventRef, bool) {
	name, k, err := SplitID(id)
	if err != nil {
		return EventRef{}, false
	}
	th, ok := t.ThreadByName(name)
	if !ok || int(k) >= len(t.Threads[th].Events) {
		return EventRef{}, false
	}
	return EventRef{th, k}, true
}

// NumEvents is the number of events of all threads.
func (t *Trace) NumEvents() int {
	n := 0
	for _, th := range t.Threads {
		n += len(th.Events)
	}
	return n
}

// Args returns the argument list of id (nil for NoArgs).
func (t *Trace) Args(id ArgsID) []Sym {
	if id == NoArgs {
		return nil
	}
	return t.args[id]
}

// InitValue is the initial value of variable v ("0" unless `init` says otherwise).
func (t *Trace) InitValue(v Sym) Sym {
	if val, ok := t.Init[v]; ok {
		return val
	}
	return t.zero
}

// Signature returns the parsed signature of an invocation event's Obj.
// Readers have checked every signature, so this cannot fail.
func (t *Trace) Signature(sym Sym) Signature { return t.sigs[sym] }

// ObjectType returns the runtime type of obj declared with `object`, or "".
func (t *Trace) ObjectType(obj Sym) string {
	if ty, ok := t.Objects[obj]; ok {
		return t.Syms.String(ty)
	}
	return ""
}

// Str is shorthand for t.Syms.String.
func (t *Trace) Str(s Sym) string { return t.Syms.String(s) }

// ParseRefs resolves space-separated ids ("T1#1 T2#3") in order.
func (t *Trace) ParseRefs(ids string) ([]EventRef, error) {
	var out []EventRef
	for _, id := range strings.Fields(ids) {
		r, ok := t.Ref(id)
		if !ok {
			return nil, fmt.Errorf("no event %s in the trace", id)
		}
		out = append(out, r)
	}
	return out, nil
}
