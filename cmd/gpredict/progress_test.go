package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/vbauerster/mpb/v8"

	"gpredict/predict"
)

// TestProgressWanted: the display is drawn only for a terminal, and never
// with --quiet, under CI, or on a dumb terminal.
func TestProgressWanted(t *testing.T) {
	cases := []struct {
		name     string
		terminal bool
		quiet    bool
		env      map[string]string
		want     bool
	}{
		{"terminal", true, false, nil, true},
		{"not a terminal", false, false, nil, false},
		{"quiet", true, true, nil, false},
		{"CI", true, false, map[string]string{"CI": "true"}, false},
		{"CI empty is unset", true, false, map[string]string{"CI": ""}, true},
		{"dumb terminal", true, false, map[string]string{"TERM": "dumb"}, false},
		{"other terminal type", true, false, map[string]string{"TERM": "xterm-256color"}, true},
		{"quiet, not a terminal", false, true, nil, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			isTerm := func(io.Writer) bool { return tc.terminal }
			getenv := func(k string) string { return tc.env[k] }
			if got := progressWanted(io.Discard, tc.quiet, isTerm, getenv); got != tc.want {
				t.Errorf("progressWanted = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestIsTerminal: what the tests can make without a pseudo-terminal is
// never one: a buffer, a file, a pipe.
func TestIsTerminal(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	for name, out := range map[string]io.Writer{"buffer": &bytes.Buffer{}, "file": f, "pipe": w} {
		if isTerminal(out) {
			t.Errorf("isTerminal(%s) = true", name)
		}
	}
}

func TestProgressText(t *testing.T) {
	cases := []struct {
		p             predict.Progress
		phase, counts string
	}{
		{predict.Progress{}, "enumerating candidates", "0 formed, 0/0+ decided, 0 violations, 0s"},
		{predict.Progress{Formed: 4096, Queued: 1200, Decided: 310, Violations: 1, Elapsed: 2900 * time.Millisecond},
			"enumerating candidates", "4096 formed, 310/1200+ decided, 1 violation, 2s"},
		{predict.Progress{Formed: 5000, Queued: 1300, Decided: 1299, Enumerated: true, Violations: 12, Elapsed: 65 * time.Second},
			"deciding candidates", "1299/1300 decided, 12 violations, 1m5s"},
	}
	for _, tc := range cases {
		if got := progressPhase(tc.p); got != tc.phase {
			t.Errorf("progressPhase(%+v) = %q, want %q", tc.p, got, tc.phase)
		}
		if got := progressCounts(tc.p); got != tc.counts {
			t.Errorf("progressCounts(%+v) = %q, want %q", tc.p, got, tc.counts)
		}
	}
}

// TestProgressDisplay drives the display as the engine does and reads
// what mpb drew into a buffer it takes for a terminal: the counts, then,
// once stopped, the line erased (mpb's cursor-up and erase-below, the
// last thing written), so that the report starts on a clean line.
func TestProgressDisplay(t *testing.T) {
	var out bytes.Buffer
	refresh := make(chan any)
	d := startProgress(&out, progressPhase, mpb.WithManualRefresh(refresh), mpb.ForceTTY(), mpb.WithWidth(120))
	d.update(predict.Progress{Formed: 40, Queued: 10, Decided: 7, Enumerated: true, Violations: 2, Elapsed: 3 * time.Second})
	// The refresh channel is unbuffered and mpb hands each refresh on
	// before it takes the next, so once the third is taken the first
	// redraw is finished.
	for range 3 {
		refresh <- time.Now()
	}
	d.stop()
	d.stop() // a second stop (the deferred one after an error) is harmless

	drawn := out.String()
	for _, want := range []string{"deciding candidates", "7/10 decided, 2 violations, 3s", "[===="} {
		if !strings.Contains(drawn, want) {
			t.Errorf("display lacks %q:\n%q", want, drawn)
		}
	}
	if erase := "\x1b[1A\x1b[J"; !strings.HasSuffix(drawn, erase) {
		t.Errorf("display does not end by erasing its line:\n%q", drawn)
	}
}

// TestProgressDocLines: the lines docs/cli.md shows (copied from a
// terminal) are what the display draws for those counts: the phase
// padded to its width, the bar (empty while enumerating), the counts.
func TestProgressDocLines(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(repoRoot(t), "docs", "cli.md"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	for _, p := range []predict.Progress{
		{Formed: 4576, Queued: 4576, Decided: 4468, Violations: 4468, Elapsed: 8 * time.Second},
		{Formed: 512, Queued: 512, Decided: 410, Enumerated: true, Violations: 410, Elapsed: 1900 * time.Millisecond},
	} {
		prefix := fmt.Sprintf("%-*s ", phaseWidth, progressPhase(p))
		suffix := " " + progressCounts(p)
		found := false
		for _, l := range lines {
			found = found || strings.HasPrefix(l, prefix) && strings.HasSuffix(l, suffix)
		}
		if !found {
			t.Errorf("docs/cli.md has no line %q...%q", prefix, suffix)
		}
	}
}

// TestProgressReadmeLines: the two moments of the display the README shows
// (captured from a terminal) are what the display draws for those counts.
func TestProgressReadmeLines(t *testing.T) {
	block := blockAfter(t, readme(t), "### Progress on a terminal")
	lines := strings.Split(strings.TrimRight(block, "\n"), "\n")
	want := []predict.Progress{
		{Formed: 545, Queued: 194, Decided: 38, Violations: 38},
		{Formed: 545, Queued: 194, Decided: 101, Enumerated: true, Violations: 101, Elapsed: 1200 * time.Millisecond},
	}
	if len(lines) != len(want) {
		t.Fatalf("README progress block has %d lines, want %d:\n%s", len(lines), len(want), block)
	}
	for i, p := range want {
		prefix := fmt.Sprintf("%-*s ", phaseWidth, progressPhase(p))
		suffix := " " + progressCounts(p)
		if !strings.HasPrefix(lines[i], prefix) || !strings.HasSuffix(lines[i], suffix) {
			t.Errorf("README line %q is not %q...%q", lines[i], prefix, suffix)
		}
	}
}
