package rt

import (
	"strconv"
	"sync"
	"unsafe"
)

// Points. Every event ends with its stack and its site, " stack=s12
// @cache.go:48" — a third of a raw line, and the bytes of the log are a
// large part of what recording costs (each new page of the mapped log is
// a fault, rt_log.go). A program has few distinct (stack, site) pairs, so
// the recorder names each pair by a code, "$7", written right after the
// line's stamp, and writes what the code stands for once, in the
// dictionary: the chunks of writer 0, whose lines are "$7 SUFFIX" (and
// "%3 NAME", the numbers of variable names: defineName). The
// collector reads the dictionary first and puts each suffix back
// (record/raw.go), so the trace is as before.
//
// A dictionary line is in the file before any event uses its code: the
// code is published only after its line is written (and, where chunks are
// buffers, after its chunk is written to the file), so a crash never
// leaves an event whose code has no line.

// point is an event's stack id and site.
type point struct{ stack, site string }

// pcode is the code of a point: its text "$7" for text lines and its
// number 7 for binary ones (rt_binary.go); the zero pcode is no code.
type pcode struct {
	text string
	n    uint64
}

var points = struct {
	byKey *table[point, pcode] // (stack, site) → code
	mu    sync.Mutex           // the dictionary writer, under byKey's mutex
	dict  *gstate              // writer 0's chunk; nil until the first line
	next  uint64               // codes handed out
	names uint64               // names handed out (defineName)
	dirty bool                 // the dictionary's chunk has lines not in the file (flushDict)
}{byKey: newTable[point, pcode](hashPoint)}

// dictWriter is the writer id of the dictionary; goroutines' writers
// count from 1 (newState).
const dictWriter = 0

// pointSlot is an entry of a goroutine's cache of recent points.
type pointSlot struct {
	point
	code pcode
}

// codeSlot is an entry of a goroutine's cache of its events' codes: the
// hash of a stack (walkHash), a site (the address and length of its
// bytes) and their code.
type codeSlot struct {
	h    uint64
	site uintptr
	n    int
	code pcode
}

// code returns the code of the calling goroutine's stack and of site
// (s.mu held): pointCode(stackID(), site), found in one probe of the
// goroutine's cache, by the stack's hash and the site's address, when the
// goroutine logged there before — the common case, which need neither the
// stack's id nor the strings' contents. A site's bytes never change, so
// its address and length stand for its text; two copies of one text are
// two keys of one code.
func (s *gstate) code(site string) pcode {
	if haveG && site != "" && len(s.shadow) > 0 { // s is the calling goroutine's (top)
		return s.nodeCode(s.top(), site) // rt_shadow.go
	}
	return s.walkedCode(site) // apart, so that code is inlined
}

// walkedCode is code for an event outside any instrumented frame, or
// without a site, or where goroutines have no shadow stacks.
func (s *gstate) walkedCode(site string) pcode {
	if !haveG {
		return s.pointCode("", site)
	}
	h := walkHash()
	a := strAddr(site)
	c := &s.codeCache[mix(h^uint64(a))%uintptr(len(s.codeCache))]
	if c.code.n != 0 && c.h == h && c.site == a && c.n == len(site) {
		return c.code
	}
	code := s.pointCode(s.stackOf(h), site)
	*c = codeSlot{h, a, len(site), code}
	return code
}

// pointCode returns the code of the event suffix of stack and site, ""
// when both are empty (s.mu held). The goroutine's cache is indexed by the
// strings' addresses (sites are constants, stack ids are interned) and
// compares their contents, so a hit is exact.
func (s *gstate) pointCode(stack, site string) pcode {
	if stack == "" && site == "" {
		return pcode{}
	}
	p := point{stack, site}
	c := &s.pointCache[(strAddr(stack)^strAddr(site)>>3)%uintptr(len(s.pointCache))]
	if c.code.n != 0 && c.point == p {
		return c.code
	}
	code, _ := points.byKey.getOrAdd(p, newPointCode)
	c.point, c.code = p, code
	return code
}

// newPointCode writes p's dictionary line and returns its code (under
// the points table's mutex).
func newPointCode(p point) pcode {
	points.mu.Lock()
	defer points.mu.Unlock()
	points.next++
	code := pcode{"$" + strconv.FormatUint(points.next, 10), points.next}
	stack, site := "", ""
	if p.stack != "" {
		stack = " stack=" + p.stack
	}
	if p.site != "" {
		site = " @" + p.site
	}
	if !dictLine(code.text, stack, site) {
		return pcode{} // a site longer than a chunk: the event goes without
	}
	return code
}

// defineName gives the variable name its number in the dictionary, the
// line "%ID NAME", with which binary events name it (rt_binary.go); 0
// when the process does not record or the name does not fit in a chunk.
func defineName(name string) uint64 {
	if !rec.on {
		return 0
	}
	points.mu.Lock()
	defer points.mu.Unlock()
	id := points.names + 1
	if !dictLine("%"+strconv.FormatUint(id, 10), " ", name) {
		return 0
	}
	points.names = id
	return id
}

// dictLine appends the line made of parts to the dictionary (points.mu
// held); false if it does not fit in a chunk. Where chunks are buffers,
// the dictionary's chunk is written before any goroutine's (flushDict):
// in the file before any event that uses the line.
func dictLine(parts ...string) bool {
	if points.dict == nil {
		points.dict = &gstate{writer: dictWriter}
	}
	d := points.dict
	n := 1
	for _, p := range parts {
		n += len(p)
	}
	d.room(n)
	if n > cap(d.buf)-len(d.buf) {
		return false
	}
	for _, p := range parts {
		d.buf = append(d.buf, p...)
	}
	d.buf = append(d.buf, '\n')
	d.ck.setUsed(len(d.buf))
	points.dirty = !d.ck.mapped
	return true
}

// flushDict writes the dictionary's chunk into the file if it has lines
// that are not there yet (only where chunks are buffers): called before a
// goroutine's chunk is written (logFile.write), so that the codes and
// names its events use are in the file first — one write per chunk
// written, not one per line added (a program names a location at each
// first access).
func flushDict() {
	points.mu.Lock()
	defer points.mu.Unlock()
	if points.dirty {
		rec.log.write(points.dict.ck)
		points.dirty = false
	}
}

// strAddr is the address of s's bytes (unsafe.StringData, which the
// runtime's Go version lacks: overlay.go, rtGo): a string's first word.
func strAddr(s string) uintptr { return *(*uintptr)(unsafe.Pointer(&s)) }

// hashPoint hashes the contents of p (FNV-1a): it runs only when a
// goroutine's cache misses.
func hashPoint(p point) uintptr {
	h := uint64(14695981039346656037)
	for i := 0; i < len(p.stack); i++ {
		h = (h ^ uint64(p.stack[i])) * 1099511628211
	}
	h = (h ^ ' ') * 1099511628211
	for i := 0; i < len(p.site); i++ {
		h = (h ^ uint64(p.site[i])) * 1099511628211
	}
	return uintptr(h)
}
