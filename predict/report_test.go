package predict

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"testing"
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

func TestReportGolden(t *testing.T) {
	writers := map[string]func(io.Writer, *Result, ReportOptions) error{
		"txt": WriteText, "json": WriteJSON, "sarif": WriteSARIF,
	}
	cases := []struct {
		name string
		src  string
		prop func(*Result) PropertyInput
		all  bool
	}{
		{"fig8", fig8, nil, false},
		{"racy_all", racy, nil, true},
		{"wait_race", waitRace, nil, false},
	}
	for _, tc := range cases {
		tr := parseTrace(t, tc.src)
		in := race(tr)
		if tc.name == "fig8" {
			in = unsafeIterator(tr)
		}
		res := runBrute(t, tr, in)
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
