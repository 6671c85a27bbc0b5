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
// wrote shared variables) writes its trace: the program's panic passes
// through, the recorded line counts the events of all three goroutines,
// and the trace checks. The failed run is an error (exit 2) that gives
// its command's exit status, unless --allow-failure turns it into a
// warning (exit 0).
func TestRecordPanickingProgram(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatal("the go tool is not on PATH; recording needs it")
	}
	out := t.TempDir()
	t.Chdir(filepath.Join(repoRoot(t), "record", "testdata", "progs"))
	stdout, stderr, code := runCLI(t, "record", "-o", out, "--", "go", "run", "./panics")
	failed := regexp.MustCompile(`(?m)^gpredict: go run \./panics exited with status 1; the trace holds what it did until then \(--allow-failure accepts a failed run\)$`)
	if code != exitError || !failed.MatchString(stderr) {
		t.Fatalf("record of a failing run: exit %d, want 2 and an error naming the status\n%s%s", code, stdout, stderr)
	}
	stdout, stderr, code = runCLI(t, "record", "--allow-failure", "-o", out, "--", "go", "run", "./panics")
	if code != exitOK {
		t.Fatalf("record --allow-failure: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^panic: panics in main$`),
		regexp.MustCompile(`(?m)^gpredict: warning: the run panicked: panics in main at panics/main\.go:36$`),
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
