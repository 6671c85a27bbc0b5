package rt

import (
	"reflect"
	"strconv"
	"sync/atomic"
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
	keep    any
	name    string
	id      uint64       // the name's number (vname), for binary events
	version atomic.Int64 // the number of the map's last change
}

var maps = newTable[unsafe.Pointer, *mapState](hashPtr) // map address → its state

// mapOf returns the state of the map m, whose address is p (not nil).
func mapOf(p unsafe.Pointer, m any) *mapState {
	ms, made := maps.getOrAddAt(p, hashPtr(p), func(p unsafe.Pointer) *mapState {
		name := objVar(p, "map")
		return &mapState{keep: m, name: name.s, id: name.id}
	})
	if made {
		withState(func(s *gstate) { s.line("volatile " + ms.name) })
	}
	return ms
}

// mapAt is mapOf(p, m), found in the slot c of the goroutine's cache of
// codes (siteSlot; nil for none) when the last map operation at its node
// and site was on the same map, and kept there: its key is the map's
// address with no type, which no location or lock has.
func mapAt(c *nodeSlot, p unsafe.Pointer, m any) *mapState {
	k := locKey{p: p}
	if c != nil && c.okey == k {
		return (*mapState)(c.obj)
	}
	ms := mapOf(p, m)
	if c != nil {
		c.okey, c.obj = k, unsafe.Pointer(ms)
	}
	return ms
}

// mapPtr is the address of the map m (nil for a nil map): a map value is
// a pointer to the runtime's map.
func mapPtr[M ~map[K]V, K comparable, V any](m M) unsafe.Pointer {
	return *(*unsafe.Pointer)(unsafe.Pointer(&m))
}

// mapArgs are the arguments of a map call: a and b as text, or, for a
// read or write of a map of ints, the numbers ia and ib, rendered only
// where the call is not a binary record (rt_binary.go's binMapInts).
type mapArgs struct {
	a, b   string
	ia, ib int64
	ints   bool
}

// argsOf are the arguments k and v of a read or write call of a map of
// keys K and values V.
func argsOf[K, V any](k K, v V) mapArgs {
	if isInt[K]() && isInt[V]() {
		return mapArgs{ia: int64(*(*int)(unsafe.Pointer(&k))), ib: int64(*(*int)(unsafe.Pointer(&v))), ints: true}
	}
	return mapArgs{a: repr(k), b: repr(v)}
}

// isInt reports whether T is int (not a type defined from it: repr may
// render those otherwise).
func isInt[T any]() bool { return reflect.TypeFor[T]() == reflect.TypeFor[int]() }

// text returns the arguments as text (repr's rendering of an int).
func (x mapArgs) text() (string, string) {
	if x.ints {
		return strconv.FormatInt(x.ia, 10), strconv.FormatInt(x.ib, 10)
	}
	return x.a, x.b
}

// mapAccess logs the call event of op (args its arguments, below) and
// the access of m's variable. The call reads "call SIG args=A result=B
// target=MAP" for a read, "args=A,B" for a write, "args=A" for a delete,
// nothing more for the others (mapCalls).
func mapAccess(mk Mark, p unsafe.Pointer, m any, site string, op mapOp, args mapArgs) {
	if p == nil {
		return
	}
	s := mk.s // mk.state(), which is not inlined
	if !s.runsHere() {
		if s = stateByID(); s == nil {
			return
		}
	}
	c := s.siteSlot(site)
	ms := mapAt(c, p, m)
	write := op.writes()
	var v int64
	if write {
		v = ms.version.Add(1)
	} else {
		v = ms.version.Load()
	}
	// A map is no synchronisation: its events take local stamps
	// (gstate.stamp), like memory accesses. Both have the code of the
	// site and stack.
	s.lock()
	s.threadLine()
	code := s.slotCode(c, site)
	if !args.ints || !s.binMapInts(code, op, ms.id, args.ia, args.ib) {
		if a, b := args.text(); !s.binMapCall(code, op, ms.id, a, b) {
			s.evMem(site, "call ", mapCalls[op].sig, op.args(a, b), " target=", ms.name)
		}
	}
	if ms.id != 0 && s.localRecord() { // numberAt's record, without its calls
		tag := byte(binInt)
		if write {
			tag++
		}
		s.accessRec(tag, code.n, ms.id, zigzag(v))
	} else {
		acc := opRead
		if write {
			acc = opWrite
		}
		s.numberAt(code, acc, vname{ms.name, ms.id}, unsafe.Pointer(&v), reflect.Int64)
	}
	s.unlock()
}

// mapOp is a map operation; its number is its binary record's tag less
// binMapRead (rt_binary.go).
type mapOp uint8

const (
	mapRead mapOp = iota
	mapWrite
	mapDelete
	mapRangeOp
	mapNextOp
	mapClearOp
)

// mapCalls are the signatures of the calls of the map operations, and
// whether they change the map. record/rawbin.go has the same table.
var mapCalls = [...]struct {
	sig    string
	writes bool
}{
	mapRead:    {"any map.read(any)", false},
	mapWrite:   {"void map.write(any,any)", true},
	mapDelete:  {"void map.delete(any)", true},
	mapRangeOp: {"void map.range()", false},
	mapNextOp:  {"void map.next()", false},
	mapClearOp: {"void map.clear()", true},
}

func (op mapOp) writes() bool { return mapCalls[op].writes }

// args is the text of the arguments of a call of op after its signature.
func (op mapOp) args(a, b string) string {
	switch op {
	case mapRead:
		return " args=" + a + " result=" + b
	case mapWrite:
		return " args=" + a + "," + b
	case mapDelete:
		return " args=" + a
	}
	return ""
}

// MapRead is `m[k]`; mk is the mark of the instrumented function that
// reads (Mark.state).
func MapRead[M ~map[K]V, K comparable, V any](mk Mark, m M, k K, site string) V {
	v := m[k]
	if mk.s != nil || on() {
		mapAccess(mk, mapPtr(m), m, site, mapRead, argsOf(k, v))
	}
	return v
}

// MapRead2 is `v, ok := m[k]`.
func MapRead2[M ~map[K]V, K comparable, V any](mk Mark, m M, k K, site string) (V, bool) {
	v, ok := m[k]
	if mk.s != nil || on() {
		mapAccess(mk, mapPtr(m), m, site, mapRead, argsOf(k, v))
	}
	return v, ok
}

// MapWrite is `m[k] = v`.
func MapWrite[M ~map[K]V, K comparable, V any](mk Mark, m M, k K, v V, site string) {
	if mk.s != nil || on() {
		mapAccess(mk, mapPtr(m), m, site, mapWrite, argsOf(k, v))
	}
	m[k] = v
}

// MapDelete is `delete(m, k)`.
func MapDelete[M ~map[K]V, K comparable, V any](m M, k K, site string) {
	if on() {
		mapAccess(Mark{}, mapPtr(m), m, site, mapDelete, mapArgs{a: repr(k)})
	}
	delete(m, k)
}

// MapRange is logged before a `for … range m` loop starts.
func MapRange[M ~map[K]V, K comparable, V any](m M, site string) {
	mapAccess(Mark{}, mapPtr(m), m, site, mapRangeOp, mapArgs{})
}

// MapNext is logged at the start of each iteration of such a loop.
func MapNext[M ~map[K]V, K comparable, V any](m M, site string) {
	mapAccess(Mark{}, mapPtr(m), m, site, mapNextOp, mapArgs{})
}

// MapClear is `clear(m)`.
func MapClear[M ~map[K]V, K comparable, V any](m M, site string) {
	mapAccess(Mark{}, mapPtr(m), m, site, mapClearOp, mapArgs{})
	for k := range m { // clear(m), which the runtime's Go version lacks (overlay.go, rtGo)
		delete(m, k)
	}
}

// KeyOf and ValOf return the identity on m's key and value types (see
// ElemOf).
func KeyOf[M ~map[K]V, K comparable, V any](m M) func(K) K { return func(k K) K { return k } }

// ValOf: see KeyOf.
func ValOf[M ~map[K]V, K comparable, V any](m M) func(V) V { return func(v V) V { return v } }
