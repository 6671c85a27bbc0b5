package explain

import (
	"gpredict/encode"
	"gpredict/spec"
	"gpredict/trace"
)

// PatternFact is the fact stated by k, one of the pattern constraints of
// candidate c over problem p (encode's Pattern, with the pattern's
// condition split at its top-level conjunction): a chosen event in the
// schedule, an order the pattern puts between two chosen events, or a
// part of a `||` block's contiguity. Any other shape is stated as "the
// pattern's condition on" the chosen events.
func PatternFact(p *encode.Problem, c encode.Candidate, k encode.Constraint) Fact {
	tr := p.Trace
	step := func(v encode.Var) (trace.EventRef, bool) {
		if v < p.Cut {
			return p.Steps[v].Ref, true
		}
		return trace.EventRef{}, false
	}
	aux := func(v encode.Var) bool { return v > p.Cut }
	block := blockOf(c)
	f := k.F
	switch {
	case f.Kind == encode.KLt && f.B == p.Cut:
		if e, ok := step(f.A); ok {
			return patternFact(tr, c, PatternEvent, e)
		}
	case f.Kind == encode.KLt:
		a, okA := step(f.A)
		b, okB := step(f.B)
		switch {
		case okA && okB:
			return patternFact(tr, c, PatternOrder, a, b)
		case block != nil && (aux(f.A) || aux(f.B)):
			return patternFact(tr, c, PatternBlock, block...)
		}
	case f.Kind == encode.KOr && len(f.Kids) == 2 && f.Kids[0].Kind == encode.KLt && f.Kids[1].Kind == encode.KLt && block != nil:
		// s < below ∨ above < s: step s lies outside the block.
		if s, ok := step(f.Kids[0].A); ok && aux(f.Kids[0].B) && f.Kids[1].B == f.Kids[0].A && aux(f.Kids[1].A) {
			return patternFact(tr, c, PatternOutside, append([]trace.EventRef{s}, block...)...)
		}
	}
	return patternFact(tr, c, Pattern, c.Choice...)
}

// patternFact is a pattern fact over events, each named by the first
// occurrence chosen for it ("" for an event that is not chosen).
func patternFact(tr *trace.Trace, c encode.Candidate, k Kind, events ...trace.EventRef) Fact {
	f := Fact{Kind: k, Events: events, Names: make([]string, len(events))}
	for i, e := range events {
		for j, r := range c.Choice {
			if r == e {
				f.Names[i] = c.Alt.Occs[j].Event
				break
			}
		}
	}
	f.render(tr)
	return f
}

// blockOf is the chosen events of c's `||` block, when its pattern has
// exactly one (nil otherwise: which block an aux variable brackets is
// then not known here).
func blockOf(c encode.Candidate) []trace.EventRef {
	var pars []*spec.PatNode
	var walk func(n *spec.PatNode)
	walk = func(n *spec.PatNode) {
		if n.Kind == spec.PatPar {
			pars = append(pars, n)
		}
		for _, k := range n.Kids {
			walk(k)
		}
	}
	walk(c.Alt.Root)
	if len(pars) != 1 {
		return nil
	}
	var out []trace.EventRef
	seen := map[trace.EventRef]bool{}
	var occs func(n *spec.PatNode)
	occs = func(n *spec.PatNode) {
		if n.Kind == spec.PatEvent {
			if r := c.Choice[n.Occ]; !seen[r] {
				seen[r] = true
				out = append(out, r)
			}
		}
		for _, k := range n.Kids {
			occs(k)
		}
	}
	occs(pars[0])
	return out
}

// PatternOrderFact is "the pattern puts a before b" for chosen events of c.
func PatternOrderFact(tr *trace.Trace, c encode.Candidate, a, b trace.EventRef) Fact {
	return patternFact(tr, c, PatternOrder, a, b)
}

// Rank orders constraints for core minimisation (smt.CoreConfig): the
// ones tried for removal first are those a reader follows least easily,
// so a core keeps program order, fork and join where it has a choice.
func Rank(c encode.Constraint) int {
	switch c.Origin.Family {
	case encode.FamQuery, encode.FamPattern:
		return 3
	case encode.FamMHB:
		return 2
	case encode.FamReadWrite:
		return 1
	}
	return 0
}
