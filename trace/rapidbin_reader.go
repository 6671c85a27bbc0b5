package trace

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// RapidBin layout (docs/trace-format.md, RapidBin): a big-endian header,
// then one big-endian int64 per event.
const (
	rbHeaderSize = 2 + 4 + 4 + 8 // int16 threads, int32 locks, int32 vars, int64 events
	rbRecordSize = 8
)

// RapidBin op codes.
const (
	rbAcquire = iota
	rbRelease
	rbRead
	rbWrite
	rbFork
	rbJoin
	rbBegin
	rbEnd
	rbRequest
	rbBranch
	rbNumOps
)

var rbOps = [rbNumOps]Op{
	rbAcquire: OpAcquire, rbRelease: OpRelease, rbRead: OpRead, rbWrite: OpWrite,
	rbFork: OpFork, rbJoin: OpJoin, rbBranch: OpBranch,
}

// rbHeader is the header of a RapidBin file.
type rbHeader struct {
	threads     int16
	locks, vars int32
	events      int64
}

// ReadRapidBin reads a RapidBin file into b. Names are those of RAPID's STD
// output for the same recording, so a .data file and its .std twin give the
// same trace: thread n is "Tn", lock n "Ln", variable n "Vn", location n
// "n". `req`, `begin` and `end` records are skipped (docs/trace-format.md,
// RapidBin).
func ReadRapidBin(b *Builder, name string, r io.Reader) error {
	b.AddFile(name)
	br := bufio.NewReaderSize(r, 64<<10)
	at := func(off int64) Pos { return Pos{File: name, Offset: off, Binary: true} }

	var raw [rbHeaderSize]byte
	if n, err := io.ReadFull(br, raw[:]); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return errorf(at(int64(n)), "header cut off after %d of %d bytes; want int16 threads, int32 locks, int32 vars, int64 events (big-endian)", n, rbHeaderSize)
		}
		return fmt.Errorf("%s: %w", name, err)
	}
	h := rbHeader{
		threads: int16(binary.BigEndian.Uint16(raw[0:])),
		locks:   int32(binary.BigEndian.Uint32(raw[2:])),
		vars:    int32(binary.BigEndian.Uint32(raw[6:])),
		events:  int64(binary.BigEndian.Uint64(raw[10:])),
	}
	switch {
	case h.threads < 0:
		return errorf(at(0), "header: negative thread count %d; want a count of 0 or more", h.threads)
	case h.locks < 0:
		return errorf(at(2), "header: negative lock count %d; want a count of 0 or more", h.locks)
	case h.vars < 0:
		return errorf(at(6), "header: negative variable count %d; want a count of 0 or more", h.vars)
	case h.events < 0:
		return errorf(at(10), "header: negative event count %d; want a count of 0 or more", h.events)
	}

	rd := rbDecoder{b: b, h: h, vi: newValueInference(b)}
	defer rd.vi.done(b)
	off := int64(rbHeaderSize)
	var rec [rbRecordSize]byte
	for i := int64(0); i < h.events; i++ {
		n, err := io.ReadFull(br, rec[:])
		if err != nil {
			if errors.Is(err, io.ErrUnexpectedEOF) {
				return errorf(at(off), "record %d cut off after %d of %d bytes; want one int64 per event", i+1, n, rbRecordSize)
			}
			if errors.Is(err, io.EOF) {
				return errorf(at(off), "header announces %d events but the file ends after %d records", h.events, i)
			}
			return fmt.Errorf("%s: %w", name, err)
		}
		if err := rd.record(at(off), int64(binary.BigEndian.Uint64(rec[:]))); err != nil {
			return err
		}
		off += rbRecordSize
	}
	if _, err := br.Peek(1); err == nil {
		return errorf(at(off), "header announces %d events but the file goes on after record %d; want exactly %d records", h.events, h.events, h.events)
	} else if !errors.Is(err, io.EOF) {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// rbDecoder turns records into events.
type rbDecoder struct {
	b   *Builder
	h   rbHeader
	vi  *valueInference
	buf []byte
}

// name interns prefix+n ("T3", "L12", "V7", "42") without allocating for
// names already seen.
func (d *rbDecoder) name(prefix byte, n int64) Sym {
	d.buf = d.buf[:0]
	if prefix != 0 {
		d.buf = append(d.buf, prefix)
	}
	d.buf = strconv.AppendInt(d.buf, n, 10)
	return d.b.Syms().InternBytes(d.buf)
}

func (d *rbDecoder) record(pos Pos, x int64) error {
	if x < 0 {
		return errorf(pos, "record 0x%016x has bit 63 set; want thread bits 0-9, op bits 10-13, decor bits 14-47, loc bits 48-62", uint64(x))
	}
	thread := x & 0x3ff
	code := (x >> 10) & 0xf
	decor := (x >> 14) & (1<<34 - 1)
	loc := (x >> 48) & 0x7fff
	if code >= rbNumOps {
		return errorf(pos, "unknown op %d; want 0 acq, 1 rel, 2 r, 3 w, 4 fork, 5 join, 6 begin, 7 end, 8 req or 9 branch", code)
	}
	if thread >= int64(d.h.threads) {
		return errorf(pos, "thread %d out of range; the header declares %d threads, want ids below that", thread, d.h.threads)
	}
	switch code {
	case rbBegin, rbEnd, rbRequest:
		return nil // skipped: see docs/trace-format.md, RapidBin
	case rbAcquire, rbRelease:
		if decor >= int64(d.h.locks) {
			return errorf(pos, "lock %d out of range; the header declares %d locks, want ids below that", decor, d.h.locks)
		}
	case rbRead, rbWrite:
		if decor >= int64(d.h.vars) {
			return errorf(pos, "variable %d out of range; the header declares %d variables, want ids below that", decor, d.h.vars)
		}
	case rbFork, rbJoin:
		if decor >= int64(d.h.threads) {
			return errorf(pos, "thread %d out of range; the header declares %d threads, want ids below that", decor, d.h.threads)
		}
	}
	op := rbOps[code]
	tsym := d.name('T', thread)
	ev := Event{Op: op, Loc: d.name(0, loc)}
	switch op {
	case OpAcquire, OpRelease:
		ev.Obj = d.name('L', decor)
	case OpRead, OpWrite:
		ev.Obj = d.name('V', decor)
	case OpFork, OpJoin:
		ev.Obj = d.name('T', decor)
	}
	switch op {
	case OpWrite:
		ev.Val = d.vi.write(d.b, tsym, ev.Obj, d.b.nextIndex(tsym))
	case OpRead:
		ev.Val = d.vi.read(d.b, ev.Obj)
	}
	return d.b.Event(pos, tsym, ev)
}
