package smt

/*
#cgo LDFLAGS: -lz3
#include <stdlib.h>
#include <z3.h>
*/
import "C"

import (
	"reflect"
	"runtime"
	"sync"
	"unsafe"

	"github.com/aclements/go-z3/z3"
)

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

// rawAST is the C handle of a go-z3 Boolean term.
func rawAST(b z3.Bool) C.Z3_ast {
	return C.Z3_ast(reflect.ValueOf(b).FieldByName("valueImpl").Elem().FieldByName("c").UnsafePointer())
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
		arr[i] = rawAST(l)
	}
	raw.lock.Lock()
	res := C.Z3_solver_check_assumptions(raw.ctx, raw.solver, C.uint(len(lits)), (*C.Z3_ast)(asts))
	var err error
	if res == C.Z3_L_UNDEF {
		err = &z3.ErrSatUnknown{Reason: C.GoString(C.Z3_solver_get_reason_unknown(raw.ctx, raw.solver))}
	}
	raw.lock.Unlock()
	runtime.KeepAlive(z)
	runtime.KeepAlive(lits)
	return res == C.Z3_L_TRUE, err
}
