package smt

/*
#cgo LDFLAGS: -lz3
#include <stdint.h>
#include <stdlib.h>
#include <z3.h>

// modelOf is the model of the solver's last check, with a reference of
// its own (NULL if there is none).
static Z3_model modelOf(Z3_context c, Z3_solver s) {
	Z3_model m = Z3_solver_get_model(c, s);
	if (m != NULL) {
		Z3_model_inc_ref(c, m);
	}
	return m;
}

// intValue evaluates t in m (completed) to an integer; ok says it is one
// that fits. The value's term is released at once.
static int64_t intValue(Z3_context c, Z3_model m, Z3_ast t, int *ok) {
	Z3_ast out;
	int64_t v = 0;
	*ok = 0;
	if (!Z3_model_eval(c, m, t, true, &out)) {
		return 0;
	}
	Z3_inc_ref(c, out);
	*ok = Z3_get_numeral_int64(c, out, &v) ? 1 : 0;
	Z3_dec_ref(c, out);
	return v;
}
*/
import "C"

import (
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"sync"
	"unsafe"

	"github.com/aclements/go-z3/z3"

	"gpredict/encode"
)

// What go-z3 cannot do: checks under assumptions, and models read and
// freed at a point of the program's choosing.
//
// Checks under assumptions. go-z3 offers Push and Pop but not
// Z3_solver_check_assumptions, and the two differ in what Z3 keeps: a Pop
// deletes every clause Z3 learned since the matching Push, whether or not
// it depended on what the scope asserted, while a check under assumptions
// keeps them (an assumption is a decision of its own, so a learned clause
// that used it carries its negation and stays valid). The exact stages ask
// one candidate after another over the same causal constraints, and what
// Z3 learns about those (which lock orders and which sources of a read
// exclude each other) is most of the work of each check. Measured with
// Z3 4.8.12's CLI on the 112 exact-first formulas of the lock-heavy member
// with values that share one problem (`gentrace -shape locks -seed
// 4711`): 8.2 s with a scope per candidate, 2.0 s with the same
// candidates each guarded by a literal and checked under it, the same
// answers.
//
// Models. A model go-z3 hands out, and every value read from it, is
// freed by a finalizer when the collector finds it unreachable, and Z3's
// work depends on when that happens (z3Terms.made says how), so the
// stages kept each model and value until the context went. Over a
// session of many candidates (predict/sessions.go) those models were
// most of the memory: on a 10-thread lock-heavy member with values
// (gentrace -shape locks -threads 10 -locks 7 -seed 2026; predict --props
// DataRace) the run's peak was 551 MB with them kept, 388 MB when go-z3's
// finalizers freed them, and 181 MB read here (the run 28.7 s, 30.9 s
// and 21.2 s). modelValues reads the values in C from a model it holds
// a reference to, and lets the model and each value go as soon as they
// are read, in the same order on every run.
//
// go-z3's handles keep their Z3 pointers in unexported fields; z3Raw reads
// them by reflection (the module is pinned, and TestCheckUnderAssumptions
// fails if its layout changes) and calls Z3 under the context's lock, as
// go-z3's own calls do: its finalizers release terms from other
// goroutines under that lock.

// z3Raw are the C handles behind a go-z3 context and solver.
type z3Raw struct {
	ctx    C.Z3_context
	solver C.Z3_solver
	lock   *sync.Mutex
}

// rawOf reads the handles of z's context and solver.
func rawOf(z *z3Solver) z3Raw {
	cv := reflect.ValueOf(z.ctx).Elem()
	sv := reflect.ValueOf(z.solver).Elem()
	return z3Raw{
		ctx:    C.Z3_context(cv.FieldByName("contextImpl").Elem().FieldByName("c").UnsafePointer()),
		solver: C.Z3_solver(sv.FieldByName("solverImpl").Elem().FieldByName("c").UnsafePointer()),
		lock:   (*sync.Mutex)(cv.FieldByName("lock").Addr().UnsafePointer()),
	}
}

// rawTerm is the C handle of a go-z3 term (a z3.Bool, a z3.Int: each is
// go-z3's value under another name).
func rawTerm[T z3.Bool | z3.Int](t T) C.Z3_ast {
	return C.Z3_ast(reflect.ValueOf(t).FieldByName("valueImpl").Elem().FieldByName("c").UnsafePointer())
}

// checkAssuming is Solver.Check under the assumptions lits: what the
// solver holds and every lit. Its results are Check's: an unknown answer
// comes back as a *z3.ErrSatUnknown with Z3's reason.
func (z *z3Solver) checkAssuming(lits []z3.Bool) (bool, error) {
	raw := rawOf(z)
	asts := C.malloc(C.size_t(len(lits)) * C.size_t(unsafe.Sizeof(C.Z3_ast(nil))))
	defer C.free(asts)
	arr := unsafe.Slice((*C.Z3_ast)(asts), len(lits))
	for i, l := range lits {
		arr[i] = rawTerm(l)
	}
	// Unlocked by a defer, as go-z3's own calls are: a Z3 error panics
	// from go-z3's error handler (the solver stages recover it as an
	// unknown), and a lock left held would stop every later call on the
	// context, the finalizers' among them.
	res, err := func() (C.Z3_lbool, error) {
		raw.lock.Lock()
		defer raw.lock.Unlock()
		res := C.Z3_solver_check_assumptions(raw.ctx, raw.solver, C.uint(len(lits)), (*C.Z3_ast)(asts))
		if res == C.Z3_L_UNDEF {
			return res, &z3.ErrSatUnknown{Reason: C.GoString(C.Z3_solver_get_reason_unknown(raw.ctx, raw.solver))}
		}
		return res, nil
	}()
	runtime.KeepAlive(z)
	runtime.KeepAlive(lits)
	return res == C.Z3_L_TRUE, err
}

// modelValues reads the value of every order variable lowered into the
// context from the model of the last check, which was Sat, and frees the
// model and the values before it returns.
func (z *z3Solver) modelValues() (func(encode.Var) int64, error) {
	vars := make([]encode.Var, 0, len(z.terms.ints))
	for v := range z.terms.ints {
		vars = append(vars, v)
	}
	slices.Sort(vars) // the same order, and so the same Z3 work, every run
	raw := rawOf(z)
	vals := make(map[encode.Var]int64, len(vars))
	raw.lock.Lock()
	defer raw.lock.Unlock()
	m := C.modelOf(raw.ctx, raw.solver)
	if m == nil {
		return nil, fmt.Errorf("Z3 gave no model")
	}
	defer C.Z3_model_dec_ref(raw.ctx, m)
	for _, v := range vars {
		var ok C.int
		x := C.intValue(raw.ctx, m, rawTerm(z.terms.ints[v]), &ok)
		if ok == 0 {
			return nil, fmt.Errorf("Z3's model gives order variable %d no integer value", v)
		}
		vals[v] = int64(x)
	}
	runtime.KeepAlive(z)
	return func(v encode.Var) int64 { return vals[v] }, nil
}
