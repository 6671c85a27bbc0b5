package record

import (
	"strings"
	"testing"
)

// FuzzReadRaw: the collector's reader of the runtime's logs never panics,
// names the file and line of every error, and merging what it read never
// panics either (whatever a crash left). Seeds: testdata/fuzz/FuzzReadRaw
// and the cases below.
func FuzzReadRaw(f *testing.F) {
	f.Add("0 # gpredict record 1\n1 main write x 1\n2 main read x 1\n")
	f.Add("1 a fork b\n2 # forked-by a:1 b\n3 b read x 0\n4 hb a:1 b:1\n")
	f.Add("1 a write x 1\n5 hb a:2 b:2\n3 b read y 0\n4 b read x 1\n2 main rea")
	f.Add("1 a lock m@1 : mutex\n2 a acquire m@1\n3 b lock r@1 : rwmutex\n4 b request r@1\n5 b acquire r@1\n6 a request m@1\n7 b end\n")
	f.Fuzz(func(t *testing.T, src string) {
		lines, warns, err := readRaw("raw.log", strings.NewReader(src))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "raw.log:") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		for _, w := range warns {
			if !strings.HasPrefix(w.Msg, "raw.log:") {
				t.Fatalf("warning %q does not name the file", w.Msg)
			}
		}
		merge(lines)
	})
}
