package trace

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata")

// TestMalformed pins the exact error of every malformed input under
// testdata/malformed: one file per case and format (.trace, .std, .jsonl,
// .rb for RapidBin described as text, see rbFromText), or a directory of
// .trace files for cases that need several files. The expected messages
// are in testdata/malformed/errors.golden; go test -update rewrites it.
func TestMalformed(t *testing.T) {
	dir := filepath.Join("testdata", "malformed")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, e := range entries {
		name := e.Name()
		if name == "errors.golden" {
			continue
		}
		path := filepath.Join(dir, name)
		err := readMalformed(t, path, e.IsDir())
		var terr *Error
		switch {
		case err == nil:
			t.Errorf("%s: read without error; want a malformed-input error", path)
			continue
		case !errors.As(err, &terr):
			t.Errorf("%s: error %q is not a positioned *trace.Error", path, err)
		case terr.Pos.Line == 0 && terr.Pos.Offset == 0 && !strings.HasSuffix(name, ".rb"):
			t.Errorf("%s: error %q has no line", path, err)
		}
		lines = append(lines, name+": "+err.Error())
	}
	sort.Strings(lines)
	got := strings.Join(lines, "\n") + "\n"
	golden := filepath.Join(dir, "errors.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("errors differ from %s (go test -update rewrites it):\n%s", golden, lineDiff(string(want), got))
	}
}

func readMalformed(t *testing.T, path string, isDir bool) error {
	if isDir || !strings.HasSuffix(path, ".rb") {
		_, err := Read([]string{path}, "")
		return err
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data, err := rbFromText(string(src))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	b := NewBuilder()
	if err := ReadRapidBin(b, path, bytes.NewReader(data)); err != nil {
		return err
	}
	return b.Resolve()
}

// lineDiff lists the lines only in want (-) or only in got (+).
func lineDiff(want, got string) string {
	in := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, l := range strings.Split(s, "\n") {
			m[l] = true
		}
		return m
	}
	w, g := in(want), in(got)
	var out []string
	for _, l := range strings.Split(want, "\n") {
		if !g[l] {
			out = append(out, "- "+l)
		}
	}
	for _, l := range strings.Split(got, "\n") {
		if !w[l] {
			out = append(out, "+ "+l)
		}
	}
	return strings.Join(out, "\n")
}
