package smt

import (
	"fmt"

	"github.com/aclements/go-z3/z3"

	"gpredict/encode"
)

// z3Terms translates formulas of the IR into one Z3 context, making the
// constant of an order or Boolean variable, and each integer constant, on
// first use (a reduced or specialized problem mentions few of its
// variables).
type z3Terms struct {
	ctx    *z3.Context
	ints   map[encode.Var]z3.Int
	bools  map[encode.BoolVar]z3.Bool
	consts map[int64]z3.Int
	// made holds every term lowered, the parts of a formula as well as
	// the formula (the constants stay in ints, bools and consts), and
	// keep the other Z3 objects read back (models and the values read
	// from them), for as long as the context lives: they are freed with
	// it, between batches of candidates (Worker.Reset), or when the stage
	// replaces it.
	//
	// go-z3 holds a reference to each term it hands out and drops it
	// from a finalizer when the garbage collector finds the term's Go
	// value unreachable, and Z3's work depends on the references. A term
	// whose last reference goes is freed and its id reused by the next
	// term made, and ids order Z3's tables (why the formulas were kept
	// first); and Z3 reads the counts: its rewriter, for one, caches what
	// it rewrites a subterm to only when the subterm has more than one
	// reference (must_cache,
	// src/ast/rewriter/rewriter_def.h), so a part whose Go value was still
	// alive when a check ran was rewritten once, and one already collected
	// as often as it occurs. Either way the resource a check spent, and
	// near the resource limit its answer, depended on when the collector
	// had run: on the machine's load, on the other workers and on GOGC
	// (docs/engine.md, "No clock by default"). With everything kept, a
	// term's references depend only on what was lowered into the context,
	// and a check spends the same whatever the collector did
	// (TestCheckIgnoresTheCollector). It also closes a gap of go-z3's: its
	// n-ary constructors (And, Or) keep their C array alive, not the
	// arguments' Go values, which a collection could finalize before Z3
	// has made the term over them.
	made []z3.Bool
	keep []any
}

func newZ3Terms(ctx *z3.Context) *z3Terms {
	return &z3Terms{ctx: ctx, ints: map[encode.Var]z3.Int{}, bools: map[encode.BoolVar]z3.Bool{}, consts: map[int64]z3.Int{}}
}

// int returns the Z3 constant of order variable v.
func (t *z3Terms) int(v encode.Var) z3.Int {
	return memo(t.ints, v, func() z3.Int { return t.ctx.IntConst(fmt.Sprintf("o%d", v)) })
}

// bool returns the Z3 constant of Boolean variable b.
func (t *z3Terms) bool(b encode.BoolVar) z3.Bool {
	return memo(t.bools, b, func() z3.Bool { return t.ctx.BoolConst(fmt.Sprintf("b%d", b)) })
}

// memo returns m[k], made by mk on first use.
func memo[K comparable, V any](m map[K]V, k K, mk func() V) V {
	x, ok := m[k]
	if !ok {
		x = mk()
		m[k] = x
	}
	return x
}

// constant returns the Z3 integer k.
func (t *z3Terms) constant(k int64) z3.Int {
	return memo(t.consts, k, func() z3.Int { return t.ctx.FromInt(k, t.ctx.IntSort()).(z3.Int) })
}

// value is v's value in model m.
func (t *z3Terms) value(m *z3.Model, v encode.Var) int64 {
	e := m.Eval(t.int(v), true)
	t.keep = append(t.keep, e)
	x, _, _ := e.(z3.Int).AsInt64()
	return x
}

// boolValue is b's value in model m.
func (t *z3Terms) boolValue(m *z3.Model, b encode.BoolVar) bool {
	e := m.Eval(t.bool(b), true)
	t.keep = append(t.keep, e)
	x, _ := e.(z3.Bool).AsBool()
	return x
}

// lower translates a formula of the IR to Z3, keeping it and every term
// made for it alive with the context (made).
func (t *z3Terms) lower(f *encode.F) z3.Bool {
	x := t.lowerTerm(f)
	t.made = append(t.made, x)
	return x
}

// lowerTerm is lower's work: the terms it returns for f's parts are in
// made before the term over them is made.
func (t *z3Terms) lowerTerm(f *encode.F) z3.Bool {
	switch f.Kind {
	case encode.KTrue:
		return t.ctx.FromBool(true)
	case encode.KFalse:
		return t.ctx.FromBool(false)
	case encode.KLt:
		return t.int(f.A).LT(t.int(f.B))
	case encode.KLtConst:
		return t.int(f.A).LT(t.constant(f.K))
	case encode.KConstLt:
		return t.constant(f.K).LT(t.int(f.B))
	case encode.KLtPlus:
		sum := t.int(f.B).Add(t.constant(f.K))
		t.keep = append(t.keep, sum) // kept like every part (made)
		return t.int(f.A).LT(sum)
	case encode.KLit:
		if f.Neg {
			return t.bool(f.Bool).Not()
		}
		return t.bool(f.Bool)
	case encode.KAnd, encode.KOr:
		kids := make([]z3.Bool, len(f.Kids))
		for i, k := range f.Kids {
			kids[i] = t.lowerTerm(k)
			t.made = append(t.made, kids[i])
		}
		if f.Kind == encode.KAnd {
			return kids[0].And(kids[1:]...)
		}
		return kids[0].Or(kids[1:]...)
	}
	panic("predict: bad formula kind")
}
