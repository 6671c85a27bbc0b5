package trace

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The fuzz targets feed arbitrary bytes to each reader. A reader must not
// panic, must fail only with a positioned *Error, and whatever it accepts
// must survive conversion: written as text and as JSONL and read back, it
// is the same trace. Seeds: testdata/fuzz/<target>/ plus the test inputs.

func FuzzReadText(f *testing.F) {
	addSeeds(f, ".trace")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzRead(t, ReadText, data) })
}

func FuzzReadJSONL(f *testing.F) {
	addSeeds(f, ".jsonl")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzRead(t, ReadJSONL, data) })
}

func FuzzReadSTD(f *testing.F) {
	addSeeds(f, ".std")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzRead(t, ReadSTD, data) })
}

func FuzzReadRapidBin(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "malformed", "*.rb"))
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		data, err := rbFromText(string(src))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) { fuzzRead(t, ReadRapidBin, data) })
}

// addSeeds adds every test input with extension ext.
func addSeeds(f *testing.F, ext string) {
	for _, dir := range []string{"valid", "malformed"} {
		files, _ := filepath.Glob(filepath.Join("testdata", dir, "*"+ext))
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
}

func fuzzRead(t *testing.T, read func(*Builder, string, io.Reader) error, data []byte) {
	b := NewBuilder()
	err := read(b, "fuzz", bytes.NewReader(data))
	if err == nil {
		err = b.Resolve()
	}
	if err != nil {
		var terr *Error
		if !errors.As(err, &terr) {
			t.Fatalf("error %q is not a positioned *trace.Error", err)
		}
		if !strings.HasPrefix(err.Error(), "fuzz:") {
			t.Fatalf("error %q does not name the file", err)
		}
		return
	}
	tr := b.Finish()
	_ = tr.Stats()
	want := dump(tr)
	for _, w := range []struct {
		name  string
		write func(io.Writer, *Trace) error
		read  func(*Builder, string, io.Reader) error
	}{{"text", WriteText, ReadText}, {"jsonl", WriteJSONL, ReadJSONL}} {
		var buf bytes.Buffer
		if err := w.write(&buf, tr); err != nil {
			t.Fatalf("accepted trace cannot be written as %s: %v", w.name, err)
		}
		b2 := NewBuilder()
		err := w.read(b2, "again", &buf)
		if err == nil {
			err = b2.Resolve()
		}
		if err != nil {
			t.Fatalf("%s output does not read back: %v\n%s", w.name, err, buf.String())
		}
		if got := dump(b2.Finish()); got != want {
			t.Fatalf("%s conversion changed the trace:\n%s", w.name, lineDiff(want, got))
		}
	}
}
