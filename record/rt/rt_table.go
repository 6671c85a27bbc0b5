package rt

import (
	"sync"
	"sync/atomic"
	"unsafe"
)

// table is a hash table that is read without locks and written under a
// mutex: the recorder looks up a name or a goroutine's state on every
// event, and adds one rarely (a location's first access, a goroutine's
// start). Entries are never removed. A lookup probes the current slots
// (open addressing, linear probing); a writer that grows the table fills
// new slots and publishes them whole, so a reader sees either table, and
// one that misses looks again under the mutex.
type table[K comparable, V any] struct {
	mu    sync.Mutex
	cur   atomic.Pointer[slots[K, V]]
	n     int // entries, under mu
	hash  func(K) uintptr
	empty V
}

type slots[K comparable, V any] struct {
	mask uintptr
	s    []atomic.Pointer[entry[K, V]]
}

type entry[K comparable, V any] struct {
	k K
	v V
}

func newTable[K comparable, V any](hash func(K) uintptr) *table[K, V] {
	t := &table[K, V]{hash: hash}
	t.cur.Store(&slots[K, V]{mask: 1023, s: make([]atomic.Pointer[entry[K, V]], 1024)})
	return t
}

// get returns the value of k, without a lock.
func (t *table[K, V]) get(k K) (V, bool) {
	sl := t.cur.Load()
	for i := t.hash(k) & sl.mask; ; i = (i + 1) & sl.mask {
		e := sl.s[i].Load()
		if e == nil {
			return t.empty, false
		}
		if e.k == k {
			return e.v, true
		}
	}
}

// getOrAdd returns the value of k, adding make(k) if k has none; added
// reports whether it did. make runs under the table's mutex.
func (t *table[K, V]) getOrAdd(k K, make func(K) V) (v V, added bool) {
	if v, ok := t.get(k); ok {
		return v, false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if v, ok := t.get(k); ok {
		return v, false
	}
	v = make(k)
	t.put(&entry[K, V]{k, v})
	return v, true
}

// put adds e (t.mu held), growing the table past half full.
func (t *table[K, V]) put(e *entry[K, V]) {
	sl := t.cur.Load()
	if uintptr(t.n+1) > (sl.mask+1)/2 {
		bigger := &slots[K, V]{mask: 2*sl.mask + 1, s: make([]atomic.Pointer[entry[K, V]], 2*(sl.mask+1))}
		for i := range sl.s {
			if old := sl.s[i].Load(); old != nil {
				bigger.insert(t.hash(old.k), old)
			}
		}
		t.cur.Store(bigger)
		sl = bigger
	}
	sl.insert(t.hash(e.k), e)
	t.n++
}

func (sl *slots[K, V]) insert(h uintptr, e *entry[K, V]) {
	for i := h & sl.mask; ; i = (i + 1) & sl.mask {
		if sl.s[i].Load() == nil {
			sl.s[i].Store(e)
			return
		}
	}
}

// each calls f with every entry (under the mutex: f must not add).
func (t *table[K, V]) each(f func(K, V)) {
	t.mu.Lock()
	defer t.mu.Unlock()
	sl := t.cur.Load()
	for i := range sl.s {
		if e := sl.s[i].Load(); e != nil {
			f(e.k, e.v)
		}
	}
}

// mix spreads the bits of x (a pointer or an id) over a word.
func mix(x uint64) uintptr {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	return uintptr(x)
}

func hashLoc(k locKey) uintptr { return mix(uint64(uintptr(k.p)) ^ uint64(uintptr(k.t))*31) }

func hashPtr(p unsafe.Pointer) uintptr { return mix(uint64(uintptr(p))) }

func hashInt(i int64) uintptr { return mix(uint64(i)) }
