package rt

import (
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"unsafe"
)

// Call stacks. Every event carries the stack of the goroutine that logs
// it (docs/trace-format.md, Stacks), for reports that read like the race
// detector's. Most events take it from the goroutine's shadow stack of
// instrumented frames (rt_shadow.go); this file is for the others, events
// outside any instrumented frame or without a site, and for the frames
// the shadow stack's entries walk over. runtime.Callers costs about a
// microsecond; instead the recorder follows the chain of frame pointers
// that Go keeps on amd64 and arm64 (as the runtime's execution tracer
// does): a few loads per frame.
// The return addresses found are interned: a goroutine reuses its last
// stack when nothing changed, and a new one is looked up by hash; the
// first time a stack is seen it is turned into functions, files and lines
// (runtime.CallersFrames, which also expands inlined calls), the
// recorder's own frames are dropped, and its directive `stack ID
// FRAME...` is logged. Elsewhere events have no stack.

// maxDepth bounds the frames kept (the race detector keeps a few dozen).
const maxDepth = 32

type pcs struct {
	n  int
	pc [maxDepth]uintptr
}

// walk fills p with the return addresses of the calling goroutine's
// frames. It calls nothing after reading the frame pointer, so the stack
// cannot move under it, and it stops at a frame pointer outside the
// goroutine's stack (whose bounds are the first two words of the
// runtime's goroutine descriptor), so a broken chain is cut, not
// followed.
//
//go:nosplit
func walk(p *pcs) {
	g := getg()
	lo, hi := *(*uintptr)(g), *(*uintptr)(unsafe.Add(g, unsafe.Sizeof(uintptr(0))))
	fp := getfp()
	n := 0
	for n < maxDepth && fp != nil && uintptr(fp) >= lo && uintptr(fp) < hi {
		p.pc[n] = *(*uintptr)(unsafe.Add(fp, unsafe.Sizeof(uintptr(0))))
		fp = *(*unsafe.Pointer)(fp)
		n++
	}
	p.n = n
}

// walkHash is walk that only hashes the return addresses (FNV-1a over
// words): the fast path, which needs no copy of them.
//
//go:nosplit
func walkHash() uint64 {
	g := getg()
	lo, hi := *(*uintptr)(g), *(*uintptr)(unsafe.Add(g, unsafe.Sizeof(uintptr(0))))
	fp := getfp()
	h := uint64(14695981039346656037)
	for n := 0; n < maxDepth && fp != nil && uintptr(fp) >= lo && uintptr(fp) < hi; n++ {
		h = (h ^ uint64(*(*uintptr)(unsafe.Add(fp, unsafe.Sizeof(uintptr(0)))))) * 1099511628211
		fp = *(*unsafe.Pointer)(fp)
	}
	return h
}

var stacks = struct {
	byHash *table[uint64, string] // hash of the return addresses → id
	mu     sync.Mutex
	byText map[string]string // frames → id: stacks that differ only in the recorder's frames are one
	next   int
}{byHash: newTable[uint64, string](func(h uint64) uintptr { return mix(h) }), byText: map[string]string{}}

// stackID returns the id of the calling goroutine's stack, "" if stacks
// are not available here; s.mu held. A new stack's directive is logged
// first.
func (s *gstate) stackID() string {
	if !haveG {
		return ""
	}
	return s.stackOf(walkHash())
}

// stackOf is stackID for the stack whose hash is h.
func (s *gstate) stackOf(h uint64) string {
	if h == s.lastHash && s.lastStack != "" {
		return s.lastStack
	}
	c := &s.stackCache[h%uint64(len(s.stackCache))]
	id, ok := c.id, c.h == h && c.id != ""
	if !ok {
		if id, ok = stacks.byHash.get(h); !ok {
			id = s.slowStack(h)
		}
		c.h, c.id = h, id
	}
	s.lastHash, s.lastStack = h, id
	return id
}

// slowStack interns a stack the table does not have: it walks it again,
// keeping the return addresses this time. The walk starts deeper (in the
// recorder's own frames, which symbolising drops), so its frames are
// those of the hash.
func (s *gstate) slowStack(h uint64) string {
	var p pcs
	walk(&p)
	id, _ := stacks.byHash.getOrAdd(h, func(uint64) string { return s.newStack(&p) })
	return id
}

// stackSlot is an entry of a goroutine's cache of recent stacks.
type stackSlot struct {
	h  uint64
	id string
}

// newStack symbolises p and returns the id of its frames, logging the
// directive the first time those frames are seen (under the hash table's
// mutex, s.mu held).
func (s *gstate) newStack(p *pcs) string {
	return s.internStack(strings.Join(appendFrames(nil, p.pc[:p.n]), " "))
}

// internStack returns the id of the stack whose frames are text, ""
// for none, logging its directive the first time (s.mu held).
func (s *gstate) internStack(text string) string {
	if text == "" {
		return ""
	}
	stacks.mu.Lock()
	defer stacks.mu.Unlock()
	if id, ok := stacks.byText[text]; ok {
		return id
	}
	stacks.next++
	id := "s" + strconv.Itoa(stacks.next)
	stacks.byText[text] = id
	s.line("stack " + id + " " + text)
	return id
}

// rtDir is the directory of this package's files, with its slash: a
// function literal of the recorder inlined into the program's code (the
// one Append returns) is named after its caller, but its file is here.
var rtDir = func() string {
	_, file, _, _ := runtime.Caller(0)
	return file[:strings.LastIndexByte(file, '/')+1]
}()

// rtPackage is the import path of this package: gpredictrt in the
// recorded program (record.rtModule), gpredict/record/rt in its tests.
var rtPackage = reflect.TypeFor[gstate]().PkgPath()
