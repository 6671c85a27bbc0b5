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
//
// A slot holds its key and value itself, published by its ready flag
// (written after them, never changed after): a probe reads one slot, not
// a slot and then an entry elsewhere in memory — on the tables of a
// million locations a real program has, each such read is a cache miss —
// and an insertion allocates nothing.
type table[K comparable, V any] struct {
	mu    sync.Mutex
	cur   atomic.Pointer[slots[K, V]]
	n     int // entries, under mu
	hash  func(K) uintptr
	empty V
}

type slots[K comparable, V any] struct {
	mask uintptr
	s    []slot[K, V]
}

type slot[K comparable, V any] struct {
	ready atomic.Uint32 // k and v are set
	k     K
	v     V
}

func newTable[K comparable, V any](hash func(K) uintptr) *table[K, V] {
	t := &table[K, V]{hash: hash}
	t.cur.Store(&slots[K, V]{mask: 1023, s: make([]slot[K, V], 1024)})
	return t
}

// get returns the value of k, without a lock.
func (t *table[K, V]) get(k K) (V, bool) { return t.getAt(k, t.hash(k)) }

// getAt is get for a key whose hash, t.hash(k), the caller computed: on
// the hot paths the hash function is then inlined instead of called
// through the table's func value.
func (t *table[K, V]) getAt(k K, h uintptr) (V, bool) {
	sl := t.cur.Load()
	for i := h & sl.mask; ; i = (i + 1) & sl.mask {
		e := &sl.s[i]
		if e.ready.Load() == 0 {
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
	return t.getOrAddAt(k, t.hash(k), make)
}

// getOrAddAt is getOrAdd for a key whose hash the caller computed (getAt).
func (t *table[K, V]) getOrAddAt(k K, h uintptr, make func(K) V) (v V, added bool) {
	if v, ok := t.getAt(k, h); ok {
		return v, false
	}
	return t.add(k, make) // apart, so that getOrAddAt is inlined
}

// add is getOrAdd once a lookup without the lock missed.
func (t *table[K, V]) add(k K, make func(K) V) (v V, added bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if v, ok := t.get(k); ok {
		return v, false
	}
	v = make(k)
	t.put(k, v)
	return v, true
}

// put adds k and v (t.mu held), growing the table past half full.
func (t *table[K, V]) put(k K, v V) {
	sl := t.cur.Load()
	if uintptr(t.n+1) > (sl.mask+1)/2 {
		bigger := &slots[K, V]{mask: 2*sl.mask + 1, s: make([]slot[K, V], 2*(sl.mask+1))}
		for i := range sl.s {
			if old := &sl.s[i]; old.ready.Load() != 0 {
				bigger.insert(t.hash(old.k), old.k, old.v)
			}
		}
		t.cur.Store(bigger)
		sl = bigger
	}
	sl.insert(t.hash(k), k, v)
	t.n++
}

// insert fills the first free slot from h's: key and value, then the
// flag that publishes them.
func (sl *slots[K, V]) insert(h uintptr, k K, v V) {
	for i := h & sl.mask; ; i = (i + 1) & sl.mask {
		if e := &sl.s[i]; e.ready.Load() == 0 {
			e.k, e.v = k, v
			e.ready.Store(1)
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
		if e := &sl.s[i]; e.ready.Load() != 0 {
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
