package spec

import "gpredict/trace"

// The normal form of a pattern (docs/language.md, docs/semantics.md) is
// what the encoder and the reference explorer consume: quantifiers are
// gone, every `|` outside a `!` has been lifted into separate alternatives,
// and each alternative numbers its event occurrences 0..n-1 (each
// occurrence gets its own property event).

// PatKind is the kind of a normal-form pattern node.
type PatKind uint8

const (
	PatEvent PatKind = iota // one occurrence (Occ)
	PatSeq                  // Kids in sequence
	PatPar                  // Kids concurrent (`||`): one contiguous block
	PatAnd                  // all Kids hold (`&`)
	PatOr                   // some Kid holds; only below a PatNot
	PatNot                  // Kids[0] does not hold
)

// PatNode is a node of a normal-form pattern tree.
type PatNode struct {
	Kind PatKind
	Kids []*PatNode
	Occ  int // PatEvent: index into Alternative.Occs
	Span Span
}

// Chosen lists the events choice gives the occurrences below n (choice[i]
// for occurrence i), left to right.
func (n *PatNode) Chosen(choice []trace.EventRef) []trace.EventRef {
	var out []trace.EventRef
	var walk func(*PatNode)
	walk = func(n *PatNode) {
		if n.Kind == PatEvent {
			out = append(out, choice[n.Occ])
		}
		for _, k := range n.Kids {
			walk(k)
		}
	}
	walk(n)
	return out
}

// Occurrence is one event occurrence of an alternative.
type Occurrence struct {
	Event  string // event declaration name
	Decl   int    // index of the declaration in Property.Events
	Thread string // meta-thread name, "" for any thread
	Region string // atomic-region name, "" if this is no region mark
	// RegionEnd is false for a begin mark `<r`, true for an end mark `>r`.
	RegionEnd bool
	Span      Span
}

// Alternative is one `|`-free (outside negation) form of a pattern.
type Alternative struct {
	Root *PatNode
	Occs []Occurrence
}

// NormalPattern is the set of alternatives of a pattern: a violation is a
// match of any one of them.
type NormalPattern struct {
	Alts []Alternative
}
