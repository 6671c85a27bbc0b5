package main

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestRecordPanickingProgram: recording a program that panics (record's
// testdata program panics, after two goroutines that are still running
// wrote shared variables) succeeds: the program's panic passes through,
// a warning gives its command's exit status, the recorded line counts
// the events of all three goroutines, and the trace checks.
func TestRecordPanickingProgram(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatal("the go tool is not on PATH; recording needs it")
	}
	out := t.TempDir()
	t.Chdir(filepath.Join(repoRoot(t), "record", "testdata", "progs"))
	stdout, stderr, code := runCLI(t, "record", "-o", out, "--", "go", "run", "./panics")
	if code != exitOK {
		t.Fatalf("record: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^panic: panics in main$`),
		regexp.MustCompile(`(?m)^gpredict: warning: go run \./panics exited with status 1; the trace holds what it did until then$`),
		regexp.MustCompile(`(?m)^gpredict: recorded \d+ events of 3 goroutines \(1 files instrumented, [0-9.]+s\): \S+/trace\.trace$`),
	} {
		if !want.MatchString(stderr) {
			t.Errorf("record's stderr has no line %s:\n%s", want, stderr)
		}
	}
	stdout, stderr, code = runCLI(t, "trace", "check", filepath.Join(out, "trace.trace"))
	if code != exitOK || !strings.Contains(stdout, "write") {
		t.Errorf("trace check: exit %d\n%s%s", code, stdout, stderr)
	}
}
