package predict

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"testing"

	"gpredict/trace"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// A wait in the witness: T2 waits on l, T1 notifies, T2's write races.
const waitRace = `
T1 fork T2
T2 acquire l
T2 wait l
T2 release l
T2 write x 2 @B.java:9
T1 acquire l
T1 notify l
T1 release l
T1 write x 1 @A.java:4
`

// Both threads run the same code: each thread's read can be adjacent to
// the other's write. As `rd(t1) || wr(t2)` the two races are listed in id
// order (the write T1#2 first in one, the read T1#3 first in the other)
// and, having the same locations, are one grouped report.
const sameCode = `
T1 fork T2
T1 write x 1 @C.java:1
T1 read x 1 @C.java:2
T2 write x 2 @C.java:1
T2 read x 2 @C.java:2
`

// readWrite is `rd(t1) || wr(t2)` over the variable of the access.
func readWrite(tr *trace.Trace) PropertyInput {
	p := newProp("ReadWrite", []string{"v"}, []string{"rd", "wr"}, par(ev(0), ev(1)), occ(0, "rd", "t1"), occ(1, "wr", "t2"))
	events := matchEvents(tr, 2, func(d int, e *trace.Event) []trace.Sym {
		if d == 0 && e.Op == trace.OpRead || d == 1 && e.Op == trace.OpWrite {
			return []trace.Sym{e.Obj}
		}
		return nil
	})
	return PropertyInput{Prop: p, Events: events}
}

func TestReportGolden(t *testing.T) {
	writers := map[string]func(io.Writer, *Result, ReportOptions) error{
		"txt": WriteText, "json": WriteJSON, "sarif": WriteSARIF,
	}
	cases := []struct {
		name string
		src  string
		prop func(*trace.Trace) PropertyInput // nil: by name
		all  bool
	}{
		{"fig8", fig8, nil, false},
		{"racy_all", racy, nil, true},
		{"wait_race", waitRace, nil, false},
		{"same_code", sameCode, readWrite, false},
		{"same_code_all", sameCode, readWrite, true},
	}
	for _, tc := range cases {
		tr := parseTrace(t, tc.src)
		in := race(tr)
		if tc.name == "fig8" {
			in = unsafeIterator(tr)
		}
		if tc.prop != nil {
			in = tc.prop(tr)
		}
		res := runBruteOpts(t, tr, Options{Jobs: 2, All: tc.all}, in)
		res.Stats.Seconds = 0 // wall time is not reproducible
		for ext, write := range writers {
			var buf bytes.Buffer
			if err := write(&buf, res, ReportOptions{Version: "test", Traces: []string{tc.name + ".trace"}, All: tc.all}); err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", "golden", tc.name+"."+ext)
			if *update {
				if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update)", err)
			}
			if !bytes.Equal(buf.Bytes(), want) {
				t.Errorf("%s differs from golden:\n%s", golden, buf.Bytes())
			}
		}
	}
}
