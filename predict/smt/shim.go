package smt

/*
#cgo LDFLAGS: -lz3
#include <signal.h>
#include <stdlib.h>
#include <z3.h>

// bsd_signal is glibc's signal() under another of its names (the same
// function: signal is an alias of it), so the definition below can pass
// every other signal on.
extern __sighandler_t bsd_signal(int, __sighandler_t);

// signal replaces the C library's for the whole process: an executable's
// definition comes before libc's for every shared library that calls it,
// libz3 included. Z3 calls it only around a check, for SIGINT, to install
// its Ctrl-C handler and put the old one back (scoped_ctrl_c); that is
// refused here, without a change, and the handler in place (Go's) is
// returned as the old one, which Z3 then "restores" through this function
// too. Go itself never calls signal(): its runtime sets handlers with
// rt_sigaction. See the comment at the end of shim.go.
__sighandler_t signal(int sig, __sighandler_t handler) {
	if (sig == SIGINT) {
		struct sigaction cur;
		if (sigaction(SIGINT, NULL, &cur) != 0) {
			return SIG_ERR;
		}
		return cur.sa_handler;
	}
	return bsd_signal(sig, handler);
}
*/
import "C"

import (
	"sync"
	"unsafe"
)

// This file is the package's only cgo: what go-z3 (at the version go.mod
// pins) has no API for — Z3's global parameters, and keeping Z3's hands
// off SIGINT. Everything else — contexts, terms, assertions, scopes,
// checks, models, interrupts and the resource limit (a context
// parameter) — goes through go-z3.

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

// Why this file defines the C function signal (above):
//
// While a solver checks, Z3 installs its own SIGINT handler with
// signal(), and puts the old one back with signal() afterwards
// (src/util/scoped_ctrl_c.cpp: `m_old_handler = signal(SIGINT,
// on_ctrl_c)` in the constructor, `signal(SIGINT, m_old_handler)` in the
// destructor). Both are installed without SA_ONSTACK, and the second
// drops Go's own SA_ONSTACK|SA_SIGINFO, so a Ctrl-C during or after a
// check killed the Go runtime ("signal 2 received but handler not on
// signal stack"); with several workers checking at once, Z3's one
// global g_obj also races. gpredict handles SIGINT in Go and stops Z3
// with Context.Interrupt, so Z3 must not touch SIGINT at all.
//
// Z3 skips its handler when the solver's parameter ctrl_c is false, but
// no global or context parameter reaches it: Z3 4.8.12 (Debian 12's
// libz3-dev) reads it in _solver_check (src/api/api_solver.cpp) as
// `to_solver(s)->m_params.get_bool("ctrl_c", true)`, from the solver's
// own params_ref, which starts empty (Z3_solver_ref's constructor) and
// only Z3_solver_set_params fills — params_ref::get_bool falls back to
// its default, not to gparams. Z3_solver_set_params needs the solver's C
// handle, which go-z3 keeps unexported (solverImpl.c). Reading it through
// reflect was the earlier way; refusing the signal() call itself needs no
// part of go-z3, and also covers Z3's other checks with a Ctrl-C handler
// (simplify, tactics, optimize), whatever their parameters.
// TestSolverIgnoresSIGINT sends a real SIGINT during a check.
