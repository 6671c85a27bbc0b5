package smt

/*
#cgo LDFLAGS: -lz3
#include <stdlib.h>
#include <z3.h>

// gp_leave_sigint sets the solver parameter ctrl_c of s to false (see
// newSolver).
static void gp_leave_sigint(void *c, void *s) {
	Z3_context ctx = (Z3_context)c;
	Z3_params p = Z3_mk_params(ctx);
	Z3_params_inc_ref(ctx, p);
	Z3_params_set_bool(ctx, p, Z3_mk_string_symbol(ctx, "ctrl_c"), false);
	Z3_solver_set_params(ctx, (Z3_solver)s, p);
	Z3_params_dec_ref(ctx, p);
}
*/
import "C"

import (
	"reflect"
	"sync"
	"unsafe"

	"github.com/aclements/go-z3/z3"
)

// This file is the package's only cgo: the two settings go-z3 (at the
// version go.mod pins) has no API for. Everything else — contexts,
// terms, assertions, scopes, checks, models, interrupts and the resource
// limit (a context parameter) — goes through go-z3.

// configureZ3 sets gpredict's global Z3 parameters, once, before any
// context is made: the difference-logic engine (smt.arith.solver=1 with
// auto-config off) decides the order constraints of GPredict far faster
// than the default arithmetic solver on this Z3. go-z3 sets context
// parameters only, and these are global ones.
func configureZ3() {
	z3Once.Do(func() {
		setGlobalParam("smt.auto_config", "false")
		setGlobalParam("smt.arith.solver", "1")
	})
}

// z3Once guards the process-wide parameters: Z3 keeps them in globals of
// its own, so they are set once per process, not per run.
var z3Once sync.Once

func setGlobalParam(name, value string) {
	cn, cv := C.CString(name), C.CString(value)
	defer C.free(unsafe.Pointer(cn))
	defer C.free(unsafe.Pointer(cv))
	C.Z3_global_param_set(cn, cv)
}

// newSolver makes a solver of ctx that leaves SIGINT alone. Z3 installs
// its own SIGINT handler while a solver checks, unless the solver's
// parameter ctrl_c (true by default) is false. That handler is installed
// without SA_ONSTACK, and restoring Go's handler afterwards drops
// SA_ONSTACK too, so a Ctrl-C during or after a check killed the Go
// runtime ("non-Go code set up signal handler without SA_ONSTACK flag");
// with several workers checking at once, Z3's handler bookkeeping (one
// global) also races. gpredict handles SIGINT in Go and stops Z3 with
// Context.Interrupt.
//
// ctrl_c is a parameter of the solver only: no global or context
// parameter reaches it (Z3 4.8.12, api_solver.cpp reads it from the
// solver's own parameters), and go-z3 has no Solver.SetParams and keeps
// its C handles unexported. So this is the one place that reads two of
// go-z3's unexported fields — by name, through reflect, never by copying
// its struct layout: a renamed or retyped field makes handles panic at
// the first solver, which TestSolverIgnoresSIGINT and every solver test
// would show, instead of passing a wrong pointer to C.
func newSolver(ctx *z3.Context) *z3.Solver {
	s := z3.NewSolver(ctx)
	c, sv := handles(ctx, s)
	C.gp_leave_sigint(c, sv)
	return s
}

// handles returns the C handles of ctx and s: the field c of the struct
// each embeds by pointer (contextImpl, solverImpl).
func handles(ctx *z3.Context, s *z3.Solver) (c, sv unsafe.Pointer) {
	field := func(v any, impl string) unsafe.Pointer {
		f := reflect.ValueOf(v).Elem().FieldByName(impl)
		if f.Kind() != reflect.Pointer || f.IsNil() {
			panic("smt: go-z3 has no " + impl + "; see newSolver")
		}
		h := f.Elem().FieldByName("c")
		if h.Kind() != reflect.Pointer || h.IsNil() {
			panic("smt: go-z3's " + impl + " has no C handle c; see newSolver")
		}
		return h.UnsafePointer()
	}
	return field(ctx, "contextImpl"), field(s, "solverImpl")
}
