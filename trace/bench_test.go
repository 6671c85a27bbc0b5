package trace

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// The reader benchmarks read jigsaw (109,440 events) from memory in each
// format; the text and JSONL inputs are converted from the STD file.

func jigsaw(b *testing.B) *Trace {
	tr, err := Read([]string{filepath.Join(sharedTraces(b), "std", "jigsaw.std")}, "")
	if err != nil {
		b.Fatal(err)
	}
	return tr
}

func benchRead(b *testing.B, read func(*Builder, string, io.Reader) error, data []byte) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if err := read(NewBuilder(), "jigsaw", bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}

func readShared(b *testing.B, rel string) []byte {
	data, err := os.ReadFile(filepath.Join(sharedTraces(b), rel))
	if err != nil {
		b.Fatal(err)
	}
	return data
}

func BenchmarkReadSTDJigsaw(b *testing.B) {
	benchRead(b, ReadSTD, readShared(b, "std/jigsaw.std"))
}

func BenchmarkReadRapidBinJigsaw(b *testing.B) {
	benchRead(b, ReadRapidBin, readShared(b, "rapidbin/jigsaw.data"))
}

func BenchmarkReadTextJigsaw(b *testing.B) {
	var buf bytes.Buffer
	if err := WriteText(&buf, jigsaw(b)); err != nil {
		b.Fatal(err)
	}
	benchRead(b, ReadText, buf.Bytes())
}

func BenchmarkReadJSONLJigsaw(b *testing.B) {
	var buf bytes.Buffer
	if err := WriteJSONL(&buf, jigsaw(b)); err != nil {
		b.Fatal(err)
	}
	benchRead(b, ReadJSONL, buf.Bytes())
}

func BenchmarkWriteTextJigsaw(b *testing.B) {
	tr := jigsaw(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteText(io.Discard, tr); err != nil {
			b.Fatal(err)
		}
	}
}
