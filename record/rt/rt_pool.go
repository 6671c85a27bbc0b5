package rt

import (
	"strconv"
	"sync"
	"unsafe"
)

// sync.Pool and sync.Map synchronise what they hand over: a Put of an
// object happens before the Get that returns it, a Store before the Load
// that observes it. Both are modelled with variables of their own, all
// volatile (they are the container's, not the program's), whose values
// are version numbers: the recorder performs each operation under a lock
// of its container and logs the version it saw (a read) or made (a
// write), so that rule 5 (read-write consistency) orders an observer
// after what it observed.

// A Pool's variable per object is POOL[OBJ]: Put writes its next version,
// a Get that returns the object reads the version of its last Put (a Get
// of a fresh object from New reads nothing).

type poolState struct {
	mu      sync.Mutex
	version map[unsafe.Pointer]int
	keep    map[unsafe.Pointer]any // the objects, kept alive: their address names them
}

var pools = registry[*sync.Pool, poolState]{make: func() *poolState {
	return &poolState{version: map[unsafe.Pointer]int{}, keep: map[unsafe.Pointer]any{}}
}}

func poolOf(p *sync.Pool) *poolState { return pools.of(p) }

// registry holds the recorder's state of each object of a kind (a Pool,
// a sync.Map), made on first use.
type registry[K comparable, S any] struct {
	mu   sync.Mutex
	m    map[K]*S
	make func() *S
}

func (r *registry[K, S]) of(k K) *S {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.m == nil {
		r.m = map[K]*S{}
	}
	s := r.m[k]
	if s == nil {
		s = r.make()
		r.m[k] = s
	}
	return s
}

// dataWord is the identity of the value in x: a Pool hands back the very
// interface value it was given, so its data word is the same.
func dataWord(x any) unsafe.Pointer { return (*[2]unsafe.Pointer)(unsafe.Pointer(&x))[1] }

// poolVar is the variable of object x in the pool p (described by desc).
func poolVar(p *sync.Pool, x any, desc string) string {
	return locName(keyOf(p), desc) + "[" + repr(x) + "]"
}

// PoolPut is (*sync.Pool).Put.
func PoolPut(p *sync.Pool, x any, desc, site string) {
	if !on() || x == nil {
		p.Put(x)
		return
	}
	ps := poolOf(p)
	w := dataWord(x)
	ps.mu.Lock()
	ps.version[w]++
	ps.keep[w] = x
	v := ps.version[w]
	ps.mu.Unlock()
	logVolatile(poolVar(p, x, desc), site, "write", v)
	p.Put(x)
}

// PoolGet is (*sync.Pool).Get.
func PoolGet(p *sync.Pool, desc, site string) any {
	x := p.Get()
	if !on() || x == nil {
		return x
	}
	ps := poolOf(p)
	ps.mu.Lock()
	v, put := ps.version[dataWord(x)]
	ps.mu.Unlock()
	if put {
		logVolatile(poolVar(p, x, desc), site, "read", v)
	}
	return x
}

// logVolatile logs a read or write of the volatile variable name with
// the version v.
func logVolatile(name, site, op string, v int) {
	withState(func(s *gstate) {
		if markVolatile(name) {
			s.line("volatile " + name)
		}
		s.ev(site, op, " ", name, " ", strconv.Itoa(v))
	})
}

// A sync.Map's variable per key is MAP[KEY]; every operation that changes
// the key's entry (Store, Delete, a Swap, a LoadOrStore that stores, a
// compare-and-swap that swaps …) writes its next version, every other
// operation reads the current one. An operation that reads and then
// changes the entry is logged as a critical section of the lock
// atomic(MAP[KEY]) around its read and write, as an atomic
// read-modify-write (rt_atomic.go): the two are indivisible.

type syncMapState struct {
	mu      sync.Mutex
	version map[any]int
}

var syncMaps = registry[*sync.Map, syncMapState]{make: func() *syncMapState {
	return &syncMapState{version: map[any]int{}}
}}

func syncMapOf(m *sync.Map) *syncMapState { return syncMaps.of(m) }

// syncMapOp performs op on m under the map's recorder lock and logs it:
// op returns whether it read the entry of key k and whether it changed it.
func syncMapOp(m *sync.Map, k any, desc, site string, op func() (read, changed bool)) {
	if !on() {
		op()
		return
	}
	ms := syncMapOf(m)
	ms.mu.Lock()
	defer ms.mu.Unlock()
	read, changed := op()
	name := locName(keyOf(m), desc) + "[" + repr(k) + "]"
	before := ms.version[k]
	if changed {
		ms.version[k]++
	}
	withState(func(s *gstate) {
		if markVolatile(name) {
			s.line("volatile " + name)
		}
		lock := "atomic(" + name + ")"
		if read && changed {
			s.ev(site, "acquire ", lock)
		}
		if read {
			s.ev(site, opRead, name, " ", strconv.Itoa(before))
		}
		if changed {
			s.ev(site, opWrite, name, " ", strconv.Itoa(before+1))
		}
		if read && changed {
			s.ev(site, "release ", lock)
		}
	})
}

// SyncMapLoad is (*sync.Map).Load.
func SyncMapLoad(m *sync.Map, k any, desc, site string) (v any, ok bool) {
	syncMapOp(m, k, desc, site, func() (bool, bool) { v, ok = m.Load(k); return true, false })
	return v, ok
}

// SyncMapStore is (*sync.Map).Store.
func SyncMapStore(m *sync.Map, k, v any, desc, site string) {
	syncMapOp(m, k, desc, site, func() (bool, bool) { m.Store(k, v); return false, true })
}

// SyncMapLoadOrStore is (*sync.Map).LoadOrStore.
func SyncMapLoadOrStore(m *sync.Map, k, v any, desc, site string) (actual any, loaded bool) {
	syncMapOp(m, k, desc, site, func() (bool, bool) { actual, loaded = m.LoadOrStore(k, v); return true, !loaded })
	return actual, loaded
}

// SyncMapLoadAndDelete is (*sync.Map).LoadAndDelete.
func SyncMapLoadAndDelete(m *sync.Map, k any, desc, site string) (v any, loaded bool) {
	syncMapOp(m, k, desc, site, func() (bool, bool) { v, loaded = m.LoadAndDelete(k); return true, loaded })
	return v, loaded
}

// SyncMapDelete is (*sync.Map).Delete.
func SyncMapDelete(m *sync.Map, k any, desc, site string) {
	syncMapOp(m, k, desc, site, func() (bool, bool) { m.Delete(k); return false, true })
}

// SyncMapSwap is (*sync.Map).Swap.
func SyncMapSwap(m *sync.Map, k, v any, desc, site string) (prev any, loaded bool) {
	syncMapOp(m, k, desc, site, func() (bool, bool) { prev, loaded = m.Swap(k, v); return true, true })
	return prev, loaded
}

// SyncMapCompareAndSwap is (*sync.Map).CompareAndSwap.
func SyncMapCompareAndSwap(m *sync.Map, k, old, v any, desc, site string) (swapped bool) {
	syncMapOp(m, k, desc, site, func() (bool, bool) { swapped = m.CompareAndSwap(k, old, v); return true, swapped })
	return swapped
}

// SyncMapCompareAndDelete is (*sync.Map).CompareAndDelete.
func SyncMapCompareAndDelete(m *sync.Map, k, old any, desc, site string) (deleted bool) {
	syncMapOp(m, k, desc, site, func() (bool, bool) { deleted = m.CompareAndDelete(k, old); return true, deleted })
	return deleted
}

// SyncMapRange is (*sync.Map).Range: each entry f is called with is a
// read of its key's variable.
func SyncMapRange(m *sync.Map, f func(k, v any) bool, desc, site string) {
	if !on() {
		m.Range(f)
		return
	}
	m.Range(func(k, v any) bool {
		syncMapOp(m, k, desc, site, func() (bool, bool) { return true, false })
		return f(k, v)
	})
}

// SyncMapClear is (*sync.Map).Clear: a write of every key's variable that
// the recording knows.
func SyncMapClear(m *sync.Map, desc, site string) {
	if !on() {
		m.Clear()
		return
	}
	ms := syncMapOf(m)
	ms.mu.Lock()
	var keys []any
	for k := range ms.version {
		keys = append(keys, k)
	}
	ms.mu.Unlock()
	m.Clear()
	for _, k := range keys {
		syncMapOp(m, k, desc, site, func() (bool, bool) { return false, true })
	}
}
