// Package explain turns a refutation — "no feasible schedule does this" —
// into sentences a person can follow. Each sentence states one fact of the
// trace or of the model (docs/semantics.md) or one condition that was asked
// for, and each fact is structured (Fact), so that Verify can check it
// against the trace without trusting the code that chose it.
//
// Refutations come from two places: a chain of must-happen-before facts
// (MustPrecede: program order, fork, join, and reads whose value only
// one write gives), found without a solver, and an unsat core of the
// constraint encoding (FromCore), whose constraints are classified by
// their family and events. Which bindings `predict --explain` explains is
// chosen by Selectors (select.go).
package explain

import (
	"strings"

	"gpredict/trace"
)

// Kind is the kind of a fact; its value is the stable name used in JSON.
type Kind string

const (
	// Conditions asked for.
	AskedOrder Kind = "asked-order" // Events [a, b]: a (Steps[0]) before b (Steps[1])
	AskedRead  Kind = "asked-read"  // Events [r]: r reads Var = Value
	// Must-happen-before.
	ProgramOrder Kind = "program-order"  // Events [a, b]: same thread, a earlier
	WaitParts    Kind = "wait-parts"     // Events [w]: a wait's three parts in order
	Fork         Kind = "fork"           // Events [f, first]: f forks first's thread
	Join         Kind = "join"           // Events [last, j]: j joins last's thread
	MustReadFrom Kind = "must-read-from" // Events [w, r, s]: s needs r's value, which only w writes
	// Locks (rule 3).
	LockExclusion Kind = "lock" // Events [s1, s2]: two holds of Lock, ending at Ends
	// Reads (rule 5).
	ReadValue      Kind = "read-value"      // Events [r]: r reads Var = Value; Writers write it, Others write other values
	ReadRequired   Kind = "read-required"   // Events [r, next]: next scheduled ⇒ r keeps its value
	BranchRequired Kind = "branch-required" // Events [b, r]: branch b scheduled ⇒ reads up to r keep theirs
	Concrete       Kind = "concrete"        // Events [r]: later writes count only if reads up to r keep theirs
	WriteAfter     Kind = "write-after"     // Events [r, w]: w must come after r
	Overwritten    Kind = "overwritten"     // Events [w, w2, r]: w2 writes Var = Value after w, before r
	// Wait and notify (rule 4).
	NotifyWindow Kind = "notify-window" // Events [w, n]
	NotifyNeeded Kind = "notify-needed" // Events [w]: on Signal
	NotifyOnce   Kind = "notify-one"    // Events [n, w1, w2]
	// A property's pattern (predict --explain).
	PatternEvent   Kind = "pattern-event"   // Events [e]: chosen as Names[0], in the schedule
	PatternOrder   Kind = "pattern-order"   // Events [a, b]: the pattern puts a before b
	PatternBlock   Kind = "pattern-block"   // Events: one `||` block, contiguous
	PatternOutside Kind = "pattern-outside" // Events [s, block...]: s not inside the block
	Pattern        Kind = "pattern"         // Events: the chosen events; another pattern condition
	// Model is a constraint of a shape this package does not know: its
	// own sentence (encode's Origin.Why) is used as is.
	Model Kind = "model"
)

// Fact is one sentence's content. Only the fields its Kind names are set.
type Fact struct {
	Kind   Kind
	Events []trace.EventRef
	// Steps are the parts (0 whole, 1 release, 2 wake, 3 reacquire) of
	// an AskedOrder's two events.
	Steps []uint8
	// Var and Value: the variable and value of a read fact; Writers every
	// write of Value to Var in the trace, in id order.
	// Initial says Value is Var's initial value.
	// Others are the other writes of Var (the ones whose value is not
	// Value), in id order: none of them may come between a read and the
	// write it reads from.
	Var, Value string
	Writers    []trace.EventRef
	Others     []trace.EventRef
	Initial    bool
	// Lock of a LockExclusion, and Ends[i] the index (in its thread) of
	// the event ending the hold starting at Events[i], -1 if it never
	// ends.
	Lock string
	Ends []int
	// Signal of a NotifyNeeded, and Notifies every notify and notifyAll
	// of it by another thread than the waiter's, in id order.
	Signal   string
	Notifies []trace.EventRef
	// Names are the pattern's event names of a pattern fact's Events.
	Names []string
	// Text is the sentence.
	Text string
}

// Explanation says why something cannot happen.
type Explanation struct {
	// Claim is what cannot happen ("T2#1 cannot come before T1#4").
	Claim string
	// By names where the refutation came from: "must-happen-before"
	// (no solver) or "solver" (an unsat core).
	By string
	// Facts are the reasons, in an order that reads as a chain.
	Facts []Fact
	// Minimal says no fact can be left out (always true of a
	// must-happen-before chain; a solver core is minimal unless its
	// minimisation ran out of checks or time).
	Minimal bool
}

// Sources of explanations.
const (
	ByMHB    = "must-happen-before"
	BySolver = "solver"
)

// Sentences lists the facts' sentences.
func (e *Explanation) Sentences() []string {
	out := make([]string, len(e.Facts))
	for i, f := range e.Facts {
		out[i] = f.Text
	}
	return out
}

// ids joins event ids with commas and a final "and".
func ids(tr *trace.Trace, rs []trace.EventRef) string {
	names := make([]string, len(rs))
	for i, r := range rs {
		names[i] = tr.ID(r)
	}
	return andList(names)
}

func andList(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// Rendered returns facts with their sentences set.
func Rendered(tr *trace.Trace, facts ...Fact) []Fact {
	for i := range facts {
		facts[i].render(tr)
	}
	return facts
}
