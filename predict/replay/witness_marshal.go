package replay

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	"gpredict/trace"
)

// Witnesses kept out of memory. A run over a generated recording of a
// million events finds about a million violations, and their witnesses,
// some six hundred steps each past the shared prefix, took more memory
// than everything else the run keeps; the engine writes them to a file
// as they are found (predict's witness store) and reads each back when
// its report is written. Marshal writes what a witness keeps of its own
// (its steps past the shared head, as Compact chose to keep them);
// Unmarshal rebuilds it over the same head. The tallies are not written:
// Unmarshal recomputes them, as Compact did.

// The kinds of own steps, as Compact chooses them.
const (
	kindNarrow = iota
	kindWide
	kindRuns
)

// Marshal appends w's own steps to buf. head is the witness that w's
// shared prefix must be, if it has one; ok is false when w has a head
// other than head (it cannot be rebuilt from the bytes alone).
func (w *Witness) Marshal(buf []byte, head *Witness) (out []byte, ok bool) {
	if w.head != nil && w.head != head {
		return buf, false
	}
	hasHead := uint64(0)
	if w.head != nil {
		hasHead = 1
	}
	buf = binary.AppendUvarint(buf, hasHead)
	buf = binary.AppendUvarint(buf, uint64(w.headLen))
	switch {
	case w.runs != nil:
		buf = binary.AppendUvarint(buf, kindRuns)
		buf = binary.AppendUvarint(buf, uint64(len(w.runs)))
		for _, r := range w.runs {
			buf = binary.AppendUvarint(buf, uint64(r.thread))
			buf = binary.AppendUvarint(buf, uint64(r.end))
		}
	case w.wide != nil:
		buf = binary.AppendUvarint(buf, kindWide)
		buf = binary.AppendUvarint(buf, uint64(len(w.wide)))
		for _, t := range w.wide {
			buf = binary.AppendUvarint(buf, uint64(t))
		}
	default:
		buf = binary.AppendUvarint(buf, kindNarrow)
		buf = binary.AppendUvarint(buf, uint64(len(w.narrow)))
		buf = append(buf, w.narrow...)
	}
	pos := make([]int, 0, len(w.commits))
	for p := range w.commits {
		pos = append(pos, p)
	}
	slices.Sort(pos) // the same witness, the same bytes
	buf = binary.AppendUvarint(buf, uint64(len(pos)))
	for _, p := range pos {
		r := w.commits[p]
		buf = binary.AppendUvarint(buf, uint64(p))
		buf = binary.AppendUvarint(buf, uint64(r.Thread))
		buf = binary.AppendUvarint(buf, uint64(r.Index))
	}
	pos = pos[:0]
	for p := range w.others {
		pos = append(pos, p)
	}
	slices.Sort(pos)
	buf = binary.AppendUvarint(buf, uint64(len(pos)))
	for _, p := range pos {
		buf = binary.AppendUvarint(buf, uint64(p))
		buf = binary.AppendUvarint(buf, uint64(w.others[p]))
	}
	return buf, true
}

// errWitnessBytes is what Unmarshal says of bytes that Marshal did not
// write for this trace.
var errWitnessBytes = errors.New("not a witness of this trace")

// Unmarshal rebuilds a witness of tr that Marshal wrote into data, over
// head if it had one. It checks what it reads against tr (threads,
// positions), so that bad bytes give an error rather than a witness that
// fails later.
func Unmarshal(tr *trace.Trace, head *Witness, data []byte) (Witness, error) {
	d := decoder{data: data}
	var w Witness
	hasHead := d.next(1)
	w.headLen = d.nextInt()
	if hasHead == 1 {
		if head == nil || w.headLen > head.Len() {
			return Witness{}, fmt.Errorf("witness: %w (its shared prefix is missing)", errWitnessBytes)
		}
		w.head = head
	} else if w.headLen != 0 {
		d.err = errWitnessBytes
	}
	threads := uint64(len(tr.Threads))
	if threads == 0 {
		d.err = errWitnessBytes // no thread, no step
	}
	kind := d.next(kindRuns)
	n := d.nextInt()
	if d.err == nil && n > len(d.data) { // every element takes a byte at least
		d.err = errWitnessBytes
	}
	switch {
	case d.err != nil:
	case kind == kindRuns:
		w.runs = make([]threadRun, n)
		end := uint64(0)
		for i := range w.runs {
			t := d.next(threads - 1)
			e := d.next(1<<32 - 1)
			if e <= end {
				d.err = errWitnessBytes // a run has a step at least
			}
			w.runs[i], end = threadRun{thread: uint32(t), end: uint32(e)}, e
		}
	case kind == kindWide:
		w.wide = make([]uint32, n)
		for i := range w.wide {
			w.wide[i] = uint32(d.next(threads - 1))
		}
	default:
		w.narrow = d.bytes(n)
		for _, t := range w.narrow {
			if uint64(t) >= threads {
				d.err = errWitnessBytes
			}
		}
	}
	// No witness of tr has more own steps than tr has steps: three for a
	// wait, two for a write and its commit, one for any other event.
	own := w.own()
	if d.err == nil && own > 4*tr.NumEvents() {
		d.err = errWitnessBytes
	}
	if commits := d.nextInt(); d.err == nil && commits > 0 {
		w.commits = make(map[int]trace.EventRef, min(commits, own))
		for range commits {
			p := d.nextInt()
			t := trace.ThreadID(d.next(threads - 1))
			k := d.next(1<<32 - 1)
			if d.err != nil {
				break
			}
			if p >= own || int(k) >= len(tr.Threads[t].Events) {
				d.err = errWitnessBytes
				break
			}
			w.commits[p] = trace.EventRef{Thread: t, Index: uint32(k)}
		}
	}
	if others := d.nextInt(); d.err == nil && others > 0 {
		w.others = make(map[int]Part, min(others, own))
		for range others {
			p := d.nextInt()
			part := Part(d.next(255))
			if d.err != nil {
				break
			}
			if p >= own || !part.Other() {
				d.err = errWitnessBytes
				break
			}
			w.others[p] = part
		}
	}
	if d.err == nil && len(d.data) > 0 {
		d.err = errWitnessBytes // bytes left over
	}
	if d.err != nil {
		return Witness{}, fmt.Errorf("witness: %w", d.err)
	}
	w.tally(len(tr.Threads), ownChunk(len(tr.Threads)))
	return w, nil
}

// decoder reads uvarints from data; the first error sticks, and every
// read after it gives 0.
type decoder struct {
	data []byte
	err  error
}

// next reads a uvarint no greater than max.
func (d *decoder) next(max uint64) uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.data)
	if n <= 0 || v > max {
		d.err = errWitnessBytes
		return 0
	}
	d.data = d.data[n:]
	return v
}

// nextInt reads a count or a position (below 2^31).
func (d *decoder) nextInt() int { return int(d.next(1<<31 - 1)) }

// bytes reads n raw bytes (a copy: data is the caller's buffer).
func (d *decoder) bytes(n int) []uint8 {
	if d.err != nil || n > len(d.data) {
		d.err = errWitnessBytes
		return nil
	}
	out := slices.Clone(d.data[:n])
	if out == nil {
		out = []uint8{}
	}
	d.data = d.data[n:]
	return out
}
