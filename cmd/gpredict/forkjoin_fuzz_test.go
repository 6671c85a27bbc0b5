package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpredict/internal/forkjoin"
)

// FuzzForkJoinCLI runs `trace check` and `predict --props all` on random
// fork/join structures (internal/forkjoin) written as text traces, one
// file or a directory of two. On a structure the oracle calls malformed
// both commands exit 2 with the same message naming the file; on any
// other, trace check accepts it and predict ends normally (0, 1 or 3) and
// never with an internal error — the engine is only given structures an
// execution can perform. Seeds: the cases of forkjoin.Cases.
func FuzzForkJoinCLI(f *testing.F) {
	for _, c := range forkjoin.Cases() {
		f.Add(c.S.Encode())
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s := forkjoin.Decode(data)
		v := s.Malformed()
		path := writeStructure(t, s)
		_, checkErr, checkCode := runCLI(t, "trace", "check", path)
		_, predictErr, predictCode := runCLI(t, "predict", "--props", "all", "--jobs", "1", path)
		text := strings.Join(s.Text(), "--\n")
		if v.Reason != "" {
			if checkCode != exitError || predictCode != exitError {
				t.Fatalf("malformed (%s): trace check exit %d, predict exit %d; want 2 and 2\n%s", v.Reason, checkCode, predictCode, text)
			}
			if checkErr != predictErr || !strings.HasPrefix(checkErr, "gpredict: "+path) {
				t.Fatalf("trace check says %q, predict %q; want one message naming %s", checkErr, predictErr, path)
			}
			return
		}
		if checkCode != exitOK {
			t.Fatalf("trace check: exit %d: %s\n%s", checkCode, checkErr, text)
		}
		if predictCode != exitOK && predictCode != exitViolation && predictCode != exitUnknown || strings.Contains(predictErr, "internal error") {
			t.Fatalf("predict: exit %d: %s\n%s", predictCode, predictErr, text)
		}
	})
}

// writeStructure writes s as a text trace in a new directory: the file,
// or the directory itself when s is split over two files.
func writeStructure(t *testing.T, s forkjoin.Structure) string {
	dir := t.TempDir()
	files := s.Text()
	for i, src := range files {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%d.trace", i)), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if len(files) > 1 {
		return dir
	}
	return filepath.Join(dir, "f0.trace")
}
