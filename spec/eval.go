package spec

import (
	"fmt"
	"strings"

	"gpredict/trace"
)

// The `if(...)` expression language (docs/matching.md). Every value is a
// string, as values in a trace are (docs/semantics.md: values compare as
// strings):
//
//   - a name is the string of the value bound to it;
//   - `null` is the string "null" (what a recorder writes for a null
//     reference), numbers are their text as written, true/false are
//     "true"/"false";
//   - ==, != compare strings; contains/startsWith/endsWith are the string
//     methods; &&, ||, ! work on conditions, and a value used as a
//     condition holds when it is the string "true".
//
// A name whose value is not known — an advice parameter the pointcut did
// not bind — makes the condition fail: an event is only reported for what
// the trace shows. A property parameter the event does not bind is looked
// up in the binding instead (a residual condition, FIG. 19).

// condExpr is a compiled if(...) condition.
type condExpr struct {
	root *evalNode
	// props lists the (slot, property index) of every name that is a
	// property parameter; slot is -1 when it is not an advice parameter.
	props []nameUse
}

type nameUse struct{ slot, prop int }

type evalKind uint8

const (
	evLit evalKind = iota
	evName
	evEq
	evNe
	evAnd
	evOr
	evNot
	evContains
	evStartsWith
	evEndsWith
)

var methodKinds = map[string]evalKind{"contains": evContains, "startsWith": evStartsWith, "endsWith": evEndsWith}

type evalNode struct {
	kind evalKind
	lit  string
	use  nameUse // evName
	l, r *evalNode
}

// names resolves a name of an if(...) to its advice slot and property
// parameter index (-1 when it is not one).
type names interface {
	resolve(name string) (use nameUse, ok bool)
}

func compileCond(x Expr, ns names) (*condExpr, error) {
	c := &condExpr{}
	root, err := c.compile(x, ns)
	if err != nil {
		return nil, err
	}
	c.root = root
	return c, nil
}

func (c *condExpr) compile(x Expr, ns names) (*evalNode, error) {
	switch x := x.(type) {
	case *ExprLit:
		switch x.Kind {
		case LitNull:
			return &evalNode{kind: evLit, lit: "null"}, nil
		case LitBool:
			return &evalNode{kind: evLit, lit: strings.ToLower(x.Value)}, nil
		}
		return &evalNode{kind: evLit, lit: x.Value}, nil
	case *ExprName:
		use, ok := ns.resolve(x.Name)
		if !ok {
			return nil, fmt.Errorf("%s: if(...) names %q, which is neither a parameter of the event nor of the property", x.Sp, x.Name)
		}
		if use.prop >= 0 {
			c.props = append(c.props, use)
		}
		return &evalNode{kind: evName, use: use}, nil
	case *ExprNot:
		inner, err := c.compile(x.X, ns)
		if err != nil {
			return nil, err
		}
		return &evalNode{kind: evNot, l: inner}, nil
	case *ExprBinary:
		kind, ok := map[string]evalKind{"==": evEq, "!=": evNe, "&&": evAnd, "||": evOr}[x.Op]
		if !ok {
			return nil, fmt.Errorf("%s: unknown operator %q in if(...)", x.Sp, x.Op)
		}
		return c.pair(kind, x.L, x.R, ns)
	case *ExprMethod:
		kind, ok := methodKinds[x.Method]
		if !ok {
			return nil, fmt.Errorf("%s: unknown method %q in if(...) (want contains, startsWith or endsWith)", x.Sp, x.Method)
		}
		return c.pair(kind, x.Recv, x.Arg, ns)
	case nil:
		return nil, fmt.Errorf("empty if(...) condition")
	}
	return nil, fmt.Errorf("%s: unsupported expression in if(...)", x.Span())
}

func (c *condExpr) pair(kind evalKind, l, r Expr, ns names) (*evalNode, error) {
	ln, err := c.compile(l, ns)
	if err != nil {
		return nil, err
	}
	rn, err := c.compile(r, ns)
	if err != nil {
		return nil, err
	}
	return &evalNode{kind: kind, l: ln, r: rn}, nil
}

// needsBinding reports whether the condition names a property parameter
// that env does not bind, so that it must wait for a binding.
func (c *condExpr) needsBinding(env []trace.Sym) bool {
	for _, u := range c.props {
		if u.slot < 0 || env[u.slot] == trace.NoSym {
			return true
		}
	}
	return false
}

// holds evaluates the condition; binding is nil while matching and the
// property binding when a residual condition is checked.
func (c *condExpr) holds(tr *trace.Trace, env, binding []trace.Sym) bool {
	v, ok := c.root.eval(tr, env, binding)
	return ok && v == "true"
}

func boolStr(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// eval returns the node's value, or ok=false if a name it needs has no
// known value.
func (n *evalNode) eval(tr *trace.Trace, env, binding []trace.Sym) (v string, ok bool) {
	switch n.kind {
	case evLit:
		return n.lit, true
	case evName:
		if n.use.slot >= 0 && env[n.use.slot] != trace.NoSym {
			return tr.Str(env[n.use.slot]), true
		}
		if n.use.prop >= 0 && binding != nil && binding[n.use.prop] != trace.NoSym {
			return tr.Str(binding[n.use.prop]), true
		}
		return "", false
	case evNot:
		x, ok := n.l.eval(tr, env, binding)
		return boolStr(x != "true"), ok
	case evAnd, evOr:
		l, ok := n.l.eval(tr, env, binding)
		if !ok {
			return "", false
		}
		if (l == "true") == (n.kind == evOr) { // short circuit
			return boolStr(l == "true"), true
		}
		r, ok := n.r.eval(tr, env, binding)
		return boolStr(r == "true"), ok
	}
	l, ok := n.l.eval(tr, env, binding)
	if !ok {
		return "", false
	}
	r, ok := n.r.eval(tr, env, binding)
	if !ok {
		return "", false
	}
	switch n.kind {
	case evEq:
		return boolStr(l == r), true
	case evNe:
		return boolStr(l != r), true
	case evContains:
		return boolStr(strings.Contains(l, r)), true
	case evStartsWith:
		return boolStr(strings.HasPrefix(l, r)), true
	case evEndsWith:
		return boolStr(strings.HasSuffix(l, r)), true
	}
	panic(fmt.Sprintf("spec: eval of node kind %d", n.kind))
}
