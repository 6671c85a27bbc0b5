package record

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// TestRecordGolden records testdata/progs/golden, a deterministic program
// of one goroutine, and compares its trace with testdata/golden/golden.trace:
// the runtime's raw log may be encoded in any way the collector reads,
// but what it collects into must not change (no event dropped, reordered
// or rendered differently). The frames of the standard library are
// written without their file, which depends on the Go installed.
func TestRecordGolden(t *testing.T) {
	r := recordOnce(t, "run", "./golden")
	if r.err != nil {
		t.Fatal(r.err)
	}
	got := normalizeGoroot(r.text)
	path := filepath.Join("testdata", "golden", "golden.trace")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -run TestRecordGolden -update writes it)", err)
	}
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := 0; i < len(gl) || i < len(wl); i++ {
			var g, w string
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Fatalf("the trace differs from %s at line %d:\n got %q\nwant %q", path, i+1, g, w)
			}
		}
	}
}

// normalizeGoroot replaces the file and line of every frame in GOROOT
// by "GOROOT".
func normalizeGoroot(text string) string {
	root := regexp.QuoteMeta(filepath.ToSlash(runtime.GOROOT()))
	return regexp.MustCompile(`@`+root+`/[^ \n]*:[0-9]+`).ReplaceAllString(text, "@GOROOT")
}
