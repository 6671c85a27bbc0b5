package rt

import (
	"reflect"
	"sync"
	"unsafe"
)

// Memory accesses. The first recorded access of a location also logs its
// value before that access as the variable's `init`: the location was
// initialised by code the recorder does not see (a composite literal,
// make, a package initialiser, a function argument), and a read of that
// value must not look like a read of a value nobody wrote.
//
// A struct or array read or written whole is an access of each of its
// fields and elements (its leaves, see layout): a whole-struct assignment
// writes every field that a later field read may read, and a field write
// changes what a later whole-struct read reads, so the trace only has
// variables of one granularity and every value read is one some write (or
// init) produced.
//
// A racy program may access a location between another goroutine's
// access and its log line, so the log is written so that the trace stays
// one that some schedule of the run explains: a read logs the value it
// read (not the location's value when the line is written), and a write
// by Write is logged, and the location named, before it stores (the
// element writes of copy and append, wroteElems, are logged after the
// runtime stored them). The init of a
// location (the value its first logged access finds) is then its value
// before every write: a write stores only once its location has a name,
// and a read that names the location first loaded its value before that,
// so before any write stored (kubernetes/88331: a read's line written
// after a racing write, with the value that write stored as the
// location's init, left the writer's earlier reads with a value no write
// produced).

// Read performs and logs a read of the location p (described by desc,
// see locName) and returns the value read; m is the mark of the
// instrumented function that reads (Mark.state).
func Read[T any](m Mark, p *T, desc, site string) T {
	v := *p
	s := m.s // m.state(), which is not inlined
	if !s.runsHere() {
		if s = stateByID(); s == nil {
			return v
		}
	}
	if t := reflect.TypeFor[T](); !s.knownAccess(unsafe.Pointer(p), unsafe.Pointer(&v), t, site, 0) {
		logRead(s, p, v, t, desc, site)
	}
	return v
}

// logRead logs the read of v from p by s (of type t) that knownAccess did
// not log; v is the location's init if the read names it. v is a copy
// (its address escapes through record): a function of its own, so that
// only this path copies it to the heap, not every Read.
func logRead[T any](s *gstate, p *T, v T, t reflect.Type, desc, site string) {
	vp := unsafe.Pointer(&v)
	record(s, unsafe.Pointer(p), vp, vp, t, desc, site, opRead)
}

// Write logs and performs a write of v to the location p: logged first
// (see above). The instrumented `L = v` is `{ p := &L; n := *p; n = v;
// Write(p, n) }`, so that the assignment converts v to L's type as the
// original did (v may be of another type assignable to it).
func Write[T any](m Mark, p *T, v T, desc, site string) {
	s := m.s // m.state(), which is not inlined
	if !s.runsHere() {
		if s = stateByID(); s == nil {
			*p = v
			return
		}
	}
	if t := reflect.TypeFor[T](); !s.knownAccess(unsafe.Pointer(p), unsafe.Pointer(&v), t, site, 1) {
		logWrite(s, p, v, t, desc, site)
	}
	*p = v
}

// logWrite logs the write of v to p by s (of type t) that knownAccess
// did not log, before it is performed (v a copy, as logRead's).
func logWrite[T any](s *gstate, p *T, v T, t reflect.Type, desc, site string) {
	up, vp := unsafe.Pointer(p), unsafe.Pointer(&v)
	if !composite(t) {
		// The common case, looked up once: a location with its name
		// needs neither an init nor the old value.
		if name, ok := knownName(locKey{up, typePtr(t)}); ok {
			s.lock()
			s.logAccess(name, vp, t, site, opWrite)
			s.unlock()
			return
		}
	} else if named(up, t, desc) {
		record(s, up, vp, nil, t, desc, site, opWrite)
		return
	}
	old := *p // the value before every write: none stored before the name (above)
	record(s, up, vp, unsafe.Pointer(&old), t, desc, site, opWrite)
}

// knownAccess logs a read (write 0) or a write (write 1), by s, the
// calling goroutine, of the value at v (the value read or to be written)
// to or from the location p of type t, a number, a pointer, a map or a channel
// that has its name already, as a binary record with a local stamp, and
// reports whether it did: the common case of an access, in one function
// instead of record's chain of calls (access, logAccess, evNumber,
// numberAt, binNumber, accessRecord), which is how it logs everything
// else. The record is the one that chain writes: no init is due (the
// location has its name), and the conditions are binNumber's and
// binObject's, checked in the same order around the event's code, which
// may write a stack's directive into s's log (internStack) and so use up
// the local stamps. The location's name's number comes from the slot of
// the goroutine's cache of codes (nodeSlot) when the last access at the
// same node and site was of the same location: then nothing is looked up
// but the slot.
func (s *gstate) knownAccess(p, v unsafe.Pointer, t reflect.Type, site string, write byte) bool {
	// The commonest case first, with no call: an int whose location the
	// slot holds, and room in the chunk.
	if haveG && canMap && len(s.shadow) > 0 && s.localRecord() && !s.buffered && s.ck != nil && cap(s.buf)-len(s.buf) >= maxBinary {
		n := s.shadow[len(s.shadow)-1].node
		i := s.setOf(n, site) // slotOf, without a call
		key := locKey{p, typePtr(t)}
		c := &s.nodeCache[i]
		if !c.holds(n, site) || c.loc != key {
			c = &s.nodeCache[i+1]
		}
		if c.holds(n, site) && c.loc == key && c.kind == reflect.Int {
			at, _ := s.recordAt()
			*(*byte)(at) = binInt + write
			i := putUvarint(at, 1, c.code.n)
			i = putUvarint(at, i, c.id)
			i = putUvarint(at, i, zigzag(int64(*(*int)(v))))
			s.sub++
			s.endRecordAt(i)
			return true
		}
	}
	return s.knownAccessSlow(p, v, t, site, write)
}

// knownAccessSlow is knownAccess when its commonest case does not apply.
func (s *gstate) knownAccessSlow(p, val unsafe.Pointer, t reflect.Type, site string, write byte) bool {
	if !haveG || !canMap || s.buffered || site == "" || len(s.shadow) == 0 || s.n == 0 {
		return false // no shadow stack (code walks), a buffer (lock), or the first event (threadLine, first)
	}
	key := locKey{p, typePtr(t)}
	n := s.top()
	c := s.slotOf(n, site)
	hit := c != nil && c.loc == key
	var id uint64
	var k reflect.Kind
	if hit {
		id, k = c.id, c.kind
	} else {
		name, ok := knownName(key)
		if !ok || name.id == 0 {
			return false
		}
		id, k = name.id, t.Kind()
	}
	var tag byte
	var v uint64
	ok := true
	if k == reflect.Int { // numberValue's commonest case, without a call
		tag, v = binInt, zigzag(int64(*(*int)(val)))
	} else {
		tag, v, ok = numberValue(val, k)
	}
	if !ok {
		if !object(k) {
			return false // a composite (leaves) or a value rendered as text: logAccess
		}
		obj := objectOf(val, k, t) // before the code, as binObject
		if obj.id == 0 && obj.s != "nil" {
			return false
		}
		tag, v = binObj, obj.id
	}
	var code pcode
	if hit {
		code = c.code
	} else {
		if c == nil {
			c = s.newNodeCode(n, site)
		}
		code = c.code
		if code.n != 0 { // else the slot holds nothing (holds)
			c.loc, c.id, c.kind = key, id, k
		}
	}
	if !s.localRecord() {
		return false
	}
	s.accessRec(tag+write, code.n, id, v)
	return true
}

// named reports whether every leaf of the location p of the struct or
// array type t has its name already (so no init is due and the old value
// is not needed).
func named(p unsafe.Pointer, t reflect.Type, desc string) bool {
	for _, lf := range leavesOf(t) {
		if _, ok := knownName(locKey{unsafe.Add(p, lf.off), lf.t}); !ok {
			return false
		}
	}
	return true
}

// record logs op (opRead or opWrite), by the goroutine of state s, of
// each leaf of the location p of type t, with the value at v (read, or
// to be written); old, if not nil, holds the value before the access,
// the init of leaves accessed for the first time.
func record(s *gstate, p, v, old unsafe.Pointer, t reflect.Type, desc, site, op string) {
	s.lock()
	if !composite(t) {
		s.access(p, v, old, t, typePtr(t), desc, site, op)
	} else {
		for _, lf := range leavesOf(t) {
			d := lf.desc
			if d == "" {
				d = desc
			}
			o := old
			if o != nil {
				o = unsafe.Add(o, lf.off)
			}
			s.access(unsafe.Add(p, lf.off), unsafe.Add(v, lf.off), o, lf.typ, lf.t, d, site, op)
		}
	}
	s.unlock()
}

// access logs one access of the location at p of type typ (tp its
// typePtr) with the value at v, with its init if it is the first and old
// is known (s.mu held).
func (s *gstate) access(p, v, old unsafe.Pointer, typ reflect.Type, tp unsafe.Pointer, desc, site, op string) {
	name, first := newLocName(locKey{p, tp}, desc)
	if first && old != nil {
		s.line("init ", name.s, " ", reprAt(old, typ))
	}
	s.logAccess(name, v, typ, site, op)
}

// logAccess logs op of a location of type typ named name, with the value
// at p (s.mu held).
func (s *gstate) logAccess(name vname, p unsafe.Pointer, typ reflect.Type, site, op string) {
	if number(typ.Kind()) {
		s.evNumber(site, op, name, p, typ.Kind())
		return
	}
	if s.binObject(site, op, name, p, typ) {
		return
	}
	s.evMem(site, op, name.s, " ", reprAt(p, typ))
}

func composite(t reflect.Type) bool {
	k := t.Kind()
	return k == reflect.Struct || k == reflect.Array
}

// leaf is one location a value is made of: at offset off, of type typ
// (t = typePtr(typ)), described as desc ("" for the description of the
// whole access).
type leaf struct {
	off  uintptr
	typ  reflect.Type
	t    unsafe.Pointer
	desc string
}

// Splitting a composite value into leaves is bounded: an array of more
// than maxSplitArray elements is one leaf, and a type of more than
// maxLeaves leaves is one leaf as a whole (docs/recording.md says so).
const (
	maxLeaves     = 64
	maxSplitArray = 8
)

var layouts sync.Map // typePtr → []leaf

// leavesOf returns the leaves of a value of the struct or array type t.
func leavesOf(t reflect.Type) []leaf {
	tp := typePtr(t)
	if l, ok := layouts.Load(tp); ok {
		return l.([]leaf)
	}
	var out []leaf
	if !split(t, 0, "", &out) {
		out = []leaf{{typ: t, t: tp}}
	}
	layouts.Store(tp, out)
	return out
}

// split appends the leaves of a value of type t at offset off, described
// as desc, and reports whether they stay within maxLeaves. Fields of the
// types of sync and sync/atomic are the recorder's business (locks,
// atomics), not data: they have no leaves; nor have blank fields.
func split(t reflect.Type, off uintptr, desc string, out *[]leaf) bool {
	switch t.Kind() {
	case reflect.Struct:
		if pkg := t.PkgPath(); pkg == "sync" || pkg == "sync/atomic" {
			return true
		}
		name := typeName(t)
		if name == "" {
			name = "struct"
		}
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if f.Name == "_" {
				continue
			}
			if !split(f.Type, off+f.Offset, name+"."+f.Name, out) {
				return false
			}
		}
		return true
	case reflect.Array:
		if t.Len() <= maxSplitArray {
			e := t.Elem()
			d := shortTypeString(t)
			for i := 0; i < t.Len(); i++ {
				if !split(e, off+uintptr(i)*e.Size(), d, out) {
					return false
				}
			}
			return true
		}
	}
	*out = append(*out, leaf{off: off, typ: t, t: typePtr(t), desc: desc})
	return len(*out) <= maxLeaves
}

// Append is `append(s, elems...)`, called as Append(s, site)(elems...)
// so that the elements convert to the element type as append's do. When
// append fills capacity that s already had, it overwrites elements past
// len(s) that the recording may have seen before (a slice shortened and
// grown again): their writes are logged, or their next read would read a
// value no write produced.
func Append[S ~[]E, E any](s S, site string) func(...E) S {
	return func(v ...E) S {
		r := append(s, v...)
		if on() && len(v) > 0 && data(r) == data(s) {
			wroteElems(data(r), len(s), len(r), reflect.TypeFor[E](), site)
		}
		return r
	}
}

// Copy is `copy(dst, src)`: the elements it overwrites that the recording
// has seen before are logged as written.
func Copy[D ~[]E, S ~[]E, E any](dst D, src S, site string) int {
	n := copy(dst, src)
	if on() && n > 0 {
		wroteElems(data(dst), 0, n, reflect.TypeFor[E](), site)
	}
	return n
}

// data is the address of s's array (unsafe.SliceData, which the
// runtime's Go version lacks: overlay.go, rtGo), nil without capacity.
func data[S ~[]E, E any](s S) unsafe.Pointer {
	if cap(s) == 0 {
		return nil
	}
	return unsafe.Pointer(&s[:1][0])
}

// wroteElems logs writes of the elements from to to (exclusive) of the
// array at base, of element type t, that already have a name; elements
// never seen get their value as init at their first access anyway.
func wroteElems(base unsafe.Pointer, from, to int, t reflect.Type, site string) {
	leaves := []leaf{{typ: t, t: typePtr(t)}}
	if composite(t) {
		leaves = leavesOf(t)
	}
	seen := false
	for _, lf := range leaves {
		if _, ok := names.seen.Load(lf.t); ok {
			seen = true
		}
	}
	if !seen {
		return // no location of these types has a name: none to update
	}
	s := cur()
	s.lock()
	defer s.unlock()
	size := t.Size()
	for i := from; i < to; i++ {
		elem := unsafe.Add(base, uintptr(i)*size)
		for _, lf := range leaves {
			at := unsafe.Add(elem, lf.off)
			if name, ok := knownName(locKey{at, lf.t}); ok {
				s.evMem(site, opWrite, name.s, " ", reprAt(at, lf.typ))
			}
		}
	}
}
