package spec

import "gpredict/trace"

// A compiled pointcut is a tree of pcNodes. Matching is written in
// continuation-passing style: a node calls k once per way the current
// join point satisfies it, with the environment (c.env) extended by the
// names it binds, and restores the environment before returning. Most
// pointcuts have at most one way; `args(.., x, ..)` and `||` may have
// several. r is the residual condition collected so far (nil: none).
type pcNode interface {
	match(c *matchCtx, r residual, k func(residual))
}

// residual is a condition on the property binding that the event alone
// cannot decide (an `if` naming a property parameter it does not bind).
// nil means "always true".
type residual func(binding []trace.Sym) bool

func andResidual(a, b residual) residual {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return func(bi []trace.Sym) bool { return a(bi) && b(bi) }
}

type andNode struct{ l, r pcNode }

func (n *andNode) match(c *matchCtx, r residual, k func(residual)) {
	n.l.match(c, r, func(r1 residual) { n.r.match(c, r1, k) })
}

type orNode struct{ l, r pcNode }

// match tries both sides; the caller merges ways that bind the same
// values (see Matcher.emit), so an event matching both sides is one
// property event.
func (n *orNode) match(c *matchCtx, r residual, k func(residual)) {
	n.l.match(c, r, k)
	n.r.match(c, r, k)
}

// notNode holds where x has no way to match. Names inside x never bind;
// ones already bound are tested. A residual way of x makes the negation
// residual too.
type notNode struct{ x pcNode }

func (n *notNode) match(c *matchCtx, r residual, k func(residual)) {
	always := false
	var conds []residual
	n.x.match(c, nil, func(r1 residual) {
		if r1 == nil {
			always = true
		} else {
			conds = append(conds, r1)
		}
	})
	switch {
	case always:
		return
	case len(conds) == 0:
		k(r)
		return
	}
	k(andResidual(r, func(bi []trace.Sym) bool {
		for _, cond := range conds {
			if cond(bi) {
				return false
			}
		}
		return true
	}))
}

// invocationNode is call(SIG) / execution(SIG). Both match call, enter
// and exit events (docs/matching.md); the advice decides which of them fire.
type invocationNode struct {
	sig   *sigPat
	cache int // index of the per-trace cache of results per signature Sym
}

func (n *invocationNode) match(c *matchCtx, r residual, k func(residual)) {
	if c.jp.kind != jpInvocation {
		return
	}
	if c.cached(n.cache, func(sym trace.Sym) bool { return n.sig.matches(c.signature(sym), c.tr.Types) }) {
		k(r)
	}
}

// fieldNode is get(FIELD) / set(FIELD).
type fieldNode struct {
	set   bool
	field *fieldPat
	cache int // results per variable Sym
}

func (n *fieldNode) match(c *matchCtx, r residual, k func(residual)) {
	want := jpGet
	if n.set {
		want = jpSet
	}
	if c.jp.kind != want {
		return
	}
	if c.cached(n.cache, func(trace.Sym) bool { return n.field.matches(c.jp.variable, c.tr.Types) }) {
		k(r)
	}
}

// nameRef is a name in target/args/location. A name that is an advice
// (or returning) parameter binds slot; any other name is an AspectJ type
// pattern that filters by the value's declared runtime type, except a
// property parameter the advice does not list, which fits any value and
// binds nothing.
type nameRef struct {
	slot int      // ≥ 0: binds this environment slot
	typ  *typePat // slot < 0: type filter, nil for "any"
}

// bind calls k if v fits ref, binding it if ref is an unbound slot.
func (c *matchCtx) bind(ref nameRef, v trace.Sym, r residual, k func(residual)) {
	switch {
	case ref.slot < 0:
		if ref.typ == nil || c.valueHasType(v, ref.typ) {
			k(r)
		}
	case c.env[ref.slot] == trace.NoSym:
		c.env[ref.slot] = v
		k(r)
		c.env[ref.slot] = trace.NoSym
	case c.env[ref.slot] == v:
		k(r)
	}
}

type targetNode struct{ ref nameRef }

func (n *targetNode) match(c *matchCtx, r residual, k func(residual)) {
	if c.jp.target != trace.NoSym {
		c.bind(n.ref, c.jp.target, r, k)
	}
}

type locationNode struct{ ref nameRef }

func (n *locationNode) match(c *matchCtx, r residual, k func(residual)) {
	if c.jp.kind == jpGet || c.jp.kind == jpSet {
		c.bind(n.ref, c.jp.ev.Obj, r, k)
	}
}

// argElem is one element of args(...): a name, `*` or `..`.
type argElem struct {
	ref      nameRef
	any      bool
	ellipsis bool
}

type argsNode struct{ elems []argElem }

func (n *argsNode) match(c *matchCtx, r residual, k func(residual)) {
	if c.jp.kind == jpNone {
		return
	}
	if !c.jp.argsKnown {
		// The signature has parameters, so there is at least one argument:
		// only a list of `..` fits what was not recorded.
		if len(n.elems) == 0 {
			return
		}
		for _, e := range n.elems {
			if !e.ellipsis {
				return
			}
		}
		k(r)
		return
	}
	c.matchArgs(n.elems, c.jp.args, r, k)
}

func (c *matchCtx) matchArgs(elems []argElem, args []trace.Sym, r residual, k func(residual)) {
	switch {
	case len(elems) == 0:
		if len(args) == 0 {
			k(r)
		}
	case elems[0].ellipsis:
		for skip := 0; skip <= len(args); skip++ {
			c.matchArgs(elems[1:], args[skip:], r, k)
		}
	case len(args) == 0:
	case elems[0].any:
		c.matchArgs(elems[1:], args[1:], r, k)
	default:
		c.bind(elems[0].ref, args[0], r, func(r1 residual) { c.matchArgs(elems[1:], args[1:], r1, k) })
	}
}

type lockNode struct{ unlock bool }

func (n *lockNode) match(c *matchCtx, r residual, k func(residual)) {
	if (n.unlock && c.jp.kind == jpUnlock) || (!n.unlock && c.jp.kind == jpLock) {
		k(r)
	}
}

type volatileNode struct{}

func (volatileNode) match(c *matchCtx, r residual, k func(residual)) {
	if (c.jp.kind == jpGet || c.jp.kind == jpSet) && c.tr.Volatile[c.jp.ev.Obj] {
		k(r)
	}
}

// withinNode matches invocations by their signature's declaring type and
// field accesses by the runtime type of their object; a field whose
// object's type the trace does not declare cannot be excluded.
type withinNode struct {
	typ   *typePat
	cache int // results per signature or variable Sym
}

func (n *withinNode) match(c *matchCtx, r residual, k func(residual)) {
	kind := c.jp.kind
	if kind != jpInvocation && kind != jpGet && kind != jpSet {
		return
	}
	fits := func(sym trace.Sym) bool {
		if kind == jpInvocation {
			return typeFits(n.typ, c.signature(sym).Decl, c.tr.Types)
		}
		decl := c.jp.variable.declType
		return decl == "" || n.typ.matches(decl, c.tr.Types)
	}
	if c.cached(n.cache, fits) {
		k(r)
	}
}

// ifNode is if(EXPR); see eval.go.
type ifNode struct{ x *condExpr }

func (n *ifNode) match(c *matchCtx, r residual, k func(residual)) {
	if c.jp.kind == jpNone {
		return
	}
	if !n.x.needsBinding(c.env) {
		if n.x.holds(c.tr, c.env, nil) {
			k(r)
		}
		return
	}
	env := append([]trace.Sym(nil), c.env...)
	tr, x := c.tr, n.x
	k(andResidual(r, func(bi []trace.Sym) bool {
		return x.holds(tr, env, bi)
	}))
}

// cached answers test for the current join point's signature or variable
// (its event's Obj), computing it once per distinct Sym and pattern node:
// the result depends only on that Sym, and traces repeat them heavily.
func (c *matchCtx) cached(slot int, test func(trace.Sym) bool) bool {
	sym := c.jp.ev.Obj
	cache := c.caches[slot]
	ok, seen := cache[sym]
	if !seen {
		ok = test(sym)
		cache[sym] = ok
	}
	return ok
}
