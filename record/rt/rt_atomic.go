package rt

import (
	"reflect"
	"sync"
	"sync/atomic"
	"unsafe"
)

// sync/atomic operations. Under the Go memory model the atomic operations
// of one location are sequentially consistent and never race with each
// other, but an atomic and a plain access of one location do race. Each
// atomic operation is logged as a critical section of a lock of its
// location, `atomic(NAME)`, around its access of the variable NAME (which
// is not volatile):
//
//	acquire atomic(x); read x OLD; [write x NEW]; release atomic(x)
//
// Two atomic operations on x never overlap, so a compare-and-swap's read
// and write are indivisible, as they are, and no atomic access is ever
// adjacent to another: no DataRace. A plain access of x can be adjacent
// to an atomic one: a DataRace, as under the race detector. A load that
// observes a store reads its value and so follows it (read-write
// consistency): the synchronisation an atomic gives.
//
// The operation itself is performed under a recorder lock of its address
// (one of 64), with the value loaded just before and after it: all
// instrumented atomic operations of one address are serialised by that
// lock, so the values logged are exactly the ones the operation saw and
// left. A Load logs a read, a Store a write, every other operation a read
// and, if the value changed, a write.

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
	yieldHere(oneInSync) // not under the address's lock
	up := unsafe.Pointer(p)
	mu := atomicLock(up)
	mu.Lock()
	before, known := atomicValue(p)
	r := op(p)
	after, _ := atomicValue(p)
	if known {
		// The location's type is P: `atomic.AddInt64(&s.n, 1)` and a
		// plain `s.n` access one location.
		logAtomic(locKey{up, typePtr(reflect.TypeFor[P]())}, kind, desc, site, before, after)
	}
	mu.Unlock()
	return r
}

// AtomicVoid is Atomic for operations without a result (Store).
func AtomicVoid[P any](p *P, kind, desc, site string, op func(*P)) {
	Atomic(p, kind, desc, site, func(p *P) struct{} { op(p); return struct{}{} })
}

// logAtomic logs an atomic operation of the location k (before and after
// are its values around the operation), under the address's lock.
func logAtomic(k locKey, kind, desc, site, before, after string) {
	s := cur()
	s.lock()
	n, first := newLocName(k, desc)
	name := n.s
	if first {
		s.line("init ", name, " ", before)
	}
	s.ev(site, "acquire atomic(", name, ")") // the lock atomic(NAME), without making its name a string
	if kind != "Store" {
		s.evMem(site, opRead, name, " ", before)
	}
	if kind == "Store" || kind != "Load" && after != before {
		s.evMem(site, opWrite, name, " ", after)
	}
	s.ev(site, "release atomic(", name, ")")
	s.unlock()
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
		return objName(atomic.LoadPointer(x), "unsafe.Pointer"), true
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

// atomic.Pointer[T] is generic, so its operations have functions of their
// own (the instrumenter calls them with the method's arguments).

// PtrLoad is (*atomic.Pointer[T]).Load.
func PtrLoad[T any](p *atomic.Pointer[T], desc, site string) *T {
	return ptrOp(p, "Load", desc, site, func() *T { return p.Load() })
}

// PtrStore is (*atomic.Pointer[T]).Store.
func PtrStore[T any](p *atomic.Pointer[T], v *T, desc, site string) {
	ptrOp(p, "Store", desc, site, func() *T { p.Store(v); return nil })
}

// PtrSwap is (*atomic.Pointer[T]).Swap.
func PtrSwap[T any](p *atomic.Pointer[T], v *T, desc, site string) *T {
	return ptrOp(p, "Swap", desc, site, func() *T { return p.Swap(v) })
}

// PtrCompareAndSwap is (*atomic.Pointer[T]).CompareAndSwap.
func PtrCompareAndSwap[T any](p *atomic.Pointer[T], old, v *T, desc, site string) bool {
	swapped := false
	ptrOp(p, "CompareAndSwap", desc, site, func() *T { swapped = p.CompareAndSwap(old, v); return nil })
	return swapped
}

func ptrOp[T any](p *atomic.Pointer[T], kind, desc, site string, op func() *T) *T {
	if !on() {
		return op()
	}
	yieldHere(oneInSync)
	up := unsafe.Pointer(p)
	mu := atomicLock(up)
	mu.Lock()
	before := ptrRepr(p.Load())
	r := op()
	after := ptrRepr(p.Load())
	logAtomic(locKey{up, typePtr(reflect.TypeFor[atomic.Pointer[T]]())}, kind, desc, site, before, after)
	mu.Unlock()
	return r
}

func ptrRepr[T any](v *T) string {
	return objNameOf(unsafe.Pointer(v), reflect.TypeFor[*T]())
}
