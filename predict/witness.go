package predict

import (
	"fmt"
	"math"
	"os"
	"sync"

	"gpredict/internal/tempfile"
	"gpredict/predict/replay"
	"gpredict/trace"
)

// Witness is a violation's witness: kept in memory, or in its run's
// witness file (witnessStore), from which Load reads it back. The zero
// Witness is none (Options.NoWitnesses, or a violation that is not
// reported).
type Witness struct {
	mem   *replay.Witness
	store *witnessStore
	off   int64
	size  int
}

// KeepWitness keeps w in memory.
func KeepWitness(w replay.Witness) Witness { return Witness{mem: &w} }

// Kept reports whether there is a witness.
func (w Witness) Kept() bool { return w.mem != nil || w.store != nil }

// Load returns the witness (the zero replay.Witness, of no step, when
// none is kept). A witness kept in the run's file is read back, which
// fails only if the file cannot be read.
func (w Witness) Load() (replay.Witness, error) {
	switch {
	case w.mem != nil:
		return *w.mem, nil
	case w.store != nil:
		return w.store.load(w.off, w.size)
	}
	return replay.Witness{}, nil
}

// witnessStore keeps the witnesses of one run in a temporary file: on a
// generated recording of a million events a run finds about a million
// violations, and their witnesses, some six hundred steps each past the
// base order they share, were the largest part of what the run kept
// (docs/engine.md, Limits). Each is written once, when it is found, and
// read back when its report is written. The file is made only once the
// witnesses kept in memory pass inMemory bytes, so that the many small
// runs (a test suite's, a sweep's) hold no file open, and it is removed
// as soon as it is made (it lives on while open, and goes with the
// process); where it cannot be made or written, witnesses stay in
// memory, as before.
type witnessStore struct {
	tr       *trace.Trace
	head     *replay.Witness // the shared base order (nil: none)
	inMemory int64           // bytes kept in memory before the file is made
	mu       sync.Mutex
	held     int64    // bytes kept in memory so far
	tried    bool     // the file was made, or could not be
	f        *os.File // nil: keep in memory
	full     bool     // a write failed: keep the later ones in memory
	end      int64
	buf      []byte
	// mem holds the witnesses kept in memory, by the index their
	// witnessRef gives (dropped ones are zero).
	mem []replay.Witness
}

// witnessRef is a kept witness as its job holds it, in twelve bytes
// and no pointer: none (size 0), size bytes at off in the run's file
// (size > 0), or the store's in-memory witness mem[off] (size < 0). The
// offset is two halves, so that a job holding one needs no eight-byte
// alignment (TestKeptPerCandidateIsSmall).
type witnessRef struct {
	lo, hi uint32
	size   int32
}

func refAt(off int64, size int32) witnessRef {
	return witnessRef{lo: uint32(off), hi: uint32(uint64(off) >> 32), size: size}
}

func (h witnessRef) off() int64 { return int64(uint64(h.hi)<<32 | uint64(h.lo)) }

// witnessesInMemory is how many bytes of witnesses (as the file would
// hold them) a run keeps in memory before it makes its witness file:
// 4 MiB, some 7,000 witnesses of the 1M-event member (about 600 bytes
// each), far more than a small run has. In memory a witness takes about
// twice its bytes with its header: at 16 MiB the witnesses kept in
// memory were 34 MB of the 1M member's heap for the whole run.
const witnessesInMemory = 4 << 20

// newWitnessStore makes the store of a run over tr whose witnesses may
// share head (nil: none does), keeping inMemory bytes of them in memory
// before it makes its file (0: witnessesInMemory; < 0: none).
func newWitnessStore(tr *trace.Trace, head *replay.Witness, inMemory int64) *witnessStore {
	if inMemory == 0 {
		inMemory = witnessesInMemory
	}
	return &witnessStore{tr: tr, head: head, inMemory: inMemory}
}

// open makes the file, once.
func (s *witnessStore) open() {
	s.tried = true
	f, err := tempfile.Unlinked("gpredict-witnesses-*")
	if err != nil {
		// No file, or one that could not be unlinked (Windows): keep
		// the witnesses in memory rather than leave a file behind.
		return
	}
	s.f = f
}

// keep stores w and returns where.
func (s *witnessStore) keep(w replay.Witness) witnessRef {
	s.mu.Lock()
	defer s.mu.Unlock()
	buf, ok := w.Marshal(s.buf[:0], s.head)
	if !ok || len(buf) > math.MaxInt32 {
		return s.inMem(w) // a head of its own: not for the file
	}
	s.buf = buf
	if !s.tried && s.held+int64(len(buf)) > s.inMemory {
		s.open()
	}
	if s.f == nil || s.full {
		s.held += int64(len(buf)) // about what it takes in memory
		return s.inMem(w)
	}
	if _, err := s.f.WriteAt(buf, s.end); err != nil {
		// A full disk: this witness and the later ones stay in memory
		// (those written before it are read back as usual).
		s.full = true
		return s.inMem(w)
	}
	h := refAt(s.end, int32(len(buf)))
	s.end += int64(len(buf))
	return h
}

// inMem keeps w in memory (s.mu held).
func (s *witnessStore) inMem(w replay.Witness) witnessRef {
	s.mem = append(s.mem, w)
	return refAt(int64(len(s.mem)-1), -1)
}

// drop forgets the witness of h: one kept in memory is let go (one in
// the file stays there, unread).
func (s *witnessStore) drop(h witnessRef) {
	if s == nil || h.size >= 0 {
		return
	}
	s.mu.Lock()
	s.mem[h.off()] = replay.Witness{}
	s.mu.Unlock()
}

// handle is the Witness of h, once the workers are done.
func (s *witnessStore) handle(h witnessRef) Witness {
	switch {
	case h.size > 0:
		return Witness{store: s, off: h.off(), size: int(h.size)}
	case h.size < 0:
		return Witness{mem: &s.mem[h.off()]}
	}
	return Witness{}
}

// load reads back the witness written at off.
func (s *witnessStore) load(off int64, size int) (replay.Witness, error) {
	buf := make([]byte, size)
	if _, err := s.f.ReadAt(buf, off); err != nil { // ReadAt may run beside writes
		return replay.Witness{}, fmt.Errorf("reading back a witness: %w", err)
	}
	return replay.Unmarshal(s.tr, s.head, buf)
}
