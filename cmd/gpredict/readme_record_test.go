package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestReadmeGoExample runs the README's Go example: the program shown is
// examples/go/server, recording its test and predicting on the trace
// prints the README's report.
func TestReadmeGoExample(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatal("the go tool is not on PATH; the README's Go example needs it")
	}
	md := readme(t)
	dir := filepath.Join(repoRoot(t), "examples", "go", "server")
	for marker, file := range map[string]string{
		"is a small server whose": "server.go", "Its test shuts the server down": "server_test.go",
	} {
		src, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		if got := blockAfter(t, md, marker); got != string(src) {
			t.Errorf("README shows a %s that is not examples/go/server/%s:\n%s", file, file, got)
		}
	}
	cmds := blockAfter(t, md, "Record it and predict:")
	if want := "cd examples/go/server\ngpredict record -o rec -- go test . -run TestShutdown\ngpredict predict --props all rec/trace.trace\n"; cmds != want {
		t.Fatalf("README commands:\n%s\nwant:\n%s", cmds, want)
	}
	// The README's claim: the test passes, and -race sees nothing in it.
	race := exec.Command("go", "test", "-race", "-count=1", ".")
	race.Dir = dir
	if b, err := race.CombinedOutput(); err != nil {
		t.Fatalf("go test -race in examples/go/server: %v\n%s", err, b)
	}
	out := t.TempDir()
	t.Chdir(dir)
	stdout, stderr, code := runCLI(t, "record", "-o", out, "--", "go", "test", ".", "-run", "TestShutdown")
	if code != exitOK {
		t.Fatalf("record: exit %d\n%s%s", code, stdout, stderr)
	}
	line := regexp.MustCompile(`gpredict: recorded 21 events of 4 goroutines \(2 files instrumented, [0-9.]+s\): \S+/trace.trace`)
	if !line.MatchString(stderr) || !strings.Contains(md, "`gpredict: recorded 21 events of 4 goroutines (2 files instrumented, ") {
		t.Errorf("record printed %q; the README says 21 events of 4 goroutines", stderr)
	}
	want := blockAfter(t, md, "`predict` prints:")
	got, errOut, code := runCLI(t, "predict", "--props", "all", filepath.Join(out, "trace.trace"))
	if code != exitViolation {
		t.Fatalf("predict: exit %d, stderr %q", code, errOut)
	}
	if witnessInAnyOrder(elapsed.ReplaceAllString(got, "")) != witnessInAnyOrder(elapsed.ReplaceAllString(want, "")) {
		t.Fatalf("README shows:\n%s\ngpredict prints:\n%s", want, got)
	}
}

// witnessInAnyOrder is a report with the lines of its witness sorted.
// The recorded run's goroutines interleave differently from one run to
// the next, and the witness follows the recorded order where the
// program leaves it free, so steps of different goroutines that nothing
// orders may be drawn in either order; each goroutine's own steps are in
// program order anyway (their ids count up), and everything outside the
// witness must match exactly.
func witnessInAnyOrder(report string) string {
	lines := strings.Split(report, "\n")
	start := slices.IndexFunc(lines, func(l string) bool { return strings.TrimSpace(l) == "witness:" })
	if start < 0 {
		return report
	}
	end := start + 1
	for end < len(lines) && strings.TrimSpace(lines[end]) != "" {
		end++
	}
	slices.Sort(lines[start+1 : end])
	return strings.Join(lines, "\n")
}
