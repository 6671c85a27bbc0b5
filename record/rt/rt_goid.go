package rt

import (
	"runtime"
	"strconv"
	"sync"
	"unsafe"
)

// Goroutine identity. Go has no goroutine-local storage; the runtime's
// goroutine id (the number in panics) is unique for the life of the
// process and is the key of each goroutine's buffer. Reading it from the
// traceback costs microseconds, so the recorder finds once where the id
// sits in the runtime's goroutine descriptor (g) and reads it from there:
// the offset is the one at which the descriptors of three goroutines hold
// their traceback ids. If no single offset fits (another architecture, a
// changed runtime) every lookup takes the traceback: slower, still right.

var goidAt struct {
	once   sync.Once
	offset uintptr // 0: not found, use the traceback
}

// goid returns the id of the calling goroutine.
func goid() int64 {
	goidAt.once.Do(findGoidOffset)
	if off := goidAt.offset; off != 0 {
		return *(*int64)(unsafe.Add(getg(), off))
	}
	return tracebackGoid()
}

// tracebackGoid reads the id from the first line of the goroutine's
// traceback, "goroutine 18 [running]:".
func tracebackGoid() int64 {
	var buf [64]byte
	s := buf[:runtime.Stack(buf[:], false)]
	const prefix = "goroutine "
	if len(s) < len(prefix) {
		return 0
	}
	s = s[len(prefix):]
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	id, _ := strconv.ParseInt(string(s[:n]), 10, 64)
	return id
}

// goidCandidates lists the offsets (8-aligned, below 256) at which the
// current goroutine's descriptor holds its id.
func goidCandidates() []uintptr {
	id, g := tracebackGoid(), getg()
	var out []uintptr
	for off := uintptr(8); off < 256; off += 8 {
		if *(*int64)(unsafe.Add(g, off)) == id {
			out = append(out, off)
		}
	}
	return out
}

func findGoidOffset() {
	if !haveG {
		return
	}
	cands := goidCandidates()
	for round := 0; round < 2 && len(cands) > 0; round++ {
		ch := make(chan []uintptr)
		go func() { ch <- goidCandidates() }()
		other := <-ch
		var keep []uintptr
		for _, c := range cands {
			for _, o := range other {
				if c == o {
					keep = append(keep, c)
				}
			}
		}
		cands = keep
	}
	if len(cands) == 1 {
		goidAt.offset = cands[0]
	}
}
