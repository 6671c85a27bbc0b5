package record

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gpredict/trace"
)

// testChunk is a chunk of a raw log built by a test: its writer, its
// number among the writer's, its lines ("SEQ TEXT\n"…) and the byte count
// its header claims (-1: the lines' length).
type testChunk struct {
	writer, number uint64
	lines          string
	used           int
}

const testChunkSize = 256

// rawLogOf builds a raw log of the format record/rt writes (raw.go) from
// chunks whose lines are written as the trace has them, "SEQ THREAD OP
// …" and "SEQ DIRECTIVE …": each SEQ times ten, and before a writer's
// first event of a thread, its "# thread THREAD" line (SEQ×10-5).
func rawLogOf(chunks ...testChunk) []byte {
	thread := map[uint64]string{}
	for i, c := range chunks {
		var b strings.Builder
		for _, line := range strings.SplitAfter(c.lines, "\n") {
			seq, rest, ok := strings.Cut(line, " ")
			n, err := strconv.Atoi(seq)
			if !ok || err != nil {
				b.WriteString(line)
				continue
			}
			if first, ops, _ := strings.Cut(rest, " "); first != "#" && !directive[first] {
				if thread[c.writer] != first {
					thread[c.writer] = first
					fmt.Fprintf(&b, "%d # thread %s\n", n*10-5, first)
				}
				rest = ops
			}
			fmt.Fprintf(&b, "%d %s", n*10, rest)
		}
		chunks[i].lines = b.String()
	}
	return rawLogOfRaw(chunks...)
}

// rawLogOfRaw builds a raw log of chunks whose lines are raw already.
func rawLogOfRaw(chunks ...testChunk) []byte {
	var b bytes.Buffer
	hdr := make([]byte, rawHeader)
	copy(hdr, rawMagic)
	binary.LittleEndian.PutUint64(hdr[16:], testChunkSize)
	b.Write(hdr)
	for _, c := range chunks {
		ch := make([]byte, testChunkSize)
		copy(ch, "GPCH")
		used := c.used
		if used < 0 {
			used = len(c.lines)
		}
		binary.LittleEndian.PutUint32(ch[4:], uint32(used))
		binary.LittleEndian.PutUint64(ch[8:], c.writer)
		binary.LittleEndian.PutUint64(ch[16:], c.number)
		copy(ch[chunkHeader:], c.lines)
		b.Write(ch)
	}
	return b.Bytes()
}

// bin is a binary record of the raw log (rawbin.go): its tag, then each
// value as an unsigned varint.
func bin(tag byte, vals ...uint64) string {
	b := []byte{tag}
	for _, v := range vals {
		b = binary.AppendUvarint(b, v)
	}
	return string(b)
}

// collectBytes runs the collection of a raw log held in memory: merge,
// cuts, and the rewrite when needed. It returns the trace text.
func collectBytes(t *testing.T, raw []byte) (string, []Warning, error) {
	t.Helper()
	l, warns, err := openRaw("raw.log", bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		return "", warns, err
	}
	dir := t.TempDir()
	merged := filepath.Join(dir, "merged.trace")
	tl, err := writeMerged(l, merged, "")
	if err != nil {
		return "", warns, err
	}
	limit, rewrite, more, err := cuts(tl, fileLines(merged))
	warns = append(warns, more...)
	if err != nil || !rewrite {
		data, _ := os.ReadFile(merged)
		return string(data), warns, err
	}
	var out bytes.Buffer
	dropped, err := applyCuts(tl, limit, fileLines(merged), &out)
	if dropped > 0 {
		warns = append(warns, Warning{"facts dropped"})
	}
	return out.String(), warns, err
}

// TestOpenRaw: the chunks of each goroutine are merged by sequence
// number; a chunk cut off by the end of the file or a goroutine missing a
// chunk (a crash, where chunks are buffers) ends that goroutine there with
// a warning naming the file; a chunk found twice, whole and copied, or
// copied and emptied (a crash between a copy and the reuse, rt_log.go), is
// read once; a file that is not a raw log, two different chunks claiming
// one place, a line that is not the recorder's, are errors.
func TestOpenRaw(t *testing.T) {
	full := rawLogOf(
		testChunk{1, 0, "1 main write x 1\n3 main fork g\n", -1},
		testChunk{2, 0, "2 # forked-by main:2 g\n4 g read x 1\n", -1},
		testChunk{1, 1, "5 main read x 1\n", -1},
	)
	unwritten := append(append([]byte(nil), full...), make([]byte, testChunkSize)...)
	for _, tc := range []struct {
		name, want, warn, err string
		raw                   []byte
	}{
		{"complete", "main write x 1\nmain fork g\ng read x 1\nmain read x 1\n", "", "", full},
		{"a chunk never written", "main write x 1\nmain fork g\ng read x 1\nmain read x 1\n", "", "", unwritten},
		{"cut off by the end of the file", "main write x 1\n", "raw.log: chunk 0 is cut off by the end of the file", "",
			rawLogOf(testChunk{1, 0, "1 main write x 1\n2 main write x 2\n", -1})[:rawHeader+chunkHeader+35]},
		{"a chunk lost", "main write x 1\n", "raw.log: writer 1 lacks its chunk 1", "",
			rawLogOf(testChunk{1, 0, "1 main write x 1\n", -1}, testChunk{1, 2, "2 main write x 2\n", -1})},
		{"not a raw log", "", "", "raw.log: not a raw log of gpredict record", []byte("1 main write x 1\n")},
		{"two chunks in one place", "", "", "raw.log: chunks 0 and 1 are both chunk 0 of writer 1",
			rawLogOf(testChunk{1, 0, "1 main write x 1\n", -1}, testChunk{1, 0, "2 main write x 2\n", -1})},
		{"a chunk and its copy", "main write x 1\nmain write x 2\nmain write x 3\n", "", "",
			rawLogOfRaw(testChunk{1, 0, "=1 # thread main\n+1 w x 1\n+2 w x 2\n", -1}, testChunk{1, 1, "+3 w x 3\n", -1}, testChunk{1, 0, "=1 # thread main\n+1 w x 1\n+2 w x 2\n", -1})},
		{"a copy and its emptied chunk", "main write x 1\nmain write x 2\n", "", "",
			rawLogOfRaw(testChunk{1, 0, "=1 # thread main\n+1 w x 1\n+2 w x 2\n", -1}, testChunk{1, 0, "=1 # thread main\n+1 w x 1\n+2 w x 2\n", 0})},
		{"a line not the recorder's", "", "", "raw.log: chunk 0: not a line of the recorder",
			rawLogOf(testChunk{1, 0, "hello\n", -1})},
		{"local stamps and thread lines", "main write x 1\nmain read x 1\ng fork h\nmain write x 2\n", "", "",
			rawLogOfRaw(testChunk{1, 0, "1048576 # thread main\n+1 write x 1\n+2 read x 1\n3145728 write x 2\n", -1},
				testChunk{2, 0, "2097152 # thread g\n+1 fork h\n", -1})},
		{"a local stamp first", "", "", "raw.log: chunk 0: not a line of the recorder (want SEQUENCE TEXT, or +K TEXT after one)",
			rawLogOfRaw(testChunk{1, 0, "+1 # thread main\n", -1})},
		{"an event without its thread", "", "", "raw.log: chunk 0: an event before its goroutine's",
			rawLogOfRaw(testChunk{1, 0, "1 write x 1\n", -1})},
		{"a claim past the chunk", "", "", "raw.log: chunk 0 (offset 4096) says it holds 1000 bytes",
			rawLogOf(testChunk{1, 0, "1 main write x 1\n", 1000})},
		{"codes of stacks and sites", "stack s1 f@/x.go:4\nmain write x 1 stack=s1 @x.go:4\nmain read x 1 @x.go:5\nmain write x 2 stack=s1 @x.go:4\n", "", "",
			rawLogOfRaw(testChunk{0, 0, "$1 stack=s1 @x.go:4\n$2 @x.go:5\n", -1},
				testChunk{1, 0, "1048576 # thread main\n+1 stack s1 f@/x.go:4\n+2 $1 write x 1\n+3 $2 read x 1\n2097152 $1 write x 2\n", -1})},
		{"short stamps and ops", "main read x 1\nmain write x 2\ng write y 3\nmain read y 3\n", "", "",
			rawLogOfRaw(testChunk{1, 0, "=1 # thread main\n+1 r x 1\n+2 w x 2\n=3 r y 3\n", -1},
				testChunk{2, 0, "=2 # thread g\n+1 w y 3\n", -1})},
		{"a stamp out of range", "", "", "raw.log: chunk 0: not a line of the recorder",
			rawLogOfRaw(testChunk{1, 0, "=1 # thread main\n=99999999999999999 r x 1\n", -1})},
		{"a code the dictionary lacks", "", "", "raw.log: chunk 1: code $3, which the dictionary does not define",
			rawLogOfRaw(testChunk{0, 0, "$1 @x.go:4\n", -1}, testChunk{1, 0, "1048576 # thread main\n+1 $3 write x 1\n", -1})},
		{"a dictionary line that is not one", "", "", "raw.log: chunk 0: not a line of the recorder's dictionary",
			rawLogOfRaw(testChunk{0, 0, "1 main write x 1\n", -1})},
		{"binary records", "stack s1 f@/x.go:4\nmain write acct.bal@1 -3 stack=s1 @x.go:4\nmain read acct.bal@1 -3\nmain write acct.bal@1 300 stack=s1 @x.go:4\n" +
			"main write flag true stack=s1 @x.go:4\ng read x 1\nmain read acct.bal@1 7\nmain read flag false\nmain read big 18446744073709551615\nmain write small -9223372036854775808\n", "", "",
			rawLogOfRaw(testChunk{0, 0, "$1 stack=s1 @x.go:4\n%1 acct.bal@1\n%2 flag\n%3 big\n%4 small\n", -1},
				testChunk{1, 0, "=1 # thread main\n+1 stack s1 f@/x.go:4\n" + bin(2, 1, 1, 5) + bin(1, 0, 1, 5) + bin(4, 1, 1, 300) + bin(6, 1, 2, 1) +
					"=3 r acct.bal@1 7\n" + bin(5, 0, 2, 0) + bin(3, 0, 3, 1<<64-1) + bin(2, 0, 4, 1<<64-1), -1},
				testChunk{2, 0, "=2 # thread g\n" + "+1 r x 1\n", -1})},
		{"binary lock records", "main acquire mu@1 @x.go:9\nmain read mu@1 1\ng read x 1\nmain release mu@1\ng racquire mu@1\ng rrelease mu@1\ng request mu@1 @x.go:9\n", "", "",
			rawLogOfRaw(testChunk{0, 0, "%1 mu@1\n$1 @x.go:9\n", -1},
				testChunk{1, 0, "=1 # thread main\n" + bin(7, 2, 1, 1) + bin(1, 0, 1, 2) + bin(8, 4, 0, 1), -1},
				testChunk{2, 0, "=3 # thread g\n" + "+1 r x 1\n" + bin(9, 5, 0, 1) + bin(10, 6, 0, 1) + bin(11, 7, 1, 1), -1})},
		{"a binary lock record without a stamp", "", "", "raw.log: chunk 1: a binary synchronisation event of stamp 0",
			rawLogOfRaw(testChunk{0, 0, "%1 mu@1\n", -1}, testChunk{1, 0, "=1 # thread main\n" + bin(7, 0, 0, 1), -1})},
		{"binary map records", "main read x 1\nmain call void map.write(any,any) args=\"k\",3 target=map@1 @x.go:2\nmain write map@1 1 @x.go:2\n" +
			"main call any map.read(any) args=\"k\" result=3 target=map@1\nmain call void map.delete(any) args=\"k\" target=map@1\n" +
			"main call void map.range() target=map@1\nmain call void map.next() target=map@1\nmain call void map.clear() target=map@1\n", "", "",
			rawLogOfRaw(testChunk{0, 0, "$1 @x.go:2\n%1 map@1\n", -1},
				testChunk{1, 0, "=1 # thread main\n+1 r x 1\n" + bin(13, 1, 1, 3) + `"k"` + bin(1) + "3" + bin(2, 1, 1, 2) +
					bin(12, 0, 1, 3) + `"k"` + bin(1) + "3" + bin(14, 0, 1, 3) + `"k"` + bin(0) + bin(15, 0, 1, 0, 0) + bin(16, 0, 1, 0, 0) + bin(17, 0, 1, 0, 0), -1})},
		{"binary map records of ints", "main read x 1\nmain call void map.write(any,any) args=-5,7 target=map@1 @x.go:2\n" +
			"main call any map.read(any) args=9223372036854775807 result=-9223372036854775808 target=map@1\n", "", "",
			rawLogOfRaw(testChunk{0, 0, "$1 @x.go:2\n%1 map@1\n", -1},
				testChunk{1, 0, "=1 # thread main\n+1 r x 1\n" + bin(27, 1, 1, 9, 14) + bin(26, 0, 1, 1<<64-2, 1<<64-1), -1})},
		{"a binary map record of ints cut short", "", "", "raw.log: chunk 1: a binary event cut short",
			rawLogOfRaw(testChunk{0, 0, "%1 map@1\n", -1}, testChunk{1, 0, "=1 # thread main\n+1 r x 1\n" + bin(27, 0, 1, 9), -1})},
		{"a binary map record's text past its chunk", "", "", "raw.log: chunk 1: a binary event's text of 1000 bytes",
			rawLogOfRaw(testChunk{0, 0, "%1 map@1\n", -1}, testChunk{1, 0, "=1 # thread main\n+1 r x 1\n" + bin(13, 0, 1, 1000), -1})},
		{"binary pointer records", "main read x 1\nmain write p@1 Account@1 @x.go:2\nmain read p@1 nil\n", "", "",
			rawLogOfRaw(testChunk{0, 0, "$1 @x.go:2\n%1 p@1\n%2 Account@1\n", -1},
				testChunk{1, 0, "=1 # thread main\n+1 r x 1\n" + bin(19, 1, 1, 2) + bin(18, 0, 1, 0), -1})},
		{"a binary pointer record of an object the dictionary lacks", "", "", "raw.log: chunk 1: a binary event of variable 3, which the dictionary (2 names) does not define",
			rawLogOfRaw(testChunk{0, 0, "%1 p@1\n%2 Account@1\n", -1}, testChunk{1, 0, "=1 # thread main\n+1 r x 1\n" + bin(18, 0, 1, 3), -1})},
		{"binary channel records", "main enter void chan.send(any) target=chan@1 args=7 @x.go:3\nmain send chan@1 7 @x.go:3\nmain exit void chan.send(any) target=chan@1 @x.go:3\n" +
			"g enter any chan.recv() target=chan@1\ng recv chan@1 7\ng exit any chan.recv() target=chan@1 result=7\n", "", "",
			rawLogOfRaw(testChunk{0, 0, "$1 @x.go:3\n%1 chan@1\n", -1},
				testChunk{1, 0, "=1 # thread main\n" + bin(20, 2, 1, 1, 1) + "7" + bin(21, 3, 1, 1, 1) + "7" + bin(22, 4, 1, 1, 0), -1},
				testChunk{2, 0, "=5 # thread g\n" + bin(23, 6, 0, 1, 0) + bin(24, 7, 0, 1, 1) + "7" + bin(25, 8, 0, 1, 1) + "7", -1})},
		{"binary channel records of ints", "main enter void chan.send(any) target=chan@1 args=-7 @x.go:3\nmain send chan@1 -7 @x.go:3\n" +
			"g recv chan@1 -7\ng exit any chan.recv() target=chan@1 result=9223372036854775807\n", "", "",
			rawLogOfRaw(testChunk{0, 0, "$1 @x.go:3\n%1 chan@1\n", -1},
				testChunk{1, 0, "=1 # thread main\n" + bin(28, 2, 1, 1, 13) + bin(29, 3, 1, 1, 13), -1},
				testChunk{2, 0, "=5 # thread g\n" + bin(32, 6, 0, 1, 13) + bin(33, 7, 0, 1, 1<<64-2), -1})},
		{"a binary channel record of an int without a value", "", "", "raw.log: chunk 1: a binary channel event of an int (tag 30) for an event without a value",
			rawLogOfRaw(testChunk{0, 0, "%1 chan@1\n", -1}, testChunk{1, 0, "=1 # thread main\n" + bin(30, 2, 0, 1, 13), -1})},
		{"binary float records", "main read x 1\nmain write f 1.5 @x.go:3\nmain read f -Inf\nmain write g NaN\nmain read g 0.33333334\n", "", "",
			rawLogOfRaw(testChunk{0, 0, "$1 @x.go:3\n%1 f\n%2 g\n", -1},
				testChunk{1, 0, "=1 # thread main\n+1 r x 1\n" + bin(37, 1, 1, 0x3FF8000000000000) + bin(36, 0, 1, 0xFFF0000000000000) + bin(35, 0, 2, 0x7FC00000) + bin(34, 0, 2, 0x3EAAAAAB), -1})},
		{"a binary float32 of more than 32 bits", "", "", "raw.log: chunk 1: a binary float32 of 4294967296 bits past 32",
			rawLogOfRaw(testChunk{0, 0, "%1 f\n", -1}, testChunk{1, 0, "=1 # thread main\n+1 r x 1\n" + bin(34, 0, 1, 1<<32), -1})},
		{"a binary record cut by the end of the file", "main read x 1\n", "raw.log: chunk 1 is cut off by the end of the file", "",
			rawLogOfRaw(testChunk{0, 0, "%1 x\n", -1}, testChunk{1, 0, "=1 # thread main\n" + "+1 r x 1\n" + bin(2, 0, 1, 300), -1})[:rawHeader+testChunkSize+chunkHeader+27]},
		{"a binary record cut short", "", "", "raw.log: chunk 1: a binary event cut short",
			rawLogOfRaw(testChunk{0, 0, "%1 x\n", -1}, testChunk{1, 0, "=1 # thread main\n" + bin(2, 0, 1, 300)[:4], -1})},
		{"a binary record first", "", "", "raw.log: chunk 1: a binary event before its goroutine's first stamp",
			rawLogOfRaw(testChunk{0, 0, "%1 x\n", -1}, testChunk{1, 0, bin(2, 0, 1, 3), -1})},
		{"a binary record of a name the dictionary lacks", "", "", "raw.log: chunk 1: a binary event of variable 2, which the dictionary (1 names) does not define",
			rawLogOfRaw(testChunk{0, 0, "%1 x\n", -1}, testChunk{1, 0, "=1 # thread main\n" + bin(2, 0, 2, 3), -1})},
		{"a binary record of a code the dictionary lacks", "", "", "raw.log: chunk 1: a binary event of code $4",
			rawLogOfRaw(testChunk{0, 0, "%1 x\n", -1}, testChunk{1, 0, "=1 # thread main\n" + bin(2, 4, 1, 3), -1})},
		{"a binary boolean neither 0 nor 1", "", "", "raw.log: chunk 1: a binary boolean of value 2",
			rawLogOfRaw(testChunk{0, 0, "%1 x\n", -1}, testChunk{1, 0, "=1 # thread main\n" + bin(6, 0, 1, 2), -1})},
		{"names out of order", "", "", "raw.log: chunk 0: name %3 after 1 names",
			rawLogOfRaw(testChunk{0, 0, "%1 x\n%3 y\n", -1})},
		{"out of order", "", "", "raw.log: chunk 0: sequence number 10 after 20",
			rawLogOf(testChunk{1, 0, "2 main write x 1\n1 main write x 2\n", -1})},
	} {
		t.Run(tc.name, func(t *testing.T) { checkCollected(t, tc.raw, tc.want, tc.warn, tc.err) })
	}
}

// checkCollected collects the raw log raw and checks the trace it gives
// (want) and its first warning (warn), or its error (err, a part of it).
func checkCollected(t *testing.T, raw []byte, want, warn, err string) {
	t.Helper()
	got, warns, cerr := collectBytes(t, raw)
	if err != "" {
		if cerr == nil || !strings.Contains(cerr.Error(), err) {
			t.Fatalf("error %v; want one containing %q", cerr, err)
		}
		return
	}
	if cerr != nil {
		t.Fatal(cerr)
	}
	if got != want {
		t.Errorf("trace:\n%s\nwant:\n%s", got, want)
	}
	msg := ""
	if len(warns) > 0 {
		msg = warns[0].Msg
	}
	if warn == "" && msg != "" || !strings.Contains(msg, warn) {
		t.Errorf("warning %q; want %q", msg, warn)
	}
}

// TestCutsDangling: what refers to events a crash lost is cut or dropped
// (cuts), and the result is a trace.
func TestCutsDangling(t *testing.T) {
	for _, tc := range []struct {
		name   string
		chunks []testChunk
		want   string // the collected trace
		warns  int
	}{
		{"order by sequence", []testChunk{{2, 0, "2 b read x 1\n3 hb a:1 b:1\n", -1}, {1, 0, "1 a write x 1\n", -1}},
			"a write x 1\nb read x 1\nhb a:1 b:1\n", 0},
		{"lost source cuts the target's thread", []testChunk{{1, 0, "1 a write x 1\n", -1}, {2, 0, "3 b read y 0\n4 b read x 1\n5 hb a:2 b:2\n", -1}},
			"a write x 1\nb read y 0\n", 2},
		{"lost target drops the fact", []testChunk{{1, 0, "1 a write x 1\n5 hb a:1 b:3\n", -1}, {2, 0, "2 b read x 1\n", -1}},
			"a write x 1\nb read x 1\n", 1},
		{"lost fork drops the goroutine", []testChunk{{1, 0, "1 m write x 1\n", -1}, {2, 0, "2 # forked-by m:2 c\n3 c read x 1\n", -1}},
			"m write x 1\n", 1},
		{"kept fork", []testChunk{{1, 0, "1 m fork c\n", -1}, {2, 0, "2 # forked-by m:1 c\n3 c read x 0\n", -1}},
			"m fork c\nc read x 0\n", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, warns, err := collectBytes(t, rawLogOf(tc.chunks...))
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("collected:\n%s\nwant:\n%s", got, tc.want)
			}
			if len(warns) != tc.warns {
				t.Errorf("warnings %v; want %d", warns, tc.warns)
			}
			if _, err := trace.ParseText("collected.trace", got); err != nil {
				t.Errorf("the collected recording is no trace: %v", err)
			}
		})
	}
}

// TestWaitRequests: a goroutine whose last line is the runtime's note
// that it blocks on a lock ends with the request the note stands for, at
// the end of the trace (after the events other goroutines logged while it
// waited); a note that an event of its goroutine follows is obsolete, and
// a note of a wait that is no lock's (a select) is no request, but the
// event it waits in where it has one. The note of a goroutine that ended
// holding a lock becomes its end, there too.
func TestWaitRequests(t *testing.T) {
	for _, tc := range []struct {
		name   string
		chunks []testChunk
		want   string // the collected trace
	}{
		{"a lock wait at the end", []testChunk{
			{1, 0, "1 a acquire m\n3 # blocks a acquire m stack=s1 @x.go:4\n", -1},
			{2, 0, "2 b write x 1\n4 b write x 2\n", -1}},
			"a acquire m\nb write x 1\n# blocks a acquire m stack=s1 @x.go:4\nb write x 2\na request m stack=s1 @x.go:4\n"},
		{"a read lock wait", []testChunk{{1, 0, "1 a racquire m\n2 # blocks a racquire m stack=s1 @x.go:5\n", -1}},
			"a racquire m\n# blocks a racquire m stack=s1 @x.go:5\na rrequest m stack=s1 @x.go:5\n"},
		{"a wait that ended", []testChunk{{1, 0, "1 # blocks a acquire m stack=s1 @x.go:4\n2 a acquire m\n", -1}},
			"# blocks a acquire m stack=s1 @x.go:4\na acquire m\n"},
		{"a select is no lock", []testChunk{{1, 0, "1 a write x 1\n2 # blocks a select stack=s1 @x.go:6\n", -1}},
			"a write x 1\n# blocks a select stack=s1 @x.go:6\n"},
		// A select left waiting: of one receive, a recvwait; with a send
		// case, inside that send, with the select's key; that send is no
		// wait when the trace closes its channel (it panicked there).
		{"a select of one receive", []testChunk{{1, 0, "1 a write x 1\n2 # blocks a select recv=c stack=s1 @x.go:6\n", -1}},
			"a write x 1\n# blocks a select recv=c stack=s1 @x.go:6\na recvwait c stack=s1 @x.go:6\n"},
		{"a select of several receives", []testChunk{{1, 0, "1 a write x 1\n2 # blocks a select recv=c,d stack=s1 @x.go:6\n", -1}},
			"a write x 1\n# blocks a select recv=c,d stack=s1 @x.go:6\n"},
		{"a select with a send", []testChunk{{1, 0, "1 a write x 1\n2 # blocks a select send=c:h:7f select=sel@1 stack=s1 @x.go:6\n", -1}},
			"a write x 1\n# blocks a select send=c:h:7f select=sel@1 stack=s1 @x.go:6\na send c h:7f select=sel@1 stack=s1 @x.go:6\n"},
		{"a select's send on a closed channel", []testChunk{
			{1, 0, "1 a write x 1\n2 # blocks a select send=c:7 select=sel@1 stack=s1 @x.go:6\n", -1},
			{2, 0, "3 b close c\n", -1}},
			"a write x 1\n# blocks a select send=c:7 select=sel@1 stack=s1 @x.go:6\nb close c\n"},
		{"two waits, by thread", []testChunk{
			{1, 0, "1 b acquire m\n3 # blocks b acquire n\n", -1},
			{2, 0, "2 a acquire n\n4 # blocks a acquire m\n", -1}},
			"b acquire m\na acquire n\n# blocks b acquire n\n# blocks a acquire m\na request m\nb request n\n"},
		// A goroutine that ended holding a lock leaves a note; another
		// goroutine's unlock is logged as its release later, and its end
		// comes last, at the end of the trace (rt_unlock_other.go).
		{"an end after another's unlock", []testChunk{
			{1, 0, "1 a acquire m\n2 # ends a stack=s2\n4 a release m\n", -1},
			{2, 0, "3 b call void sync.Mutex.Unlock() target=m\n5 b acquire m\n", -1}},
			"a acquire m\nb call void sync.Mutex.Unlock() target=m\na release m\nb acquire m\na end stack=s2\n"},
		{"an end still holding", []testChunk{{1, 0, "1 a acquire m\n2 # ends a stack=s2\n", -1}},
			"a acquire m\na end stack=s2\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, _, err := collectBytes(t, rawLogOf(tc.chunks...))
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("collected:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

func TestParseCommand(t *testing.T) {
	for _, tc := range []struct {
		args               string
		sub, pkgs, rest, e string
	}{
		{"go test ./bank -run TestX", "test", "./bank", "-run TestX", ""},
		{"go test -run TestX -v ./a ./b", "test", "./a ./b", "", ""},
		{"go test -count=3 -race", "test", ".", "", ""},
		{"go run . -flag arg", "run", ".", "-flag arg", ""},
		{"go run main.go util.go arg", "run", "main.go util.go", "arg", ""},
		{"go build .", "", "", "", "want go test or go run"},
		{"go test -overlay=x.json .", "", "", "", "gpredict record builds with its own overlay"},
		{"make test", "", "", "", "want a go command"},
	} {
		c, err := ParseCommand(strings.Fields(tc.args))
		if tc.e != "" {
			if err == nil || !strings.Contains(err.Error(), tc.e) {
				t.Errorf("%s: error %v; want %q", tc.args, err, tc.e)
			}
			continue
		}
		if err != nil || c.Sub != tc.sub || strings.Join(c.Packages, " ") != tc.pkgs || strings.Join(c.Rest, " ") != tc.rest {
			t.Errorf("%s: %+v, %v; want sub %s, packages %q, rest %q", tc.args, c, err, tc.sub, tc.pkgs, tc.rest)
		}
	}
}
