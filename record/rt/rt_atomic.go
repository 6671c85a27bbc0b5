package rt

import (
	"sync"
	"sync/atomic"
	"unsafe"
)

// sync/atomic operations are volatile accesses. An operation is performed
// under a recorder lock of its address (one of 64), with the value loaded
// just before and after it: all instrumented atomic operations on one
// address are serialised by that lock, so the values logged are exactly
// the ones the operation saw and left. A Load logs a read, a Store a
// write, every other operation a read and, if the value changed, a write.

var atomicLocks [64]sync.Mutex

func atomicLock(p unsafe.Pointer) *sync.Mutex {
	return &atomicLocks[(uintptr(p)>>3)%uintptr(len(atomicLocks))]
}

// Atomic performs op, an atomic operation of the given kind ("Load",
// "Store" or another) on the location p described by desc, and logs it.
func Atomic[P, R any](p *P, kind, desc, site string, op func(*P) R) R {
	if !on() {
		return op(p)
	}
	up := unsafe.Pointer(p)
	mu := atomicLock(up)
	mu.Lock()
	before, known := atomicValue(p)
	r := op(p)
	after, _ := atomicValue(p)
	mu.Unlock()
	if !known {
		return r
	}
	withState(func(s *gstate) {
		name, first := newLocName(up, desc)
		if first {
			s.line(false, "init "+name+" "+before)
		}
		if markVolatile(name) {
			s.line(false, "volatile "+name)
		}
		if kind != "Store" {
			s.event(site, "read "+name+" "+before)
		}
		if kind == "Store" || kind != "Load" && after != before {
			s.event(site, "write "+name+" "+after)
		}
	})
	return r
}

// AtomicVoid is Atomic for operations without a result (Store).
func AtomicVoid[P any](p *P, kind, desc, site string, op func(*P)) {
	Atomic(p, kind, desc, site, func(p *P) struct{} { op(p); return struct{}{} })
}

// atomicValue loads the value at p atomically, for the types sync/atomic
// works on.
func atomicValue[P any](p *P) (string, bool) {
	switch x := any(p).(type) {
	case *int32:
		return repr(atomic.LoadInt32(x)), true
	case *int64:
		return repr(atomic.LoadInt64(x)), true
	case *uint32:
		return repr(atomic.LoadUint32(x)), true
	case *uint64:
		return repr(atomic.LoadUint64(x)), true
	case *uintptr:
		return repr(atomic.LoadUintptr(x)), true
	case *unsafe.Pointer:
		return repr(atomic.LoadPointer(x)), true
	case *atomic.Int32:
		return repr(x.Load()), true
	case *atomic.Int64:
		return repr(x.Load()), true
	case *atomic.Uint32:
		return repr(x.Load()), true
	case *atomic.Uint64:
		return repr(x.Load()), true
	case *atomic.Uintptr:
		return repr(x.Load()), true
	case *atomic.Bool:
		return repr(x.Load()), true
	case *atomic.Value:
		return repr(x.Load()), true
	}
	return "", false
}
