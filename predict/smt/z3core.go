package smt

/*
#cgo LDFLAGS: -lz3
#include <stdlib.h>
#include <z3.h>

// gp_core_context makes a context whose errors are recorded, not fatal
// (the default handler would end the process); ASTs are managed by Z3.
static Z3_context gp_core_context(void) {
	Z3_config cfg = Z3_mk_config();
	Z3_context c = Z3_mk_context(cfg);
	Z3_del_config(cfg);
	Z3_set_error_handler(c, NULL);
	return c;
}
*/
import "C"

import (
	"fmt"
	"sync"
	"time"

	"gpredict/encode"
)

// go-z3 has no assumption literals and no unsat cores, and its handles on
// Z3's C objects are unexported. The explaining solver (core.go) therefore
// talks to Z3's C API directly, through this small wrapper: a context of
// its own, the terms of the formula IR, checks under assumptions with
// their unsat core, and model values.

// z3Lbool is Z3's three-valued answer.
type z3Lbool int

const (
	lFalse z3Lbool = -1
	lUndef z3Lbool = 0
	lTrue  z3Lbool = 1
)

// coreZ3 is one context with one solver. Its methods are not safe for
// concurrent use, except that interrupt may be called at any time until
// close (it is what a deadline's timer calls).
type coreZ3 struct {
	mu     sync.Mutex // guards ctx against close while interrupt runs
	ctx    C.Z3_context
	solver C.Z3_solver
	ints   map[encode.Var]C.Z3_ast
	bools  map[encode.BoolVar]C.Z3_ast
	lits   []C.Z3_ast // assumption literals, by number
	intS   C.Z3_sort
	boolS  C.Z3_sort
}

func newCoreZ3() *coreZ3 {
	configureZ3()
	z := &coreZ3{ctx: C.gp_core_context(), ints: map[encode.Var]C.Z3_ast{}, bools: map[encode.BoolVar]C.Z3_ast{}}
	z.solver = C.Z3_mk_solver(z.ctx)
	C.Z3_solver_inc_ref(z.ctx, z.solver)
	leaveSIGINT(z.ctx, z.solver)
	z.intS, z.boolS = C.Z3_mk_int_sort(z.ctx), C.Z3_mk_bool_sort(z.ctx)
	return z
}

// close frees the context; z must not be used afterwards.
func (z *coreZ3) close() {
	z.mu.Lock()
	defer z.mu.Unlock()
	if z.ctx == nil {
		return
	}
	C.Z3_solver_dec_ref(z.ctx, z.solver)
	C.Z3_del_context(z.ctx)
	z.ctx = nil
}

func (z *coreZ3) interrupt() {
	z.mu.Lock()
	defer z.mu.Unlock()
	if z.ctx != nil {
		C.Z3_interrupt(z.ctx)
	}
}

// err returns Z3's error for the last call, if any.
func (z *coreZ3) err() error {
	if code := C.Z3_get_error_code(z.ctx); code != C.Z3_OK {
		return fmt.Errorf("z3 error: %s", C.GoString(C.Z3_get_error_msg(z.ctx, code)))
	}
	return nil
}

// Symbols are numbers: 3v for order variable v, 3b+1 for Boolean b, 3k+2
// for assumption literal k, so the three never collide.
func (z *coreZ3) constant(n int, sort C.Z3_sort) C.Z3_ast {
	return C.Z3_mk_const(z.ctx, C.Z3_mk_int_symbol(z.ctx, C.int(n)), sort)
}

func (z *coreZ3) int(v encode.Var) C.Z3_ast {
	return memo(z.ints, v, func() C.Z3_ast { return z.constant(3*int(v), z.intS) })
}

func (z *coreZ3) bool(b encode.BoolVar) C.Z3_ast {
	return memo(z.bools, b, func() C.Z3_ast { return z.constant(3*int(b)+1, z.boolS) })
}

// lower translates a formula of the IR (as lower.go does for go-z3).
func (z *coreZ3) lower(f *encode.F) C.Z3_ast {
	switch f.Kind {
	case encode.KTrue:
		return C.Z3_mk_true(z.ctx)
	case encode.KFalse:
		return C.Z3_mk_false(z.ctx)
	case encode.KLt:
		return C.Z3_mk_lt(z.ctx, z.int(f.A), z.int(f.B))
	case encode.KLtConst:
		return C.Z3_mk_lt(z.ctx, z.int(f.A), C.Z3_mk_int64(z.ctx, C.int64_t(f.K), z.intS))
	case encode.KConstLt:
		return C.Z3_mk_lt(z.ctx, C.Z3_mk_int64(z.ctx, C.int64_t(f.K), z.intS), z.int(f.B))
	case encode.KLit:
		if f.Neg {
			return C.Z3_mk_not(z.ctx, z.bool(f.Bool))
		}
		return z.bool(f.Bool)
	case encode.KAnd, encode.KOr:
		kids := make([]C.Z3_ast, len(f.Kids))
		for i, k := range f.Kids {
			kids[i] = z.lower(k)
		}
		if f.Kind == encode.KAnd {
			return C.Z3_mk_and(z.ctx, C.uint(len(kids)), &kids[0])
		}
		return C.Z3_mk_or(z.ctx, C.uint(len(kids)), &kids[0])
	}
	panic("smt: bad formula kind")
}

// track asserts "literal k implies f" for a new assumption literal k and
// returns k.
func (z *coreZ3) track(f *encode.F) int {
	k := len(z.lits)
	lit := z.constant(3*k+2, z.boolS)
	z.lits = append(z.lits, lit)
	C.Z3_solver_assert(z.ctx, z.solver, C.Z3_mk_implies(z.ctx, lit, z.lower(f)))
	return k
}

// check decides the asserted implications with the literals of on
// assumed true, giving up at deadline (zero: none). On lFalse, core
// holds the numbers of the literals of an unsat core (a subset of on).
func (z *coreZ3) check(on []int, deadline time.Time) (res z3Lbool, core []int, err error) {
	if !deadline.IsZero() {
		left := time.Until(deadline)
		if left <= 0 {
			return lUndef, nil, errDeadline
		}
		timer := time.AfterFunc(left, z.interrupt)
		defer func() {
			if !timer.Stop() && res == lUndef {
				err = errDeadline
			}
		}()
	}
	lits := make([]C.Z3_ast, len(on)+1) // +1: &lits[0] must exist
	for i, k := range on {
		lits[i] = z.lits[k]
	}
	res = z3Lbool(C.Z3_solver_check_assumptions(z.ctx, z.solver, C.uint(len(on)), &lits[0]))
	if e := z.err(); e != nil {
		return lUndef, nil, e
	}
	switch res {
	case lUndef:
		return lUndef, nil, fmt.Errorf("solver gave up: %s", C.GoString(C.Z3_solver_get_reason_unknown(z.ctx, z.solver)))
	case lFalse:
		number := make(map[C.Z3_ast]int, len(on))
		for _, k := range on {
			number[z.lits[k]] = k
		}
		v := C.Z3_solver_get_unsat_core(z.ctx, z.solver)
		C.Z3_ast_vector_inc_ref(z.ctx, v)
		defer C.Z3_ast_vector_dec_ref(z.ctx, v)
		for i := C.uint(0); i < C.Z3_ast_vector_size(z.ctx, v); i++ {
			if k, ok := number[C.Z3_ast_vector_get(z.ctx, v, i)]; ok {
				core = append(core, k)
			}
		}
	}
	return res, core, nil
}

// values returns, after an lTrue check, the model's value of every order
// variable below n (a variable the formula never mentions gets 0).
func (z *coreZ3) values(n int) []int64 {
	m := C.Z3_solver_get_model(z.ctx, z.solver)
	C.Z3_model_inc_ref(z.ctx, m)
	defer C.Z3_model_dec_ref(z.ctx, m)
	out := make([]int64, n)
	for v := range out {
		var val C.Z3_ast
		var x C.int64_t
		if C.Z3_model_eval(z.ctx, m, z.int(encode.Var(v)), true, &val) && C.Z3_get_numeral_int64(z.ctx, val, &x) {
			out[v] = int64(x)
		}
	}
	return out
}
