package smt

/*
#cgo LDFLAGS: -lz3
#include <stdlib.h>
#include <z3.h>
*/
import "C"

import (
	"sync"
	"unsafe"
)

// go-z3 has no per-solver parameters, so Z3's global parameters are set
// here, once, before any context is made. The difference-logic engine
// (smt.arith.solver=1 with auto-config off) decides the order constraints
// of GPredict far faster than the default arithmetic solver on this Z3.
var z3Once sync.Once

func setGlobalParam(name, value string) {
	cn, cv := C.CString(name), C.CString(value)
	defer C.free(unsafe.Pointer(cn))
	defer C.free(unsafe.Pointer(cv))
	C.Z3_global_param_set(cn, cv)
}

// configureZ3 applies gpredict's global Z3 settings exactly once.
func configureZ3() {
	z3Once.Do(func() {
		setGlobalParam("smt.auto_config", "false")
		setGlobalParam("smt.arith.solver", "1")
	})
}
