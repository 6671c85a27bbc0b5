// Package closure derives, for one candidate, facts that hold in every
// feasible schedule showing it (docs/semantics.md): the events every such
// schedule contains — the must-set, a prefix of every thread — and orders
// among them beyond the trace's must-happen-before clocks (a lock hold
// that must finish before another starts, a write that must come after a
// read). Every rule is an implication of the model, never a guess, so a
// contradiction among the facts refutes the candidate; the facts also
// guide the witness construction of package greedy.
//
// It handles chain candidates (Chain): patterns that are a sequence of
// groups, each one event or one `||` block of events, which is what the
// catalogue's race, ordering and atomicity properties are. Other
// patterns are left to the solver.
package closure

import (
	"gpredict/spec"
	"gpredict/trace"
)

// Chain is a candidate whose pattern is a sequence of groups: every chosen
// event of group i comes before every chosen event of group i+1, and the
// events of a group with more than one event form one contiguous block.
type Chain struct {
	Groups [][]trace.EventRef
}

// ChainOf returns the chain of alternative alt with the chosen events, or
// false when alt is not a chain (negation, `&`, a block of sequences) or
// a chosen event is a wait (its three steps make "the event" ambiguous).
func ChainOf(tr *trace.Trace, alt *spec.Alternative, choice []trace.EventRef) (Chain, bool) {
	group := func(n *spec.PatNode) ([]trace.EventRef, bool) {
		switch n.Kind {
		case spec.PatEvent:
			return []trace.EventRef{choice[n.Occ]}, true
		case spec.PatPar:
			g := make([]trace.EventRef, 0, len(n.Kids))
			for _, k := range n.Kids {
				if k.Kind != spec.PatEvent {
					return nil, false
				}
				g = append(g, choice[k.Occ])
			}
			return g, true
		}
		return nil, false
	}
	var ch Chain
	kids := []*spec.PatNode{alt.Root}
	if alt.Root.Kind == spec.PatSeq {
		kids = alt.Root.Kids
	}
	for _, k := range kids {
		g, ok := group(k)
		if !ok {
			return Chain{}, false
		}
		ch.Groups = append(ch.Groups, g)
	}
	for _, c := range choice {
		if tr.Event(c).Op == trace.OpWait {
			return Chain{}, false
		}
	}
	return ch, true
}

// Last is the last group: in a witness cut right after it, its events are
// the last steps of their threads.
func (c Chain) Last() []trace.EventRef { return c.Groups[len(c.Groups)-1] }

// Events lists every chosen event, group by group.
func (c Chain) Events() []trace.EventRef {
	var out []trace.EventRef
	for _, g := range c.Groups {
		out = append(out, g...)
	}
	return out
}

// inLast reports whether r is an event of the last group.
func (c Chain) inLast(r trace.EventRef) bool {
	for _, e := range c.Last() {
		if e == r {
			return true
		}
	}
	return false
}
