package rt

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"sync"
	"sync/atomic"
	"unsafe"
)

// rec is the recording of the process; nil until the first event, and
// off when GPREDICT_RECORD_DIR is unset.
var rec struct {
	once sync.Once
	on   bool
	seq  atomic.Uint64 // the last global stamp handed out (see gstate.stamp)

	log *logFile // the raw log (rt_log.go)

	states *table[int64, *gstate] // goroutine id → its state (never removed)
	// byName counts the goroutines named so far per creation site, for
	// their ordinals; external counts goroutines the recorder saw start
	// without a `go` statement of instrumented code.
	namesMu  sync.Mutex
	byName   map[string]int
	external int

	// main is goroutine 1, which runs the package initialisers and
	// main.main or TestMain; initDone (under namesMu) is its last event
	// when main.main or TestMain started (Main): every event of package
	// initialisation happens before it, and it happens before every
	// goroutine that code the recorder does not see starts later.
	main     *gstate
	initDone string
	// ended are the last events of the goroutines that ended, for
	// finalizers (Token.global).
	ended []string
	// starting counts the goroutines forked and not yet started (Fork,
	// Start), for settle.
	starting atomic.Int64
	// perturb: the run's schedule is perturbed, with seed
	// (rt_perturb.go); both set once, in start.
	perturb bool
	seed    uint64
}

// gstate is one goroutine's recording: its trace thread name, the number
// of events logged (its next event is name#(n+1)), and its current chunk
// of the log (ck, chunks counts them) with buf, the lines in it, a slice
// of its memory.
type gstate struct {
	// mu is taken by the goroutine itself only where its chunks are
	// buffers (lock), by the rare writers of another goroutine's log
	// (lockMu), and by those that read its name or flush its chunk; the
	// goroutine's own events take no lock (rt_foreign.go).
	mu     sync.Mutex
	locked bool // mu is held by the one writing now (lock, lockMu)
	// buffered: the current chunk is a buffer, not the file's mapping
	// (under mu): the goroutine then locks mu for each event, as Flush
	// writes its chunk from other goroutines.
	buffered bool
	foreign  // releases other goroutines made for this one (rt_foreign.go)
	name     string
	n        int
	base     uint64 // the goroutine's last global stamp, shifted (stamp)
	sub      uint64 // lines since then
	writer   uint64
	chunks   uint64
	ck       *chunk
	buf      []byte
	// after are events that happen before this goroutine's first event:
	// hb facts written when it logs that event (its name is final then).
	after []string
	// endedSeen is how many of rec.ended a finalizer run by this
	// goroutine follows already.
	endedSeen int
	ended     bool // the goroutine ended (End)
	// held counts the locks it holds, exclusive and shared (mu): a
	// goroutine that ends holding one leaves its `end` to the collector
	// (rt_unlock_other.go).
	held   int
	forked bool // an instrumented `go` statement started it (Start)
	// lastHash is the hash of the stack of the goroutine's last event,
	// lastStack its id (rt_stack.go); stackCache and codeCache serve the
	// events that walk the stack, few since shadow stacks: small, as a
	// goroutine's state lives as long as the process.
	lastHash   uint64
	lastStack  string
	stackCache [16]stackSlot
	// g is the runtime's descriptor of the goroutine, shadow its stack of
	// instrumented frames and nodeCache the codes of its events by node
	// and site, enterCache its nodes by key (rt_shadow.go).
	g          unsafe.Pointer
	shadow     []shadowFrame
	nodeCache  [32]nodeSlot
	enterCache [32]enterSlot
	pointCache [32]pointSlot // rt_point.go
	codeCache  [16]codeSlot  // rt_point.go
	rng        rng           // its perturbation decisions (rt_perturb.go)
}

// DirEnv names the environment variable by which `gpredict record` turns
// recording on: the directory of the raw logs.
const DirEnv = "GPREDICT_RECORD_DIR"

func start() {
	dir := os.Getenv(DirEnv)
	if dir == "" {
		return
	}
	l, err := openLog(filepath.Join(dir, "raw-"+strconv.Itoa(os.Getpid())+".log"))
	if err != nil {
		fmt.Fprintf(os.Stderr, "gpredict record: %v (recording off)\n", err)
		return
	}
	rec.log, rec.byName, rec.on = l, map[string]int{}, true
	rec.seed, rec.perturb = perturbSeed()
	rec.states = newTable[int64, *gstate](hashInt)
}

// newState is the state of a goroutine named name, with a writer of its
// own in the log.
func newState(name string) *gstate {
	return &gstate{name: name, writer: rec.log.writer.Add(1), g: getg(), sub: subMax} // its first line takes a global stamp
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
	if s, ok := rec.states.getAt(id, hashInt(id)); ok {
		return s
	}
	s, _ := rec.states.getOrAdd(id, func(id int64) *gstate {
		s := newState("main")
		rec.namesMu.Lock()
		defer rec.namesMu.Unlock()
		if id == 1 {
			rec.main = s
			return s
		}
		// A goroutine started by code that is not instrumented: it
		// started after package initialisation, if it started after
		// main did.
		rec.external++
		s.name = "g" + strconv.Itoa(rec.external)
		if rec.initDone != "" {
			s.after = []string{rec.initDone}
		}
		return s
	})
	return s
}

// Main is called first by the instrumented main.main and TestMain:
// package initialisation, which the Go memory model orders before them,
// is done.
func Main() {
	if !on() {
		return
	}
	last := cur().last()
	rec.namesMu.Lock()
	rec.initDone = last
	rec.namesMu.Unlock()
}

// first writes the facts that order s's first event (just logged) after
// the events of s.after (s.mu held).
func (s *gstate) first() {
	for _, a := range s.after {
		s.line("hb " + a + " " + s.name + ":1")
	}
	s.after = nil
}

// siteName returns the name of the k-th goroutine created at site: the
// site's location with ':' and '/' kept, then the ordinal, "x.go:12.3".
func siteName(site string) string {
	rec.namesMu.Lock()
	defer rec.namesMu.Unlock()
	rec.byName[site]++
	return site + "." + strconv.Itoa(rec.byName[site])
}

// line appends one raw line that is no event (a directive or a comment,
// in the text format), made of parts, to s's log under s.mu, which the
// caller holds.
func (s *gstate) line(parts ...string) {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	k := s.stamp(false) // before room: a global stamp may write releases first
	s.room(maxSeq + 3 + n)
	s.buf = s.appendStamp(s.buf, k)
	s.buf = append(s.buf, ' ')
	for _, p := range parts {
		s.buf = append(s.buf, p...)
	}
	s.buf = append(s.buf, '\n')
	s.ck.setUsed(len(s.buf))
}

// appendStamp appends the stamp k of s's next line (stamp): a global one as
// "=" and the counter's value (the stamp without its subBits zero bits), a
// local one as "+" and its count since the goroutine's last global one,
// which the collector adds back (record/raw.go). Event lines leave out
// their thread, which the collector knows from the goroutine's "# thread
// NAME" line, and their stack and site (rt_point.go); reads and writes are
// "r" and "w" (opRead, opWrite): raw lines are about a third as long as
// trace lines.
func (s *gstate) appendStamp(buf []byte, k uint64) []byte {
	if k == s.base {
		return strconv.AppendUint(append(buf, '='), k>>subBits, 10)
	}
	return strconv.AppendUint(append(buf, '+'), k-s.base, 10)
}

// The ops of reads and writes in the raw log, which the collector spells
// out; no op of the trace format is one letter.
const (
	opRead  = "r "
	opWrite = "w "
)

// maxSeq is the most digits a sequence number has.
const maxSeq = 20

// Every line's sequence number (its stamp) orders it among the lines of
// all goroutines (the collector merges by it). A global counter shared by
// all goroutines costs a contended atomic add per line, so only
// synchronisation events take a global stamp (shifted left by subBits);
// the lines a goroutine logs between two of them — memory accesses,
// directives — count up from its last one. The merged order then respects
// everything synchronisation orders (a read that another goroutine's
// write synchronised with comes after that write's release), and places
// the unsynchronised lines of different goroutines between the
// synchronisation events around them, not in real-time order: the trace's
// order is a first guess of a schedule (docs/engine.md), never its
// meaning.
const (
	subBits = 20
	subMax  = 1<<subBits - 1
)

// stamp returns the sequence number of s's next line: a global one if
// global is set (and for the first line, and when the count since the
// last one runs out), else the next after s's last. A global stamp first
// writes the releases that other goroutines made for s meanwhile
// (rt_foreign.go), each at the stamp its unlocker took, and is then
// taken anew, after theirs; so it must be taken before the line's room
// and bytes.
func (s *gstate) stamp(global bool) uint64 {
	if global || s.sub == subMax { // subMax also before the first line (newState)
		return s.globalStamp() // apart, so that stamp is inlined
	}
	s.sub++
	return s.base | s.sub
}

// globalStamp is stamp's global stamp.
func (s *gstate) globalStamp() uint64 {
	k := countUp(&rec.seq)
	if s.pending.Load() {
		s.drain()
		k = countUp(&rec.seq)
	}
	s.base, s.sub = k<<subBits, 0
	return s.base
}

// room makes sure the current chunk has room for a line of n bytes,
// moving to a new chunk if not. A line longer than a chunk cannot occur
// (names, values and sites are short); it would be cut.
func (s *gstate) room(n int) {
	if s.ck == nil || len(s.buf)+n > cap(s.buf) {
		s.nextChunk() // apart, so that room is inlined
	}
}

// nextChunk moves s to a new chunk: a mapped chunk's lines are copied out
// to a chunk of their own and the mapped one starts the next (rt_log.go's
// reuse), else (a buffer, or a copy that failed) a new one is allocated.
func (s *gstate) nextChunk() {
	if s.ck != nil && s.ck.mapped && rec.log.reuse(s.ck, s.chunks) {
		s.chunks++
		s.buf = s.ck.mem[chunkHeader:chunkHeader:len(s.ck.mem)]
		return
	}
	if s.ck != nil {
		rec.log.done(s.ck)
	}
	s.ck = rec.log.newChunk(s.writer, s.chunks)
	s.chunks++
	s.buf = s.ck.mem[chunkHeader:chunkHeader:len(s.ck.mem)]
	if !s.ck.mapped && !s.buffered && s.writer != dictWriter {
		// A buffer (a mapping failed): from now on the goroutine writes
		// under mu, as Flush may write the chunk from another goroutine.
		if !s.locked {
			s.mu.Lock()
			s.locked = true
		}
		s.buffered = true
	}
}

// event logs an event of s: "OP OPERANDS... @site". It returns its id.
func (s *gstate) event(site string, op string) string {
	s.ev(site, op)
	return s.name + ":" + strconv.Itoa(s.n)
}

// ev logs an event made of parts (concatenated), without building its id,
// with a global stamp: a synchronisation event.
func (s *gstate) ev(site string, parts ...string) { s.evStamped(true, site, parts...) }

// evMem is ev for a memory access (a local stamp).
func (s *gstate) evMem(site string, parts ...string) { s.evStamped(false, site, parts...) }

func (s *gstate) evStamped(global bool, site string, parts ...string) {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	buf, ok := s.eventStart(global, n, site)
	if !ok {
		return
	}
	for _, p := range parts {
		buf = append(buf, p...)
	}
	s.finish(buf)
}

// eventStart begins an event line in s's chunk, with room for n more
// bytes: its stamp, and the code of its stack and site (rt_point.go). ok
// is false for a line longer than a chunk, which is not written (it
// cannot occur: names, values and sites are short).
func (s *gstate) eventStart(global bool, n int, site string) (buf []byte, ok bool) {
	s.threadLine()
	return s.eventAt(global, n, s.code(site))
}

// threadLine writes the goroutine's "# thread NAME" line before its
// first event (s.mu held).
func (s *gstate) threadLine() {
	if s.n == 0 {
		s.line("# thread " + s.name) // final now: renames happen before the first event
	}
}

// eventAt is eventStart once the event's code is known.
func (s *gstate) eventAt(global bool, n int, code pcode) (buf []byte, ok bool) {
	n += maxSeq + len(code.text) + 3
	k := s.stamp(global)
	s.room(n)
	buf = s.buf
	if n > cap(buf)-len(buf) {
		s.sub = subMax // a stamp the log does not have: the next line takes a global one
		return nil, false
	}
	buf = append(s.appendStamp(buf, k), ' ')
	if code.text != "" {
		buf = append(append(buf, code.text...), ' ')
	}
	return buf, true
}

// evNumber logs `OP NAME VALUE` for the number of kind k at p: evMem
// without making a string of the value (the hot path of reads and
// writes), as a binary event where it can be one (rt_binary.go).
func (s *gstate) evNumber(site, op string, name vname, p unsafe.Pointer, k reflect.Kind) {
	s.threadLine()
	s.numberAt(s.code(site), op, name, p, k)
}

// numberAt is evNumber once the event's code is known (and its thread
// line written).
func (s *gstate) numberAt(code pcode, op string, name vname, p unsafe.Pointer, k reflect.Kind) {
	if s.binNumber(code, op, name, p, k) {
		return
	}
	buf, ok := s.eventAt(false, len(op)+len(name.s)+maxNumber+1, code)
	if !ok {
		return
	}
	buf = append(buf, op...)
	buf = append(buf, name.s...)
	buf = append(buf, ' ')
	buf = appendNumber(buf, p, k)
	s.finish(buf)
}

// finish ends an event line in buf (s.buf with the line appended): the
// newline; it makes it s.buf and notes the event.
func (s *gstate) finish(buf []byte) {
	buf = append(buf, '\n')
	s.buf = buf
	s.ck.setUsed(len(buf))
	s.n++
	if s.n == 1 && s.after != nil {
		s.first() // after s.buf holds the event: it appends lines
	}
}

// nextID is the id the next event of s will get.
func (s *gstate) nextID() string { return s.name + ":" + strconv.Itoa(s.n+1) }

// last is lastID, taking s.mu.
func (s *gstate) last() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := s.events()
	if n == 0 {
		return ""
	}
	return s.name + ":" + strconv.Itoa(n) // renames are under mu, before the first event
}

// events is the number of events s logged, read by any goroutine: the
// goroutine counts them without a lock (rt_foreign.go), and a word read
// while it writes sees an old count or the new one, both of which were
// true (a lower bound is all that the readers need: settle, last). The
// race detector, for a program recorded under -race, is told so.
//
//go:norace
func (s *gstate) events() int { return s.n }

// lastID is the id of the last event of s, "" if none.
func (s *gstate) lastID() string {
	if s.n == 0 {
		return ""
	}
	return s.name + ":" + strconv.Itoa(s.n)
}

// flushLocked puts s's chunk into the log file (s.mu held): needed only
// where chunks are buffers (off Linux); a mapped chunk is in the file
// already.
func (s *gstate) flushLocked() {
	if s.ck != nil {
		rec.log.write(s.ck)
	}
}

// withState runs f with the calling goroutine's state, as its writer.
func withState(f func(s *gstate)) {
	if !on() {
		return
	}
	s := cur()
	s.lock()
	f(s)
	s.unlock()
}

// lock makes the calling goroutine the writer of its own log s: no lock
// at all where chunks are the file's mapping (rt_foreign.go), mu where
// they are buffers.
func (s *gstate) lock() {
	if !canMap || s.buffered {
		s.mu.Lock()
		s.locked = true
	}
}

// lockMu takes mu to write s's log: the goroutine itself where it
// renames itself or ends, or another goroutine writing into a log whose
// goroutine has ended or waits (rt_foreign.go).
func (s *gstate) lockMu() {
	s.mu.Lock()
	s.locked = true
}

// unlock ends what lock or lockMu began.
func (s *gstate) unlock() {
	if s.locked {
		s.unlockMu()
	}
}

// unlockMu releases mu; not inlined, so that unlock is.
//
//go:noinline
func (s *gstate) unlockMu() {
	s.locked = false
	s.mu.Unlock()
}

// Flush puts every goroutine's chunk into the log file. The instrumented
// program calls it at exit and when a goroutine panics; where chunks are
// mapped (Linux) they are in the file already and this does nothing. It
// touches only buffered chunks, which their goroutines write under mu: a
// mapped one is written without a lock.
func Flush() {
	if !on() {
		return
	}
	rec.states.each(func(_ int64, s *gstate) {
		s.mu.Lock()
		if !canMap || s.buffered {
			s.flushLocked()
		}
		s.mu.Unlock()
	})
}

// Exit replaces os.Exit in instrumented code: it lets the goroutines
// still running go on for a while (rt_settle.go), flushes, then exits.
func Exit(code int) {
	settle()
	endReturnedTests() // rt_locks.go
	Flush()
	os.Exit(code)
}
