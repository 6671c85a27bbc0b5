package record

import (
	"bufio"
	"container/heap"
	"encoding/binary"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// The raw log of one process (record/rt/rt_log.go writes it; the two must
// agree): a header page — the magic line, then the chunk size (uint64,
// little endian) at offset 16 — and chunks of that size. A chunk's header
// (32 bytes) is "GPCH", the bytes of lines it holds (uint32), its writer
// (a goroutine, uint64) and the writer's chunk number from 0 (uint64); its
// lines are "SEQ TEXT\n". A chunk without the magic was allocated and
// never written. A writer's chunk may be in the file twice: record/rt
// copies a full chunk out of the one it keeps mapped and then starts its
// next chunk there, and a process that dies between the two leaves the
// copy and the original, whose lines are the copy's or none (emptied
// first); the one with more lines is kept (sameChunk).
//
// Lines are shorter than the trace's: SEQ is a number for the lines of
// synchronisation (a global stamp, "=N" for N<<20 or N itself) and "+K"
// for the others, the K-th line of the writer since its last global stamp
// (parseStamp); an event line leaves out its thread, which the writer's
// last "# thread NAME" line gives, starts with the code of its stack and
// site ("$7 r x 1"), which the dictionary — the lines "$7 SUFFIX" of writer
// 0, read first — turns back into its end (" stack=s2 @x.go:4"), and
// spells reads and writes "r" and "w" (shortOps); and the reads and writes
// of integers and booleans are binary records of a few bytes, without a
// stamp or a newline, whose variables are numbers that the dictionary's
// lines "%3 NAME" define (rawbin.go). The cursor puts all of it
// back. A note "# releases-for …" of a goroutine that unlocked a mutex
// another held is no line of the trace: the merge writes the release it
// announces, unless the holder's log has it (foreign.go). What the Java agent (record/java) writes is the same format without
// these abbreviations, which are optional: the format keeps its version.
const (
	rawMagic    = "gpredict-raw v2\n"
	rawHeader   = 4096
	chunkHeader = 32
)

// rawChunk is where the lines of one chunk are.
type rawChunk struct {
	number uint64
	off    int64 // of its lines
	used   int64
	index  int64 // the chunk's place in the file, for messages
	cut    bool  // cut off by the end of the file: its last line may be partial
}

// rawLog is a raw log read for merging: its chunks by writer, in each
// writer's order.
type rawLog struct {
	name    string
	r       io.ReaderAt
	writers [][]rawChunk
	ids     []uint64          // the writers' numbers
	dict    map[uint64]string // code ("$7" is 7) → the end of the lines that carry it
	names   []string          // the variables that binary events name: "%K NAME" is names[K-1]
}

// dictWriter is the writer whose chunks are the dictionary (rt_point.go).
const dictWriter = 0

// openRaw reads the header and the chunk headers of a raw log of size
// bytes. A header that is not the recorder's is an error naming the
// file; a chunk cut off by the end of the file (the program died while
// writing it, where chunks are buffers) or a writer missing one of its
// chunks ends that writer's lines there, with a warning.
func openRaw(name string, r io.ReaderAt, size int64) (*rawLog, []Warning, error) {
	var hdr [24]byte
	if n, _ := r.ReadAt(hdr[:], 0); n < len(hdr) || string(hdr[:16]) != rawMagic {
		return nil, nil, fmt.Errorf("%s: not a raw log of gpredict record (want one starting %q)", name, strings.TrimSpace(rawMagic))
	}
	cs := int64(binary.LittleEndian.Uint64(hdr[16:]))
	if cs <= chunkHeader || cs > 1<<30 {
		return nil, nil, fmt.Errorf("%s: chunk size %d in the header; want one between %d and 1 GiB", name, cs, chunkHeader+1)
	}
	byWriter := map[uint64][]rawChunk{}
	var warns []Warning
	for i := int64(0); rawHeader+i*cs+chunkHeader <= size; i++ {
		off := rawHeader + i*cs
		var ch [chunkHeader]byte
		if _, err := r.ReadAt(ch[:], off); err != nil {
			return nil, nil, fmt.Errorf("%s: chunk %d: %v", name, i, err)
		}
		if string(ch[:4]) != "GPCH" {
			continue // allocated, never written
		}
		used := int64(binary.LittleEndian.Uint32(ch[4:]))
		if used > cs-chunkHeader {
			return nil, nil, fmt.Errorf("%s: chunk %d (offset %d) says it holds %d bytes of lines; a chunk holds at most %d", name, i, off, used, cs-chunkHeader)
		}
		if avail := size - off - chunkHeader; used > avail {
			warns = append(warns, Warning{fmt.Sprintf("%s: chunk %d is cut off by the end of the file (the program died while writing it); its lines stop at byte %d", name, i, avail)})
			used = avail
		}
		w := binary.LittleEndian.Uint64(ch[8:])
		byWriter[w] = append(byWriter[w], rawChunk{number: binary.LittleEndian.Uint64(ch[16:]), off: off + chunkHeader, used: used, index: i, cut: used < int64(binary.LittleEndian.Uint32(ch[4:]))})
	}
	l := &rawLog{name: name, r: r, dict: map[uint64]string{}}
	ids := make([]uint64, 0, len(byWriter))
	for w := range byWriter {
		if w != dictWriter {
			ids = append(ids, w)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	for _, w := range append([]uint64{dictWriter}, ids...) { // in order: the first error is always the same
		cs := byWriter[w]
		sort.Slice(cs, func(i, j int) bool { return cs[i].number < cs[j].number })
		for k := 1; k < len(cs); k++ {
			if cs[k].number != cs[k-1].number {
				continue
			}
			keep, err := sameChunk(r, cs[k-1], cs[k])
			if err != nil {
				return nil, nil, fmt.Errorf("%s: %v", name, err)
			}
			if keep == nil {
				return nil, nil, fmt.Errorf("%s: chunks %d and %d are both chunk %d of writer %d", name, cs[k-1].index, cs[k].index, cs[k].number, w)
			}
			cs[k-1] = *keep
			cs = append(cs[:k], cs[k+1:]...)
			k--
		}
		byWriter[w] = cs
	}
	for _, w := range ids {
		cs := byWriter[w]
		for k := range cs {
			if cs[k].number != uint64(k) {
				warns = append(warns, Warning{fmt.Sprintf("%s: writer %d lacks its chunk %d (lost when the program died); its lines stop there", name, w, k)})
				cs = cs[:k]
				break
			}
		}
		l.writers = append(l.writers, cs)
		l.ids = append(l.ids, w)
	}
	dw, err := l.readDict(byWriter[dictWriter])
	return l, append(warns, dw...), err
}

// sameChunk returns which of a and b, two chunks of one writer with one
// number, to keep: the one with more lines when the other's lines are
// its first ones (a chunk copied out and the original, emptied or not:
// rt_log.go's reuse); nil when they differ.
func sameChunk(r io.ReaderAt, a, b rawChunk) (*rawChunk, error) {
	if a.used < b.used {
		a, b = b, a
	}
	pa, pb := make([]byte, b.used), make([]byte, b.used)
	if _, err := r.ReadAt(pa, a.off); err != nil {
		return nil, fmt.Errorf("chunk %d: %v", a.index, err)
	}
	if _, err := r.ReadAt(pb, b.off); err != nil {
		return nil, fmt.Errorf("chunk %d: %v", b.index, err)
	}
	if string(pa) != string(pb) {
		return nil, nil
	}
	return &a, nil
}

// readDict reads the dictionary's chunks: lines "$K SUFFIX" into l.dict
// and "%K NAME" into l.names (numbered from 1, in order). Its size is the
// program's distinct (stack, site) pairs and variables, not the log's.
func (l *rawLog) readDict(chunks []rawChunk) ([]Warning, error) {
	sort.Slice(chunks, func(i, j int) bool { return chunks[i].number < chunks[j].number })
	for k, ch := range chunks {
		if ch.number != uint64(k) {
			return []Warning{{fmt.Sprintf("%s: the dictionary (writer %d) lacks its chunk %d (lost when the program died); the events that use its codes are errors", l.name, dictWriter, k)}}, nil
		}
		buf := make([]byte, ch.used)
		if _, err := l.r.ReadAt(buf, ch.off); err != nil && err != io.EOF {
			return nil, fmt.Errorf("%s: chunk %d: %v", l.name, ch.index, err)
		}
		for text := string(buf); text != ""; {
			line, rest, complete := strings.Cut(text, "\n")
			text = rest
			if !complete {
				if ch.cut {
					break // the partial line the cut left (warned about)
				}
				return nil, fmt.Errorf("%s: chunk %d: its last line has no end: %q", l.name, ch.index, line)
			}
			if err := l.dictEntry(line); err != nil {
				return nil, fmt.Errorf("%s: chunk %d: %v", l.name, ch.index, err)
			}
		}
	}
	return nil, nil
}

// dictEntry reads one line of the dictionary.
func (l *rawLog) dictEntry(line string) error {
	key, value, ok := strings.Cut(line, " ")
	var n uint64
	var err error
	if len(key) >= 2 {
		n, err = strconv.ParseUint(key[1:], 10, 64)
	}
	switch {
	case !ok || len(key) < 2 || err != nil || n == 0:
	case key[0] == '$':
		l.dict[n] = " " + value
		return nil
	case key[0] == '%' && value != "":
		if n != uint64(len(l.names))+1 {
			return fmt.Errorf("name %%%d after %d names (they are numbered in order): %q", n, len(l.names), line)
		}
		l.names = append(l.names, value)
		return nil
	}
	return fmt.Errorf("not a line of the recorder's dictionary (want $CODE SUFFIX or %%NUMBER NAME): %q", line)
}

// suffix returns the end of the lines of the code text ("$7").
func (l *rawLog) suffix(code string) (string, bool) {
	n, err := strconv.ParseUint(strings.TrimPrefix(code, "$"), 10, 64)
	if err != nil || !strings.HasPrefix(code, "$") {
		return "", false
	}
	s, ok := l.dict[n]
	return s, ok
}

// cursor reads the lines of one writer, chunk after chunk.
type cursor struct {
	l      *rawLog
	chunks []rawChunk
	r      *bufio.Reader
	at     rawChunk // the chunk being read
	seq    uint64   // the current line's
	text   string
	base   uint64 // the writer's last global stamp
	sub    uint64 // the current line's count since then (its local stamp)
	thread string // the writer's thread name
	writer uint64
	event  bool // the current line is an event
	events int  // the events merged so far
	// release, on a cursor of no writer, is a release that the run
	// queued for another goroutine and that the merge writes unless that
	// goroutine did (foreign.go).
	release *foreignRelease
	// probed says that seq is the first line's, read from the file
	// without a buffer: a writer gets its buffer only once the merge
	// reaches it, so the buffers held are those of the goroutines that
	// lived at that point of the run, not of all of them.
	probed bool
}

// probe sets c.seq to the stamp of the writer's first line (a global
// one: a goroutine's first line always is), a lower bound of the stamp of
// its first trace line.
func (c *cursor) probe() (bool, error) {
	if len(c.chunks) == 0 {
		return false, nil
	}
	first := c.chunks[0]
	var b [24]byte
	n, _ := c.l.r.ReadAt(b[:min(int64(len(b)), first.used)], first.off)
	seqText, _, _ := strings.Cut(string(b[:n]), " ")
	seq, local, err := parseStamp(seqText)
	if err != nil || seq == 0 || local {
		return c.next() // a malformed first line: next says what is wrong with it
	}
	c.seq, c.probed = seq, true
	return true, nil
}

// order checks that a writer's lines come in sequence order (a goroutine
// logs them in that order).
func (c *cursor) order(prev uint64) error {
	if c.seq <= prev {
		return fmt.Errorf("%s: chunk %d: sequence number %d after %d of the same goroutine", c.l.name, c.at.index, c.seq, prev)
	}
	return nil
}

// next reads the writer's next line; false at its end.
func (c *cursor) next() (bool, error) {
	c.probed = false
	for {
		if c.r == nil {
			if len(c.chunks) == 0 {
				return false, nil
			}
			c.at, c.chunks = c.chunks[0], c.chunks[1:]
			c.r = bufio.NewReaderSize(io.NewSectionReader(c.l.r, c.at.off, c.at.used), 2048)
		}
		if b, err := c.r.Peek(1); err == nil && binaryTag(b[0]) {
			ok, err := c.binary()
			if err != nil || ok {
				c.event = true
				return ok, err
			}
			c.r = nil // a record the cut left partial (warned about)
			continue
		}
		line, err := c.r.ReadString('\n')
		if err == io.EOF && line == "" {
			c.r = nil
			continue
		}
		if err != nil && err != io.EOF {
			return false, err
		}
		if !strings.HasSuffix(line, "\n") {
			if c.at.cut {
				c.r = nil // the partial line the cut left (warned about)
				continue
			}
			return false, fmt.Errorf("%s: chunk %d: its last line has no end: %q", c.l.name, c.at.index, line)
		}
		seqText, text, ok := strings.Cut(strings.TrimSuffix(line, "\n"), " ")
		seq, local, perr := parseStamp(seqText)
		if !ok || perr != nil || seq == 0 || local && c.base == 0 {
			return false, fmt.Errorf("%s: chunk %d: not a line of the recorder (want SEQUENCE TEXT, or +K TEXT after one): %q", c.l.name, c.at.index, line)
		}
		if local {
			c.sub = seq
			seq += c.base
		} else {
			c.base, c.sub = seq, 0
		}
		if name, isName := strings.CutPrefix(text, "# thread "); isName {
			c.thread = name
			continue
		}
		text, event, err := c.l.lineText(c.thread, text)
		if err != nil {
			return false, fmt.Errorf("%s: chunk %d: %v: %q", c.l.name, c.at.index, err, line)
		}
		c.seq, c.text, c.event = seq, text, event
		return true, nil
	}
}

// lineText is the trace's text of a raw line's text (after its stamp)
// written by a goroutine of the given thread name: its code spelled out,
// its thread named when it is an event (event), its short op spelled out.
func (l *rawLog) lineText(thread, text string) (string, bool, error) {
	suffix := ""
	if strings.HasPrefix(text, "$") {
		code, rest, _ := strings.Cut(text, " ")
		var known bool
		if suffix, known = l.suffix(code); !known || rest == "" {
			return "", false, fmt.Errorf("code %s, which the dictionary does not define, or no event after it", code)
		}
		text = rest
	}
	first, rest, _ := strings.Cut(text, " ")
	if first == "#" || directive[first] {
		if suffix != "" {
			return "", false, fmt.Errorf("a code before a line that is no event")
		}
		return text, false, nil
	}
	if thread == "" {
		return "", false, fmt.Errorf("an event before its goroutine's \"# thread NAME\" line")
	}
	if op, short := shortOps[first]; short {
		return thread + " " + op + " " + rest + suffix, true, nil
	}
	return thread + " " + text + suffix, true, nil
}

// parseStamp reads a line's stamp: "=N", a global one, stands for N
// shifted left by stampSubBits (record/rt's subBits: the low bits number
// the lines of a goroutine between two global stamps); "+K" is the K-th
// line after its writer's last global stamp (local); a plain number is
// global as it is (the Java agent's).
func parseStamp(text string) (seq uint64, local bool, err error) {
	switch {
	case strings.HasPrefix(text, "="):
		seq, err = strconv.ParseUint(text[1:], 10, 64)
		if seq >= 1<<(64-stampSubBits) {
			return 0, false, fmt.Errorf("stamp %s out of range", text)
		}
		return seq << stampSubBits, false, err
	case strings.HasPrefix(text, "+"):
		seq, err = strconv.ParseUint(text[1:], 10, 64)
		return seq, true, err
	}
	seq, err = strconv.ParseUint(text, 10, 64)
	return seq, false, err
}

// stampSubBits is record/rt's subBits (rt_state.go): the two must agree.
const stampSubBits = 20

// shortOps are the one-letter ops of the raw log (record/rt's opRead and
// opWrite) and the trace's ops they stand for.
var shortOps = map[string]string{"r": "read", "w": "write"}

// directive holds the first words of the lines that are no event.
var directive = map[string]bool{"init": true, "volatile": true, "type": true, "object": true, "hb": true, "lock": true, "stack": true, "chan": true, "select": true}

type cursorHeap []*cursor

func (h cursorHeap) Len() int           { return len(h) }
func (h cursorHeap) Less(i, j int) bool { return h[i].seq < h[j].seq }
func (h cursorHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *cursorHeap) Push(x any)        { *h = append(*h, x.(*cursor)) }
func (h *cursorHeap) Pop() any {
	old := *h
	c := old[len(old)-1]
	*h = old[:len(old)-1]
	return c
}

// merge calls emit with the text of every line of the log in sequence
// order. Memory is one small buffer per writer, whatever the log's size.
func (l *rawLog) merge(emit func(text string) error) error {
	h := make(cursorHeap, 0, len(l.writers))
	fr := newForeignReleases(len(l.writers))
	for i, cs := range l.writers {
		c := &cursor{l: l, chunks: cs, writer: l.ids[i]}
		fr.writers[c.writer] = c
		ok, err := c.probe()
		if err != nil {
			return err
		}
		if ok {
			h = append(h, c)
		}
	}
	heap.Init(&h)
	var last uint64
	for len(h) > 0 {
		c := h[0]
		if c.probed {
			// The probe's stamp is the first line's, which may be no
			// trace line ("# thread"): read the first that is, whose
			// stamp is no smaller, and merge it at its place.
			ok, err := c.next()
			if err != nil {
				return err
			}
			if ok {
				heap.Fix(&h, 0)
			} else {
				heap.Pop(&h)
			}
			continue
		}
		if c.release == nil {
			if c.seq == last {
				return fmt.Errorf("%s: sequence number %d appears twice", l.name, c.seq)
			}
			last = c.seq
		}
		if err := fr.line(c, emit); err != nil {
			return err
		}
		prev := c.seq
		ok, err := c.next()
		if err != nil {
			return err
		}
		if ok {
			if err := c.order(prev); err != nil {
				return err
			}
		}
		if ok {
			heap.Fix(&h, 0)
		} else {
			heap.Pop(&h)
		}
		for _, r := range fr.take() {
			heap.Push(&h, r)
		}
	}
	return nil
}
