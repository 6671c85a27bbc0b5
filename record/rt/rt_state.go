package rt

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
)

// flushBytes is the size at which a goroutine's buffer is written out: it
// bounds the memory of the recorder and what a hard crash can lose.
const flushBytes = 32 << 10

// rec is the recording of the process; nil until the first event, and
// off when GPREDICT_RECORD_DIR is unset.
var rec struct {
	once sync.Once
	on   bool
	seq  atomic.Uint64 // the next line's sequence number

	fileMu sync.Mutex
	file   *os.File

	states sync.Map // goroutine id → *gstate
	// byName counts the goroutines named so far per creation site, for
	// their ordinals; external counts goroutines the recorder saw start
	// without a `go` statement of instrumented code.
	namesMu  sync.Mutex
	byName   map[string]int
	external int
}

// gstate is one goroutine's recording: its trace thread name, the number
// of events logged (its next event is name#(n+1)) and its unwritten lines.
type gstate struct {
	mu   sync.Mutex
	name string
	n    int
	buf  []byte
}

func start() {
	dir := os.Getenv("GPREDICT_RECORD_DIR")
	if dir == "" {
		return
	}
	name := filepath.Join(dir, "raw-"+strconv.Itoa(os.Getpid())+".log")
	f, err := os.OpenFile(name, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gpredict record: %v (recording off)\n", err)
		return
	}
	rec.file, rec.byName, rec.on = f, map[string]int{}, true
	fmt.Fprintf(f, "0 # gpredict record %d\n", os.Getpid())
}

// on reports whether the process records.
func on() bool {
	rec.once.Do(start)
	return rec.on
}

// cur returns the state of the calling goroutine, creating it for a
// goroutine the recorder has not seen start (the main goroutine, or one
// started by code that is not instrumented).
func cur() *gstate {
	id := goid()
	if s, ok := rec.states.Load(id); ok {
		return s.(*gstate)
	}
	name := "main"
	if id != 1 {
		rec.namesMu.Lock()
		rec.external++
		name = "g" + strconv.Itoa(rec.external)
		rec.namesMu.Unlock()
	}
	s := &gstate{name: name}
	rec.states.Store(id, s)
	return s
}

// siteName returns the name of the k-th goroutine created at site: the
// site's location with ':' and '/' kept, then the ordinal, "x.go:12.3".
func siteName(site string) string {
	rec.namesMu.Lock()
	defer rec.namesMu.Unlock()
	rec.byName[site]++
	return site + "." + strconv.Itoa(rec.byName[site])
}

// line appends one raw line (an event or a directive, in the text format)
// to s's buffer under s.mu, which the caller holds. It returns the id
// T:k of the event when event is true.
func (s *gstate) line(event bool, text string) string {
	seq := rec.seq.Add(1)
	s.buf = strconv.AppendUint(s.buf, seq, 10)
	s.buf = append(s.buf, ' ')
	s.buf = append(s.buf, text...)
	s.buf = append(s.buf, '\n')
	id := ""
	if event {
		s.n++
		id = s.name + ":" + strconv.Itoa(s.n)
	}
	if len(s.buf) >= flushBytes {
		s.flushLocked()
	}
	return id
}

// event logs an event of s: "OP OPERANDS... @site". It returns its id.
func (s *gstate) event(site string, op string) string {
	s.ev(site, op)
	return s.name + ":" + strconv.Itoa(s.n)
}

// ev logs an event made of parts (concatenated), without building its id:
// the hot path of memory accesses and locks.
func (s *gstate) ev(site string, parts ...string) {
	s.buf = strconv.AppendUint(s.buf, rec.seq.Add(1), 10)
	s.buf = append(s.buf, ' ')
	s.buf = append(s.buf, s.name...)
	s.buf = append(s.buf, ' ')
	for _, p := range parts {
		s.buf = append(s.buf, p...)
	}
	if site != "" {
		s.buf = append(s.buf, " @"...)
		s.buf = append(s.buf, site...)
	}
	s.buf = append(s.buf, '\n')
	s.n++
	if len(s.buf) >= flushBytes {
		s.flushLocked()
	}
}

// nextID is the id the next event of s will get.
func (s *gstate) nextID() string { return s.name + ":" + strconv.Itoa(s.n+1) }

// lastID is the id of the last event of s, "" if none.
func (s *gstate) lastID() string {
	if s.n == 0 {
		return ""
	}
	return s.name + ":" + strconv.Itoa(s.n)
}

// flushLocked writes s's buffer to the output file (s.mu held).
func (s *gstate) flushLocked() {
	if len(s.buf) == 0 {
		return
	}
	rec.fileMu.Lock()
	rec.file.Write(s.buf)
	rec.fileMu.Unlock()
	s.buf = s.buf[:0]
}

// withState runs f with the calling goroutine's state locked.
func withState(f func(s *gstate)) {
	if !on() {
		return
	}
	s := cur()
	s.mu.Lock()
	f(s)
	s.mu.Unlock()
}

// Flush writes every goroutine's buffer to the output file. The
// instrumented program calls it at exit; a goroutine that panics calls it
// before the panic goes on.
func Flush() {
	if !on() {
		return
	}
	rec.states.Range(func(_, v any) bool {
		s := v.(*gstate)
		s.mu.Lock()
		s.flushWait() // a lock it still waits for (rt_locks.go)
		s.flushLocked()
		s.mu.Unlock()
		return true
	})
	rec.fileMu.Lock()
	rec.file.Sync()
	rec.fileMu.Unlock()
}

// Exit replaces os.Exit in instrumented code: it flushes, then exits.
func Exit(code int) {
	endReturnedTests() // rt_locks.go
	Flush()
	os.Exit(code)
}
