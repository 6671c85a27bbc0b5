package smt

/*
#cgo LDFLAGS: -lz3
#include <stdlib.h>
#include <z3.h>
*/
import "C"

import (
	"unsafe"

	"github.com/aclements/go-z3/z3"
)

// newSolver makes a solver of ctx that leaves SIGINT alone. Z3 installs
// its own SIGINT handler while a solver checks, unless the solver's
// parameter ctrl_c (true by default; a solver parameter, which no global
// parameter sets) is false. That handler is installed without
// SA_ONSTACK, so a Ctrl-C during a check killed the Go runtime ("signal 2
// received but handler not on signal stack"). gpredict handles SIGINT
// itself and stops Z3 through Context.Interrupt.
func newSolver(ctx *z3.Context) *z3.Solver {
	s := z3.NewSolver(ctx)
	leaveSIGINT(cContext(ctx), cSolver(s))
	return s
}

// leaveSIGINT sets the solver parameter ctrl_c of sv to false. Every
// solver gpredict makes goes through it: one check with the default
// also leaves SIGINT's handler reinstalled without SA_ONSTACK afterwards.
func leaveSIGINT(c C.Z3_context, sv C.Z3_solver) {
	p := C.Z3_mk_params(c)
	C.Z3_params_inc_ref(c, p)
	name := C.CString("ctrl_c")
	defer C.free(unsafe.Pointer(name))
	C.Z3_params_set_bool(c, p, C.Z3_mk_string_symbol(c, name), false)
	C.Z3_solver_set_params(c, sv, p)
	C.Z3_params_dec_ref(c, p)
}

// go-z3 keeps the C handles unexported; these mirror the first fields of
// its types at the pinned version (go.mod): Context and Solver each embed
// a pointer to a struct whose first field is the handle. A layout change
// in go-z3 shows in TestSolverIgnoresSIGINT... as a crash, never silently.
type (
	contextImpl struct{ c C.Z3_context }
	solverImpl  struct {
		ctx *z3.Context
		c   C.Z3_solver
	}
)

func cContext(ctx *z3.Context) C.Z3_context { return (*(**contextImpl)(unsafe.Pointer(ctx))).c }
func cSolver(s *z3.Solver) C.Z3_solver      { return (*(**solverImpl)(unsafe.Pointer(s))).c }
