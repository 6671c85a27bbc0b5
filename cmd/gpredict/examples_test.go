package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestExamplesReadme runs every command of the table in
// examples/README.md, as written, from the repository root, and checks
// the exit status and the report line the table shows.
func TestExamplesReadme(t *testing.T) {
	root := repoRoot(t)
	src, err := os.ReadFile(filepath.Join(root, "examples", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(root)
	rows := 0
	for _, line := range strings.Split(string(src), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != 6 || !strings.HasPrefix(strings.TrimSpace(cells[2]), "`gpredict ") {
			continue
		}
		rows++
		cmd := strings.Trim(strings.TrimSpace(cells[2]), "`")
		want, err := strconv.Atoi(strings.TrimSpace(cells[3]))
		if err != nil {
			t.Fatalf("examples/README.md: exit column %q", cells[3])
		}
		report := strings.Trim(strings.TrimSpace(cells[4]), "`")
		t.Run(strings.TrimSpace(cells[1]), func(t *testing.T) {
			args, err := shellWords(cmd)
			if err != nil {
				t.Fatalf("%s: %v", cmd, err)
			}
			out, errOut, code := runCLI(t, args[1:]...)
			if code != want {
				t.Fatalf("%s: exit %d, want %d\n%s%s", cmd, code, want, out, errOut)
			}
			if !strings.Contains(out, report) {
				t.Errorf("%s: output lacks %q:\n%s", cmd, report, out)
			}
		})
	}
	if rows < 8 {
		t.Fatalf("examples/README.md: found %d commands, want the 8 of its table", rows)
	}
}
