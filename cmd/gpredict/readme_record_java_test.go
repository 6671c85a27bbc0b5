package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gpredict/internal/javatest"
)

// TestReadmeJavaExample runs the README's Java example: the program shown
// is examples/java/server; recording it and predicting on the trace
// prints the README's report. The witness is compared without its
// column order and numbering of summarised steps (which thread logs
// first decides the columns); the chosen events and the summary are
// compared exactly, but for the time.
func TestReadmeJavaExample(t *testing.T) {
	agent := javatest.Agent(t)
	md := readme(t)
	dir := filepath.Join(repoRoot(t), "examples", "java", "server")
	src, err := os.ReadFile(filepath.Join(dir, "server", "Server.java"))
	if err != nil {
		t.Fatal(err)
	}
	if got := blockAfter(t, md, "is\nthe server above in Java:"); got != string(src) {
		t.Errorf("README shows a Server.java that is not examples/java/server/server/Server.java:\n%s", got)
	}
	cmds := blockAfter(t, md, "Compile, record and predict:")
	want := "cd examples/java/server\njavac -d classes server/Server.java\ngpredict record -o rec -- java -cp classes server.Server\ngpredict predict --props all rec/trace.trace\n"
	if cmds != want {
		t.Fatalf("README commands:\n%s\nwant:\n%s", cmds, want)
	}
	work := t.TempDir()
	if b, err := exec.Command("javac", "-d", filepath.Join(work, "classes"), filepath.Join(dir, "server", "Server.java")).CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, b)
	}
	t.Chdir(work)
	stdout, stderr, code := runCLI(t, "record", "-o", "rec", "--agent", agent, "--", "java", "-cp", "classes", "server.Server")
	if code != exitOK || stdout != "" {
		t.Fatalf("record: exit %d, stdout %q\n%s", code, stdout, stderr)
	}
	line := regexp.MustCompile(`^gpredict: recorded (\d+ events of \d+ threads \(\d+ classes instrumented), [0-9.]+s\): rec/trace.trace\n$`)
	m := line.FindStringSubmatch(stderr)
	if m == nil || !strings.Contains(md, "`gpredict: recorded "+m[1]+", ") {
		t.Errorf("record printed %q; the README says otherwise", stderr)
	}
	got, errOut, code := runCLI(t, "predict", "--props", "all", filepath.Join("rec", "trace.trace"))
	if code != exitViolation {
		t.Fatalf("predict: exit %d, stderr %q", code, errOut)
	}
	wantOut := blockAfter(t, md, "threads (1 classes instrumented, ")
	if stable(got) != stable(wantOut) {
		t.Fatalf("README shows:\n%s\ngpredict prints:\n%s", wantOut, got)
	}
}

// stable is a report with its witness rows sorted and the columns of the
// rows squeezed, and the times taken out.
func stable(report string) string {
	lines := strings.Split(elapsed.ReplaceAllString(report, ""), "\n")
	in := false
	var witness, out []string
	for _, l := range lines {
		switch {
		case strings.HasPrefix(strings.TrimSpace(l), "witness"):
			in = true
			out = append(out, "witness")
		case in && strings.TrimSpace(l) == "":
			in = false
			slices.Sort(witness)
			out = append(out, witness...)
			out = append(out, "")
			witness = nil
		case in:
			witness = append(witness, strings.Join(strings.Fields(l), " "))
		default:
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
