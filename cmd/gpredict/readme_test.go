package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The README is part of the product: these tests run what it tells a user
// to run and compare what it says they will see.

// fencedBlocks returns the fenced code blocks of a Markdown text, in order.
func fencedBlocks(md string) []string {
	var blocks []string
	var cur []string
	in := false
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(line, "```") {
			if in {
				blocks = append(blocks, strings.Join(cur, "\n")+"\n")
				cur = nil
			}
			in = !in
			continue
		}
		if in {
			cur = append(cur, line)
		}
	}
	return blocks
}

// blockAfter returns the first fenced block that follows marker in md.
func blockAfter(t *testing.T, md, marker string) string {
	t.Helper()
	i := strings.Index(md, marker)
	if i < 0 {
		t.Fatalf("README has no %q", marker)
	}
	blocks := fencedBlocks(md[i:])
	if len(blocks) == 0 {
		t.Fatalf("README has no code block after %q", marker)
	}
	return blocks[0]
}

func readme(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// elapsed matches the run time at the end of a line (the summary line,
// which notes may follow), the one figure that differs from run to run.
var elapsed = regexp.MustCompile(`(?m)[0-9]+\.[0-9]+s$`)

func TestReadmeOffersExactlyTwoCommands(t *testing.T) {
	block := blockAfter(t, readme(t), "## On a fresh machine")
	var cmds []string
	for _, line := range strings.Split(strings.TrimSpace(block), "\n") {
		cmd, _, _ := strings.Cut(line, "#")
		cmds = append(cmds, strings.TrimSpace(cmd))
	}
	if strings.Join(cmds, "|") != "make demo|make test" {
		t.Fatalf("README fresh-machine commands = %q, want make demo and make test", cmds)
	}
}

func TestReadmeExampleTraceIsTheBundledOne(t *testing.T) {
	block := blockAfter(t, readme(t), "## A worked example")
	src, err := os.ReadFile(filepath.Join(repoRoot(t), "examples", "iterator.trace"))
	if err != nil {
		t.Fatal(err)
	}
	var events []string
	for _, line := range strings.Split(string(src), "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			events = append(events, line)
		}
	}
	if got, want := strings.TrimSpace(block), strings.Join(events, "\n"); got != want {
		t.Fatalf("README trace:\n%s\nexamples/iterator.trace:\n%s", got, want)
	}
}

// readmeExample returns the README's code block after marker and what
// gpredict prints for args, run from the repository root; the examples
// show violations, so exit status 1 is required.
func readmeExample(t *testing.T, marker string, args ...string) (shown, printed string) {
	t.Helper()
	shown = blockAfter(t, readme(t), marker)
	t.Chdir(repoRoot(t))
	out, errOut, code := runCLI(t, args...)
	if code != exitViolation {
		t.Fatalf("%v: exit %d, stderr %q", args, code, errOut)
	}
	return shown, out
}

func TestReadmeDemoOutput(t *testing.T) {
	want, out := readmeExample(t, "`make demo` runs every property", "predict", "--props", "all", "examples/iterator.trace")
	if elapsed.ReplaceAllString(out, "") != elapsed.ReplaceAllString(want, "") {
		t.Fatalf("README shows:\n%s\ngpredict prints:\n%s", want, out)
	}
}

// TestMakeDemo runs the README's demo command itself, as a user would.
func TestMakeDemo(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Fatal("make is not installed; the README's commands need it")
	}
	cmd := exec.Command("make", "demo")
	cmd.Dir = repoRoot(t)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("make demo: %v\n%s", err, out)
	}
	want := blockAfter(t, readme(t), "`make demo` runs every property")
	report, _, _ := strings.Cut(want, "\n\n")
	if !strings.Contains(string(out), report) {
		t.Fatalf("make demo output lacks the README's report:\n%s", out)
	}
}

// TestReadmeLongTraceOutput runs the README's long-trace example and
// compares the report it shows with the first one gpredict prints.
func TestReadmeLongTraceOutput(t *testing.T) {
	want, out := readmeExample(t, "### Long traces", "predict", "--props", "DataRace", "testdata/traces/std/Account.std")
	first, _, _ := strings.Cut(out, "\n\n")
	if first+"\n" != want {
		t.Fatalf("README shows:\n%s\ngpredict prints:\n%s", want, first)
	}
}
