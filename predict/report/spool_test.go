package report

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"gpredict/internal/testtrace"
)

// TestSpool writes chunks past, at and under the limit: what comes out is
// what went in, a file holds it exactly when it passed the limit, and no
// file is left in $TMPDIR.
func TestSpool(t *testing.T) {
	chunks := []string{"<section>", strings.Repeat("x", 100), "</section>\n", ""}
	want := strings.Join(chunks, "")
	for _, tc := range []struct {
		name     string
		limit    int
		wantFile bool
	}{
		{"every byte to a file", 0, true},
		{"past the limit midway", 50, true},
		{"exactly at the limit", len(want), false},
		{"under the limit", 1 << 20, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("TMPDIR", t.TempDir())
			s := newSpool(tc.limit)
			for _, c := range chunks {
				if n, err := s.Write([]byte(c)); err != nil || n != len(c) {
					t.Fatalf("Write(%d bytes) = %d, %v", len(c), n, err)
				}
			}
			if got := s.file != nil; got != tc.wantFile {
				t.Errorf("spooled to a file: %v, want %v", got, tc.wantFile)
			}
			var out bytes.Buffer
			if _, err := s.WriteTo(&out); err != nil {
				t.Fatal(err)
			}
			if out.String() != want {
				t.Errorf("got %q, want %q", out.String(), want)
			}
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			if left, _ := os.ReadDir(os.TempDir()); len(left) > 0 {
				t.Errorf("Close left %s behind", left[0].Name())
			}
		})
	}
}

// TestHTMLSpooledToFile writes a page whose reports all go through the
// temporary file: the page is the one written from memory, and the file
// is gone afterwards.
func TestHTMLSpooledToFile(t *testing.T) {
	tr := testtrace.Text(t, longWitness())
	res := run(t, tr, true, nil, property(t, tr, "Race"))
	o := Options{Version: "test", Traces: []string{"long.trace"}, All: true}
	var inMemory, spooled bytes.Buffer
	if err := writeHTML(&inMemory, res, o, 1<<30); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TMPDIR", t.TempDir())
	if err := writeHTML(&spooled, res, o, 0); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(inMemory.String(), `<section class="report"`) {
		t.Fatal("the page has no report: the test compares too little")
	}
	if spooled.String() != inMemory.String() {
		t.Errorf("the spooled page differs from the one written from memory:\n%s", firstLineDiff(inMemory.String(), spooled.String()))
	}
	if left, _ := os.ReadDir(os.TempDir()); len(left) > 0 {
		t.Errorf("the writer left %s behind", left[0].Name())
	}
}

// firstLineDiff shows the first line where a and b differ.
func firstLineDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return "want: " + al[i] + "\ngot:  " + bl[i]
		}
	}
	return "one is a prefix of the other"
}
