package trace

import "strconv"

// valueInference gives values to the accesses of value-less formats (STD,
// RapidBin) as docs/trace-format.md says: every write gets a value of its
// own, and a read gets the value of the last write to the same variable
// earlier in the file (or the initial value), so that "reads the same
// value" means "reads from the same write".
//
// The value of a write is its own event id with ':' for '#' ("T3:17" for
// the write T3#17): unique, stable between an STD file and its RapidBin
// twin, readable in reports, and a valid text-format token ('#' would start
// a comment).
type valueInference struct {
	last map[Sym]Sym // variable → value of its last write so far
	buf  []byte
}

// newValueInference starts inferring the values of one file read into b;
// done must be called when the file is read.
func newValueInference(b *Builder) *valueInference {
	b.inferring = true
	return &valueInference{last: map[Sym]Sym{}}
}

// done ends the file whose values were inferred.
func (vi *valueInference) done(b *Builder) { b.inferring = false }

// write returns the value of a write to v that will be event number index
// (0-based) of thread, and records it as v's latest value.
func (vi *valueInference) write(b *Builder, thread, v Sym, index int) Sym {
	vi.buf = append(vi.buf[:0], b.tr.Str(thread)...)
	vi.buf = append(vi.buf, ':')
	vi.buf = strconv.AppendInt(vi.buf, int64(index)+1, 10)
	val := b.Syms().InternBytes(vi.buf)
	vi.last[v] = val
	return val
}

// read returns the value a read of v sees at this point of the file.
func (vi *valueInference) read(b *Builder, v Sym) Sym {
	if val, ok := vi.last[v]; ok {
		return val
	}
	return b.tr.InitValue(v)
}

// nextIndex is the 0-based position the next event of thread will have.
func (b *Builder) nextIndex(thread Sym) int {
	return len(b.tr.Threads[b.thread(thread)].Events)
}
