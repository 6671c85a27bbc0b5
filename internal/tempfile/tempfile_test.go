package tempfile

import (
	"io"
	"os"
	"testing"
)

// TestUnlinked: the file reads back what was written to it, and its
// directory is empty from the start.
func TestUnlinked(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	f, err := Unlinked("gpredict-test-*")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if left, _ := os.ReadDir(os.TempDir()); len(left) > 0 {
		t.Errorf("%s is still in the directory", left[0].Name())
	}
	if _, err := f.WriteString("kept while open"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(f)
	if err != nil || string(got) != "kept while open" {
		t.Errorf("read back %q, %v", got, err)
	}
}
