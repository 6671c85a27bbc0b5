package trace

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// The reader benchmarks read Dbcp2 (2,484 events, the largest recording
// in testdata/traces) from memory in each format; the text and JSONL
// inputs are converted from the STD file. b.SetBytes makes the figure a
// throughput, comparable across trace sizes.

func dbcp2(b *testing.B) *Trace {
	tr, err := Read([]string{filepath.Join(realTraces(b), "std", "Dbcp2.std")}, "")
	if err != nil {
		b.Fatal(err)
	}
	return tr
}

func benchRead(b *testing.B, read func(*Builder, string, io.Reader) error, data []byte) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if err := read(NewBuilder(), "Dbcp2", bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}

func readReal(b *testing.B, rel string) []byte {
	data, err := os.ReadFile(filepath.Join(realTraces(b), rel))
	if err != nil {
		b.Fatal(err)
	}
	return data
}

func BenchmarkReadSTDDbcp2(b *testing.B) {
	benchRead(b, ReadSTD, readReal(b, "std/Dbcp2.std"))
}

func BenchmarkReadRapidBinDbcp2(b *testing.B) {
	benchRead(b, ReadRapidBin, readReal(b, "rapidbin/Dbcp2.data"))
}

func BenchmarkReadTextDbcp2(b *testing.B) {
	var buf bytes.Buffer
	if err := WriteText(&buf, dbcp2(b)); err != nil {
		b.Fatal(err)
	}
	benchRead(b, ReadText, buf.Bytes())
}

func BenchmarkReadJSONLDbcp2(b *testing.B) {
	var buf bytes.Buffer
	if err := WriteJSONL(&buf, dbcp2(b)); err != nil {
		b.Fatal(err)
	}
	benchRead(b, ReadJSONL, buf.Bytes())
}

func BenchmarkWriteTextDbcp2(b *testing.B) {
	tr := dbcp2(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteText(io.Discard, tr); err != nil {
			b.Fatal(err)
		}
	}
}
