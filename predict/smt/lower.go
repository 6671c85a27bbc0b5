package smt

import (
	"fmt"

	"github.com/aclements/go-z3/z3"

	"gpredict/encode"
)

// z3Terms translates formulas of the IR into one Z3 context, making the
// constant of an order or Boolean variable on first use (a reduced or
// specialized problem mentions few of its variables).
type z3Terms struct {
	ctx   *z3.Context
	ints  map[encode.Var]z3.Int
	bools map[encode.BoolVar]z3.Bool
	// keep holds every term lowered (and every value read from a model)
	// for as long as the context lives. go-z3 frees a term from a
	// finalizer, whenever the garbage collector runs, and Z3 then reuses
	// its id for the next term made; ids order Z3's internal tables, so
	// checks after a free could search differently, and run into the
	// resource limit or not, depending on the collector's timing — on the
	// load of the machine and on the other workers. Kept, the terms are
	// freed with the context, between batches of candidates
	// (Worker.Reset).
	keep []any
}

func newZ3Terms(ctx *z3.Context) *z3Terms {
	return &z3Terms{ctx: ctx, ints: map[encode.Var]z3.Int{}, bools: map[encode.BoolVar]z3.Bool{}}
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

func (t *z3Terms) constant(k int64) z3.Int { return t.ctx.FromInt(k, t.ctx.IntSort()).(z3.Int) }

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

// lower translates a formula of the IR to Z3, keeping the result alive
// with the context (keep).
func (t *z3Terms) lower(f *encode.F) z3.Bool {
	x := t.lowerTerm(f)
	t.keep = append(t.keep, x)
	return x
}

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
	case encode.KLit:
		if f.Neg {
			return t.bool(f.Bool).Not()
		}
		return t.bool(f.Bool)
	case encode.KAnd, encode.KOr:
		kids := make([]z3.Bool, len(f.Kids))
		for i, k := range f.Kids {
			kids[i] = t.lowerTerm(k)
		}
		if f.Kind == encode.KAnd {
			return kids[0].And(kids[1:]...)
		}
		return kids[0].Or(kids[1:]...)
	}
	panic("predict: bad formula kind")
}
