package record

import (
	"strings"
	"testing"

	"gpredict/trace"
)

// TestReadRaw: a complete raw log reads whole; a cut-off last line (a
// crash while writing) ends the recording there with a warning naming the
// file and line; a line that is not the recorder's is an error.
func TestReadRaw(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		lines     int
		warn, err string
	}{
		{"complete", "0 # gpredict record 1\n1 main write x 1\n2 main read x 1\n", 2, "", ""},
		{"cut off", "0 # gpredict record 1\n1 main write x 1\n2 main rea", 1, "raw.log:3: the recording stops here: the line is cut off (the program died while writing); read up to line 2", ""},
		{"cut in the number", "1 main write x 1\n2", 1, "raw.log:2:", ""},
		{"not the recorder's", "1 main write x 1\nhello\n2 main read x 1\n", 0, "", "raw.log:2: not a line of the recorder"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lines, warns, err := readRaw("raw.log", strings.NewReader(tc.src))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v; want one containing %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(lines) != tc.lines {
				t.Errorf("%d lines; want %d", len(lines), tc.lines)
			}
			got := ""
			if len(warns) > 0 {
				got = warns[0].Msg
			}
			if tc.warn == "" && got != "" || !strings.Contains(got, tc.warn) {
				t.Errorf("warning %q; want %q", got, tc.warn)
			}
		})
	}
}

// TestMergeDangling: the buffers are merged by sequence number; what a
// crash left dangling is dropped so that the result reads as a trace and
// no event can happen earlier than it did.
func TestMergeDangling(t *testing.T) {
	for _, tc := range []struct {
		name  string
		raw   string // "SEQ TEXT" lines, in any order
		want  string // the merged trace
		warns int
	}{
		{"order by sequence", "2 b read x 1\n1 a write x 1\n3 hb a:1 b:1\n", "a write x 1\nb read x 1\nhb a:1 b:1\n", 0},
		{"lost source cuts the target's thread", "1 a write x 1\n3 b read y 0\n4 b read x 1\n5 hb a:2 b:2\n",
			"a write x 1\nb read y 0\n", 2},
		{"lost target drops the fact", "1 a write x 1\n5 hb a:1 b:3\n2 b read x 1\n", "a write x 1\nb read x 1\n", 1},
		{"lost fork drops the goroutine", "1 m write x 1\n2 # forked-by m:2 c\n3 c read x 1\n", "m write x 1\n", 1},
		{"kept fork", "1 m fork c\n2 # forked-by m:1 c\n3 c read x 0\n", "m fork c\nc read x 0\n", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lines, _, err := readRaw("raw.log", strings.NewReader(tc.raw))
			if err != nil {
				t.Fatal(err)
			}
			got, warns := merge(lines)
			if got != tc.want {
				t.Errorf("merged:\n%s\nwant:\n%s", got, tc.want)
			}
			if len(warns) != tc.warns {
				t.Errorf("warnings %v; want %d", warns, tc.warns)
			}
			if _, err := trace.ParseText("merged.trace", got); err != nil {
				t.Errorf("the merged recording is no trace: %v", err)
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
