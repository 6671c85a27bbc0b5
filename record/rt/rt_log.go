package rt

import (
	"encoding/binary"
	"os"
	"sync"
	"sync/atomic"
)

// The raw log. Each process writes one file, raw-PID.log, made of a
// header page and chunks of chunkSize bytes. A chunk belongs to one
// goroutine (its writer) and holds lines "SEQ TEXT\n" in the order that
// goroutine logged them; SEQ, global to the process, orders the lines of
// all chunks (package record merges them). An event's TEXT starts with the
// code of its stack and site, "$7 read x 1"; the chunks of writer 0, the
// dictionary, hold one line "$7 SUFFIX" per code (rt_point.go). A chunk's
// header says whose it is, which of its writer's chunks it is, and how
// many bytes of lines it holds — updated after each complete line.
//
// On Linux the chunks are a shared mapping of the file: a line is in the
// file (the kernel's page cache) as soon as it is written, so nothing is
// lost when the process dies — a panic, a fatal runtime error such as a
// deadlock or "concurrent map writes", a test time-out, SIGKILL. A
// goroutine keeps one mapped chunk for all its lines: when it is full,
// its lines are copied to a chunk of their own further in the file with
// pwrite, the header last (reuse), and the mapped chunk starts the
// writer's next chunk. Each new page of a mapping costs a page fault
// (the kernel allocates, zeroes and maps a page of the file's cache,
// then makes it writable: about 4 µs a page on ext4, a fifth of the
// recorded time of bench/recorder), a copy none; the mapped pages stay
// resident and writable. A copy whose header is written is whole; a
// process that dies between the copy and the reuse leaves the chunk
// twice, both whole, and the collector keeps one (record/raw.go). The
// mapped chunk of a goroutine that ends, its last chunk, stays where it
// is and is dropped from the process's memory (MADV_DONTNEED: the kernel
// keeps its pages in the file), so memory stays bounded by the goroutines
// that are running. Elsewhere chunks are
// buffers written to the file at their place when full, when their
// goroutine ends, and at Flush; what a crash leaves unwritten is lost.
//
// Header page: the magic line, then the chunk size (uint64, little
// endian) at offset 16. Chunk header (32 bytes): "GPCH", the bytes of
// lines (uint32), the writer (uint64), the writer's chunk number from 0
// (uint64), 8 bytes reserved. package record reads this format
// (record/raw.go); the two must agree.
const (
	rawMagic    = "gpredict-raw v2\n"
	headerSize  = 4096
	chunkSize   = 32 << 10
	chunkHeader = 32
	chunkMagic  = "GPCH"
	segChunks   = 512 // chunks per mapped segment (16 MiB)
)

// logFile is the process's raw log.
type logFile struct {
	f      *os.File
	mapped bool
	next   atomic.Uint64 // chunks allocated
	segMu  sync.Mutex
	segs   [][]byte // mapped segments (mapped only), under segMu
	writer atomic.Uint64
}

// chunk is a goroutine's current chunk: mem is its header and data, at
// offset off of the file; mapped says whether mem is the file's mapping
// or a buffer to write there.
type chunk struct {
	mem    []byte
	used4  *[4]byte // mem[4:8], the bytes of lines (setUsed)
	off    int64
	mapped bool
}

func openLog(name string) (*logFile, error) {
	f, err := os.OpenFile(name, os.O_CREATE|os.O_RDWR|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, err
	}
	var hdr [headerSize]byte
	copy(hdr[:], rawMagic)
	binary.LittleEndian.PutUint64(hdr[16:], chunkSize)
	if _, err := f.WriteAt(hdr[:], 0); err != nil {
		f.Close()
		return nil, err
	}
	return &logFile{f: f, mapped: canMap}, nil
}

// newChunk allocates the next chunk for writer w, its k-th.
func (l *logFile) newChunk(w, k uint64) *chunk {
	i := countUp(&l.next) - 1
	off := int64(headerSize) + int64(i)*chunkSize
	c := &chunk{off: off}
	if l.mapped {
		c.mem = l.mappedChunk(i)
		c.mapped = c.mem != nil
	}
	if c.mem == nil {
		c.mem = make([]byte, chunkSize)
	}
	c.used4 = (*[4]byte)(c.mem[4:8])
	copy(c.mem, chunkMagic)
	binary.LittleEndian.PutUint64(c.mem[8:], w)
	binary.LittleEndian.PutUint64(c.mem[16:], k)
	return c
}

// mappedChunk returns chunk i of the shared mapping, mapping its segment
// first if needed; nil if the mapping fails (the chunk is then written
// as a buffer, like all chunks off Linux).
func (l *logFile) mappedChunk(i uint64) []byte {
	seg := int(i / segChunks)
	l.segMu.Lock()
	defer l.segMu.Unlock()
	for len(l.segs) <= seg {
		l.segs = append(l.segs, nil)
	}
	if l.segs[seg] == nil {
		off := int64(headerSize) + int64(seg)*segChunks*chunkSize
		mem, err := mapFile(l.f, off, segChunks*chunkSize)
		if err != nil {
			return nil
		}
		l.segs[seg] = mem
	}
	// The file must reach the chunk's end (a page of the mapping past the
	// end of the file is no memory): a byte written at its end extends the
	// file and, unlike a truncation, never shortens it (other goroutines
	// copy chunks out past it, reuse).
	end := int64(headerSize) + int64(i+1)*chunkSize
	if _, err := l.f.WriteAt([]byte{0}, end-1); err != nil {
		return nil
	}
	at := int(i%segChunks) * chunkSize
	return l.segs[seg][at : at+chunkSize : at+chunkSize]
}

// used is the number of bytes of lines in c.
func (c *chunk) used() int { return int(binary.LittleEndian.Uint32(c.mem[4:])) }

// setUsed records that c holds n bytes of lines.
func (c *chunk) setUsed(n int) { binary.LittleEndian.PutUint32(c.used4[:], uint32(n)) }

// write puts a buffered chunk into the file (a mapped one is there); a
// goroutine's chunk after the dictionary's new lines (flushDict).
func (l *logFile) write(c *chunk) {
	if !c.mapped {
		if binary.LittleEndian.Uint64(c.mem[8:]) != dictWriter {
			flushDict()
		}
		l.f.WriteAt(c.mem[:chunkHeader+c.used()], c.off)
	}
}

// reuse copies the lines of the mapped chunk c, full, out to a chunk of
// their own, and makes c the writer's k-th chunk, empty; false if the
// copy failed (c is left as it was, the place of its lines). The copy's
// lines are written before its header, so a copy with a header is whole;
// c's count of bytes is cleared before its number changes, so a process
// that dies between leaves chunk k-1 whole in the copy and, in c, whole
// or empty.
func (l *logFile) reuse(c *chunk, k uint64) bool {
	i := countUp(&l.next) - 1
	off := int64(headerSize) + int64(i)*chunkSize
	if _, err := l.f.WriteAt(c.mem[chunkHeader:chunkHeader+c.used()], off+chunkHeader); err != nil {
		return false
	}
	if _, err := l.f.WriteAt(c.mem[:chunkHeader], off); err != nil {
		return false
	}
	c.setUsed(0)
	binary.LittleEndian.PutUint64(c.mem[16:], k)
	return true
}

// done is called when c's writer moves on or ends: a buffered chunk is
// written, a mapped one leaves the process's memory.
func (l *logFile) done(c *chunk) {
	if c.mapped {
		releasePages(c.mem)
		return
	}
	l.write(c)
}
