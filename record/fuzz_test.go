package record

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzReadRaw: the collector's reader of the runtime's logs never panics,
// names the file of every error and warning, and collecting what it read
// never panics either (whatever a crash left). Seeds: testdata/fuzz/FuzzReadRaw
// and the logs below.
func FuzzReadRaw(f *testing.F) {
	f.Add(rawLogOf(testChunk{1, 0, "1 main write x 1\n2 main read x 1\n", -1}))
	f.Add(rawLogOf(testChunk{1, 0, "1 a fork b\n", -1}, testChunk{2, 0, "2 # forked-by a:1 b\n3 b read x 0\n4 hb a:1 b:1\n", -1}))
	f.Add(rawLogOf(testChunk{1, 0, "1 a write x 1\n5 hb a:2 b:2\n", -1}, testChunk{2, 0, "3 b read y 0\n4 b read x 1\n", -1})[:rawHeader+300])
	f.Add(rawLogOf(testChunk{1, 0, "1 lock m@1 : mutex\n2 a acquire m@1\n6 # blocks a acquire m@1 stack=s1 @x.go:4\n", -1},
		testChunk{2, 0, "3 lock r@1 : rwmutex\n4 b request r@1\n5 b acquire r@1\n7 # blocks b racquire r@1 stack=s1 @x.go:5\n", -1}))
	f.Add(rawLogOfRaw(testChunk{0, 0, "$1 stack=s1 @x.go:4\n", -1}, testChunk{1, 0, "=1 # thread main\n+1 stack s1 f@/x.go:4\n+2 $1 w x 1\n=2 $1 r x 1\n", -1}))
	f.Add(rawLogOfRaw(testChunk{0, 0, "$1 stack=s1 @x.go:4\n%1 x\n%2 b\n", -1}, testChunk{1, 0, "=1 # thread main\n+1 stack s1 f@/x.go:4\n" + bin(2, 1, 1, 5) + bin(6, 0, 2, 1) + "=2 r x -3\n" + bin(3, 1, 1, 300), -1}))
	f.Add(rawLogOfRaw(testChunk{0, 0, "$1 @x.go:2\n%1 map@1\n%2 p@1\n%3 chan@1\n%4 mu@1\n", -1}, testChunk{1, 0, "=1 # thread main\n+1 r x 1\n" +
		bin(13, 1, 1, 3) + `"k"` + bin(1) + "3" + bin(19, 1, 2, 1) + bin(7, 2, 1, 4) + bin(20, 3, 1, 3, 1) + "7" + bin(8, 4, 0, 4), -1},
		testChunk{2, 0, "=5 # thread g\n" + bin(23, 6, 0, 3, 0) + bin(24, 7, 0, 3, 1) + "7" + bin(18, 0, 2, 0), -1}))
	f.Add(rawLogOfRaw(testChunk{0, 0, "$1 @x.go:2\n%1 map@1\n", -1}, testChunk{1, 0, "=1 # thread main\n+1 r x 1\n" + bin(27, 1, 1, 9, 14) + bin(26, 0, 1, 1<<64-2, 1<<64-1), -1}))
	f.Add(rawLogOfRaw(testChunk{0, 0, "$1 @x.go:3\n%1 chan@1\n", -1}, testChunk{1, 0, "=1 # thread main\n" + bin(28, 2, 1, 1, 13) + bin(29, 3, 1, 1, 13) + bin(33, 4, 0, 1, 1<<64-2), -1}))
	f.Add(rawLogOfRaw(testChunk{0, 0, "$1 @x.go:3\n%1 f\n", -1}, testChunk{1, 0, "=1 # thread main\n+1 r x 1\n" + bin(37, 1, 1, 0x3FF8000000000000) + bin(34, 0, 1, 0x7FC00000), -1}))
	f.Fuzz(func(t *testing.T, raw []byte) {
		l, warns, err := openRaw("raw.log", bytes.NewReader(raw), int64(len(raw)))
		for _, w := range warns {
			if !strings.HasPrefix(w.Msg, "raw.log:") {
				t.Fatalf("warning %q does not name the file", w.Msg)
			}
		}
		if err != nil {
			if !strings.HasPrefix(err.Error(), "raw.log:") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		var lines []string
		tl := newTally()
		err = l.merge(func(text string) error {
			if tl.add(text) {
				lines = append(lines, text)
			}
			return nil
		})
		if err != nil {
			if !strings.HasPrefix(err.Error(), "raw.log:") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		lines = append(lines, tl.requests()...)
		src := func(yield func(string) error) error {
			for _, l := range lines {
				if err := yield(l); err != nil {
					return err
				}
			}
			return nil
		}
		limit, _, _, err := cuts(tl, src)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if _, err := applyCuts(tl, limit, src, &out); err != nil {
			t.Fatal(err)
		}
	})
}
