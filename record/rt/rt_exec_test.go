package rt

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestCopiedBuffers: the buffers modelled for a Cmd are those os/exec
// starts a copying goroutine for (Stdin, Stdout, Stderr not an *os.File,
// Stderr equal to Stdout sharing its goroutine), when they are a non-nil
// *bytes.Buffer.
func TestCopiedBuffers(t *testing.T) {
	a, b, c := new(bytes.Buffer), new(bytes.Buffer), new(bytes.Buffer)
	var sb strings.Builder
	for _, tc := range []struct {
		name           string
		stdin          io.Reader
		stdout, stderr io.Writer
		want           []*bytes.Buffer
	}{
		{"none", nil, nil, nil, nil},
		{"stdout", nil, a, nil, []*bytes.Buffer{a}},
		{"all three", a, b, c, []*bytes.Buffer{a, b, c}},
		{"stderr is stdout", nil, a, a, []*bytes.Buffer{a}},
		{"files", os.Stdin, os.Stdout, os.Stderr, nil},
		{"a builder", nil, &sb, b, []*bytes.Buffer{b}},
		{"a typed nil", (*bytes.Buffer)(nil), (*bytes.Buffer)(nil), nil, nil},
		{"stdin is stdout", a, a, nil, []*bytes.Buffer{a, a}},
	} {
		cmd := exec.Command("true")
		cmd.Stdin, cmd.Stdout, cmd.Stderr = tc.stdin, tc.stdout, tc.stderr
		got := copiedBuffers(cmd)
		if len(got) != len(tc.want) {
			t.Errorf("%s: %d buffers; want %d", tc.name, len(got), len(tc.want))
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%s: buffer %d is not the one wanted", tc.name, i)
			}
		}
	}
}

// TestSameWriter: an incomparable writer is not the same as any other,
// as os/exec's test says, instead of panicking.
func TestSameWriter(t *testing.T) {
	type sliceWriter struct {
		io.Writer
		_ []int
	}
	w := sliceWriter{Writer: io.Discard}
	if sameWriter(w, w) {
		t.Error("an incomparable writer is the same as itself")
	}
	if b := new(bytes.Buffer); !sameWriter(b, b) {
		t.Error("a buffer is not the same as itself")
	}
}
