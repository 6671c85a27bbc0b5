package spec

// maxAlternatives bounds the expansion of `|` and `?` into alternatives.
const maxAlternatives = 256

// maxPatternEvents bounds the events written in one pattern, and so the
// size of each alternative of its normal form (Check rejects a longer
// pattern before normalising it). The patterns of the catalogue have a
// handful; the engine could not decide a thousand occurrences anyway.
const maxPatternEvents = 1000

// Normalize computes the normal form of p's pattern (docs/language.md):
// `x*` and `(...)*` are removed, `x+` becomes `x`, `x?` is x or nothing;
// every `|` outside a `!` is lifted into separate alternatives (through
// sequence, `||` and `&`), while a `|` below a `!` stays a PatOr; nested
// sequences and `||` groups are flattened; occurrences are numbered per
// alternative in source order. It reports removals that leave the pattern,
// a branch or a negated group empty. Patterns with undeclared events get
// Decl -1.
func Normalize(p *Property) (*NormalPattern, Diagnostics) {
	n := &normalizer{decls: map[string]int{}}
	for i, e := range p.Events {
		if _, dup := n.decls[e.Name]; !dup {
			n.decls[e.Name] = i
		}
	}
	alts := n.lift(p.Pattern)
	np := &NormalPattern{}
	for _, a := range alts {
		if a == nil {
			n.report(errEmptyPattern(p.Pattern.Span()))
			continue
		}
		// A pattern with too many alternatives is in error and gets no
		// normal form: numbering what was kept of it would only cost
		// (256 copies of a long sequence took gigabytes).
		if !n.overflow {
			np.Alts = append(np.Alts, n.number(a))
		}
	}
	return np, n.diags
}

// tree is a normal-form node before occurrences are numbered; a nil *tree
// is "nothing" (what `x*` and the empty side of `x?` leave).
type tree struct {
	kind PatKind
	kids []*tree
	ev   *RxEvent
	span Span
}

type normalizer struct {
	decls    map[string]int
	diags    Diagnostics
	overflow bool
}

func (n *normalizer) report(d Diagnostic) { n.diags = append(n.diags, d) }

// lift returns the alternatives of r with every `|` lifted out.
func (n *normalizer) lift(r Regex) []*tree {
	switch r := r.(type) {
	case *RxEvent:
		return []*tree{{kind: PatEvent, ev: r, span: r.Sp}}
	case *RxQuant:
		return n.quant(r, n.lift)
	case *RxOr:
		var out []*tree
		for _, it := range r.Items {
			alts := n.lift(it)
			if allEmpty(alts) {
				n.report(errEmptyBranch(it.Span()))
			}
			out = n.limit(append(out, alts...), r.Sp)
		}
		return out
	case *RxSeq:
		return n.combine(PatSeq, r.Items, r.Sp, n.lift)
	case *RxPar:
		return n.combine(PatPar, r.Items, r.Sp, n.lift)
	case *RxAnd:
		return n.combine(PatAnd, r.Items, r.Sp, n.lift)
	case *RxNot:
		return []*tree{n.not(r)}
	}
	return nil
}

// keep returns the choices of r below a `!`: `|` stays a PatOr node, so
// there is one choice unless a `?` makes part of r optional.
func (n *normalizer) keep(r Regex) []*tree {
	switch r := r.(type) {
	case *RxOr:
		var kids []*tree
		optional := false
		for _, it := range r.Items {
			for _, c := range n.keep(it) {
				if c == nil {
					optional = true
				} else {
					kids = append(kids, c)
				}
			}
		}
		var or *tree
		switch len(kids) {
		case 0:
		case 1:
			or = kids[0]
		default:
			or = flatten(&tree{kind: PatOr, kids: kids, span: r.Sp})
		}
		if optional {
			return []*tree{or, nil}
		}
		return []*tree{or}
	case *RxSeq:
		return n.combine(PatSeq, r.Items, r.Sp, n.keep)
	case *RxPar:
		return n.combine(PatPar, r.Items, r.Sp, n.keep)
	case *RxAnd:
		return n.combine(PatAnd, r.Items, r.Sp, n.keep)
	case *RxQuant:
		return n.quant(r, n.keep)
	}
	return n.lift(r) // events and nested negations
}

// quant removes one quantifier: `*` leaves nothing, `+` the operand, `?`
// the operand or nothing.
func (n *normalizer) quant(r *RxQuant, sub func(Regex) []*tree) []*tree {
	switch r.Op {
	case '*':
		return []*tree{nil}
	case '+':
		return sub(r.X)
	}
	alts := sub(r.X)
	for _, a := range alts {
		if a == nil {
			return alts
		}
	}
	return append(alts, nil)
}

// not builds `!X`: X's `|` stay below it as PatOr.
func (n *normalizer) not(r *RxNot) *tree {
	choices := n.keep(r.X)
	var kids []*tree
	for _, c := range choices {
		if c == nil {
			n.report(errEmptyNegation(r.Sp))
			continue
		}
		kids = append(kids, c)
	}
	var x *tree
	switch len(kids) {
	case 0:
		return nil
	case 1:
		x = kids[0]
	default:
		x = flatten(&tree{kind: PatOr, kids: kids, span: r.X.Span()})
	}
	return &tree{kind: PatNot, kids: []*tree{x}, span: r.Sp}
}

// combine builds the cross product of the items' choices under one node
// of kind k. In a sequence, empty items drop out. Under `||` and `&`, an
// item that can only be empty is an error (a branch emptied by quantifier
// removal); one that may be empty (`x?`) drops out of that choice.
//
// The partial choices share their prefixes (kidChain), so that an item
// costs the same at the end of a long sequence as at its start: copying
// each prefix made a sequence of 30,000 events take seconds.
func (n *normalizer) combine(k PatKind, items []Regex, sp Span, sub func(Regex) []*tree) []*tree {
	acc := []*kidChain{nil}
	for _, it := range items {
		choices := sub(it)
		if k != PatSeq && allEmpty(choices) {
			n.report(errEmptyBranch(it.Span()))
		}
		// Only the first maxAlternatives choices are kept, so no more
		// are built.
		next := make([]*kidChain, 0, min(len(acc)*len(choices), maxAlternatives+1))
	build:
		for _, prefix := range acc {
			for _, c := range choices {
				if len(next) == maxAlternatives {
					n.tooMany(sp)
					break build
				}
				next = append(next, prefix.then(c))
			}
		}
		acc = next
	}
	out := make([]*tree, 0, len(acc))
	for _, kids := range acc {
		nonEmpty := kids.nonEmpty()
		switch len(nonEmpty) {
		case 0:
			out = append(out, nil)
		case 1:
			out = append(out, nonEmpty[0])
		default:
			out = append(out, flatten(&tree{kind: k, kids: nonEmpty, span: sp}))
		}
	}
	return out
}

// kidChain is a choice of kids for a combine, newest first; choices that
// extend one prefix share it. A nil *kidChain is the empty choice.
type kidChain struct {
	kid   *tree // nil: the item chose nothing
	prev  *kidChain
	count int // non-nil kids in the chain
}

func (c *kidChain) then(kid *tree) *kidChain {
	count := c.nonEmptyCount()
	if kid != nil {
		count++
	}
	return &kidChain{kid: kid, prev: c, count: count}
}

func (c *kidChain) nonEmptyCount() int {
	if c == nil {
		return 0
	}
	return c.count
}

// nonEmpty lists the chain's kids that are not nil, oldest first.
func (c *kidChain) nonEmpty() []*tree {
	kids := make([]*tree, c.nonEmptyCount())
	i := len(kids)
	for ; c != nil; c = c.prev {
		if c.kid != nil {
			i--
			kids[i] = c.kid
		}
	}
	return kids
}

func (n *normalizer) limit(alts []*tree, sp Span) []*tree {
	if len(alts) > maxAlternatives {
		n.tooMany(sp)
		return alts[:maxAlternatives]
	}
	return alts
}

func (n *normalizer) tooMany(sp Span) {
	if !n.overflow {
		n.overflow = true
		n.report(errTooManyAlternatives(sp, maxAlternatives))
	}
}

// flatten merges kids of the same kind as t into t: a sequence inside a
// sequence (from a group) is one sequence; likewise `||`, `&` and `|`.
func flatten(t *tree) *tree {
	var kids []*tree
	for _, k := range t.kids {
		if k.kind == t.kind && t.kind != PatNot && t.kind != PatEvent {
			kids = append(kids, k.kids...)
		} else {
			kids = append(kids, k)
		}
	}
	t.kids = kids
	return t
}

func allEmpty(alts []*tree) bool {
	for _, a := range alts {
		if a != nil {
			return false
		}
	}
	return true
}

// number turns a tree into an Alternative, numbering occurrences in
// source (pre-)order. Shared subtrees (from `?` or `|` expansion) are
// copied, so every occurrence gets its own number.
func (n *normalizer) number(t *tree) Alternative {
	var alt Alternative
	var walk func(*tree) *PatNode
	walk = func(t *tree) *PatNode {
		if t.kind == PatEvent {
			decl, ok := n.decls[t.ev.Event]
			if !ok {
				decl = -1
			}
			alt.Occs = append(alt.Occs, Occurrence{Event: t.ev.Event, Decl: decl,
				Thread: t.ev.Thread, Region: t.ev.Region, RegionEnd: t.ev.RegionEnd, Span: t.ev.Sp})
			return &PatNode{Kind: PatEvent, Occ: len(alt.Occs) - 1, Span: t.span}
		}
		node := &PatNode{Kind: t.kind, Span: t.span}
		for _, k := range t.kids {
			node.Kids = append(node.Kids, walk(k))
		}
		return node
	}
	alt.Root = walk(t)
	return alt
}
