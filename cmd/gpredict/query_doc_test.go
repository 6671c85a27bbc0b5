package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// docs/query.md shows real runs: each fenced block that starts with
// "$ gpredict ..." is run and must print what the block shows after that
// line (run times aside). `go test ./cmd/gpredict -run TestQueryDocRuns
// -update` pastes what gpredict prints into the page.
func TestQueryDocRuns(t *testing.T) { checkDocRuns(t, filepath.Join("docs", "query.md")) }

// TestOutputDocRuns: docs/output.md's "$ gpredict ..." blocks, checked
// the same way (its other examples are pinned by predict's golden files).
func TestOutputDocRuns(t *testing.T) { checkDocRuns(t, filepath.Join("docs", "output.md")) }

// checkDocRuns runs the "$ gpredict ..." blocks of the page at path (from
// the repository root) and compares what they print with what the page
// shows, run times masked; with -update it pastes the output instead.
func checkDocRuns(t *testing.T, path string) {
	t.Chdir(repoRoot(t))
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	page := string(src)
	runs := 0
	for _, block := range fencedBlocks(page) {
		first, want, _ := strings.Cut(block, "\n")
		line, ok := strings.CutPrefix(first, "$ gpredict ")
		if !ok {
			continue
		}
		runs++
		args, err := shellWords(line)
		if err != nil {
			t.Fatalf("%s: %v", first, err)
		}
		out, errOut, code := runCLI(t, args...)
		if errOut != "" || code == exitError {
			t.Errorf("%s: exit %d, stderr %q", first, code, errOut)
			continue
		}
		if masked(out) == masked(want) {
			continue
		}
		if *update {
			page = strings.Replace(page, first+"\n"+want, first+"\n"+out, 1)
			continue
		}
		t.Errorf("%s shows:\n%s%s\ngpredict prints:\n%s", path, first+"\n", want, out)
	}
	if runs == 0 {
		t.Fatalf("%s shows no gpredict run", path)
	}
	if *update {
		if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// masked is out without its run times: elapsed, and JSON's "seconds".
func masked(out string) string {
	return jsonSeconds.ReplaceAllString(elapsed.ReplaceAllString(out, ""), "")
}

var jsonSeconds = regexp.MustCompile(`"seconds": [0-9.e-]+`)

// shellWords splits a command line as a shell would for the commands of
// the docs: words separated by spaces, "..." quoting a word with spaces.
func shellWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord, quoted := false, false
	for _, r := range s {
		switch {
		case r == '"':
			quoted, inWord = !quoted, true
		case r == ' ' && !quoted:
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quoted {
		return nil, os.ErrInvalid
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}
