package rt

import (
	"reflect"
	"strconv"
	"sync"
	"unsafe"
)

// Maps. Every operation is a call event that properties can name
// (map.read, map.write, map.delete, map.range, map.next; target = the
// map) and an access of the map object as a variable: a write writes a
// new version number, a read reads the current one. So reads of a map
// keep their place relative to its writes (rule 5), which is stronger
// than needed for reads of other keys — sound, it only considers fewer
// schedules. The variables are volatile: races on them are the Go map
// properties' business, not DataRace's.

type mapState struct {
	mu      sync.Mutex
	keep    any
	name    string
	version int
}

var maps sync.Map // map address → *mapState

func mapOf(m any) *mapState {
	ms, made := stateOf(&maps, m, func(p unsafe.Pointer, _ reflect.Value) *mapState {
		return &mapState{keep: m, name: objName(p, "map")}
	})
	if made {
		withState(func(s *gstate) { s.line("volatile " + ms.name) })
	}
	return ms
}

// mapAccess logs the call event and the access of m's variable.
func mapAccess(m any, site, call string, write bool) {
	if !on() {
		return
	}
	ms := mapOf(m)
	if ms == nil {
		return
	}
	withState(func(s *gstate) {
		ms.mu.Lock()
		if write {
			ms.version++
		}
		v := strconv.Itoa(ms.version)
		ms.mu.Unlock()
		// A map is no synchronisation: its events take local stamps
		// (gstate.stamp), like memory accesses.
		s.evMem(site, "call ", call, " target=", ms.name)
		if write {
			s.evMem(site, opWrite, ms.name, " ", v)
		} else {
			s.evMem(site, opRead, ms.name, " ", v)
		}
	})
}

// MapRead is `m[k]`.
func MapRead[M ~map[K]V, K comparable, V any](m M, k K, site string) V {
	v := m[k]
	mapAccess(m, site, "any map.read(any) args="+repr(k)+" result="+repr(v), false)
	return v
}

// MapRead2 is `v, ok := m[k]`.
func MapRead2[M ~map[K]V, K comparable, V any](m M, k K, site string) (V, bool) {
	v, ok := m[k]
	mapAccess(m, site, "any map.read(any) args="+repr(k)+" result="+repr(v), false)
	return v, ok
}

// MapWrite is `m[k] = v`.
func MapWrite[M ~map[K]V, K comparable, V any](m M, k K, v V, site string) {
	mapAccess(m, site, "void map.write(any,any) args="+repr(k)+","+repr(v), true)
	m[k] = v
}

// MapDelete is `delete(m, k)`.
func MapDelete[M ~map[K]V, K comparable, V any](m M, k K, site string) {
	mapAccess(m, site, "void map.delete(any) args="+repr(k), true)
	delete(m, k)
}

// MapRange is logged before a `for … range m` loop starts.
func MapRange[M ~map[K]V, K comparable, V any](m M, site string) {
	mapAccess(m, site, "void map.range()", false)
}

// MapNext is logged at the start of each iteration of such a loop.
func MapNext[M ~map[K]V, K comparable, V any](m M, site string) {
	mapAccess(m, site, "void map.next()", false)
}

// MapClear is `clear(m)`.
func MapClear[M ~map[K]V, K comparable, V any](m M, site string) {
	mapAccess(m, site, "void map.clear()", true)
	for k := range m { // clear(m), which the runtime's Go version lacks (overlay.go, rtGo)
		delete(m, k)
	}
}

// KeyOf and ValOf return the identity on m's key and value types (see
// ElemOf).
func KeyOf[M ~map[K]V, K comparable, V any](m M) func(K) K { return func(k K) K { return k } }

// ValOf: see KeyOf.
func ValOf[M ~map[K]V, K comparable, V any](m M) func(V) V { return func(v V) V { return v } }
