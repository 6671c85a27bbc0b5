package smt

/*
#cgo LDFLAGS: -lz3
#include <malloc.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <z3.h>

// oneArena asks glibc's malloc for a single arena (the comment on
// mallocArenas says why), at load time: before the Go runtime starts its
// threads, whose first allocations would each take an arena of their own
// for good.
__attribute__((constructor)) static void oneArena(void) {
#ifdef M_ARENA_MAX
	mallopt(M_ARENA_MAX, 1);
#endif
}

// mallocHeaps counts the arenas malloc_info reports (a <heap> element
// each); -1 where it cannot tell.
static int mallocHeaps(void) {
#ifdef __GLIBC__
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (f == NULL) {
		return -1;
	}
	int ok = malloc_info(0, f);
	fclose(f);
	int n = 0;
	for (char *p = buf; ok == 0 && (p = strstr(p, "<heap nr=")) != NULL; p++) {
		n++;
	}
	free(buf);
	return ok == 0 ? n : -1;
#else
	return -1;
#endif
}

// mallocFree is how many bytes malloc holds free in its arenas, resident
// until trimmed; -1 where it cannot tell.
static long long mallocFree(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 33)
	struct mallinfo2 m = mallinfo2();
	return (long long)m.fordblks;
#else
	return -1;
#endif
}

// trimMalloc gives malloc's free memory back to the system.
static void trimMalloc(void) {
#ifdef __GLIBC__
	malloc_trim(0);
#endif
}

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
// than the default arithmetic solver on this Z3; and Z3 picks the atom it
// splits on next by the formula's structure (smt.case_split=3,
// relevancy-based) instead of by activity (Z3's default, 1). A race's
// formula says of every event of the slice that it comes before the
// block or after it, a disjunction per event, and most of them are
// decided by the order atoms the rest of the formula makes true; split
// by activity, Z3 spent millions of decisions on them (2.4 million
// decisions for 5,465 conflicts in 40 million units on a 24-thread
// race it then could not decide). TestCaseSplitDecidesManyThreads
// fails without it. go-z3 sets context parameters only, and these are
// global ones.
func configureZ3() {
	z3Once.Do(func() {
		setGlobalParam("smt.auto_config", "false")
		setGlobalParam("smt.arith.solver", "1")
		setGlobalParam("smt.case_split", "3")
	})
}

// z3Once guards the process-wide parameters: Z3 keeps them in globals of
// its own, so they are set once per process, not per run.
var z3Once sync.Once

// mallocArenas is how many malloc arenas the process has (-1: unknown,
// off glibc); a test reads it.
//
// A process that links this package keeps its C memory — Z3's — in one
// malloc arena (oneArena, above, a constructor: it runs when the program
// is loaded). glibc gives each thread that allocates an arena of its
// own, up to eight per core, and a Go program calls Z3 from whichever
// thread its goroutine runs on, so every worker's contexts spread over
// many arenas; memory a freed context gave back stays in its arena, free
// but resident, and the next context may be made in another. On the lock-heavy STD member of 300K events
// (gentrace -shape locks, DataRace, --jobs 1) the peak resident memory
// was 833 MB with the default arenas and 618 MB with one (the same run
// under MALLOC_ARENA_MAX=1), in no more time: the workers allocate
// between checks, so they rarely contend for the one arena's lock.
func mallocArenas() int { return int(C.mallocHeaps()) }

// MallocFree is how many bytes of C memory (Z3's) malloc holds free: a
// freed context's memory stays resident in the arena until it is reused
// or trimmed (-1: unknown, off glibc).
func MallocFree() int64 { return int64(C.mallocFree()) }

// TrimMalloc gives malloc's free memory back to the system (glibc's
// malloc_trim; nothing elsewhere). On the lock-heavy STD member of 100K
// events some 40 to 120 MB of the run's resident memory was C memory
// malloc held free between contexts, and 118 MB once the workers had
// closed theirs (mallinfo2, sampled every second). Measured with eight
// contexts of 40,000 order atoms made and let go: 185 MB resident after
// their finalizers ran, 38 MB after a trim, which took 21 to 28 ms (0.5
// ms for a trim with nothing left to give back). MallocFree still counts
// what a trim gave back: it stays free, just not resident.
func TrimMalloc() { C.trimMalloc() }

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
