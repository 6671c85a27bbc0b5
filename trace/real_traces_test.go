package trace

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRealTracesRead reads every real trace in its format.
func TestRealTracesRead(t *testing.T) {
	for _, f := range realFiles(t) {
		if _, err := Read([]string{f}, ""); err != nil {
			t.Errorf("%v", err)
		}
	}
}

// TestRapidBinTwins checks that each RapidBin recording gives the same
// trace as its STD twin: same events, names, inferred values, locations.
func TestRapidBinTwins(t *testing.T) {
	dir := realTraces(t)
	bins, _ := filepath.Glob(filepath.Join(dir, "rapidbin", "*.data"))
	twins := 0
	for _, bin := range bins {
		std := filepath.Join(dir, "std", strings.TrimSuffix(filepath.Base(bin), ".data")+".std")
		if _, err := os.Stat(std); err != nil {
			continue
		}
		twins++
		a, err := Read([]string{bin}, "")
		if err != nil {
			t.Fatal(err)
		}
		b, err := Read([]string{std}, "")
		if err != nil {
			t.Fatal(err)
		}
		if da, db := dump(a), dump(b); da != db {
			t.Errorf("%s and %s differ:\n%s", bin, std, lineDiff(db, da))
		}
	}
	if twins == 0 {
		t.Fatal("no RapidBin file has an STD twin")
	}
}

// TestRoundTrip converts text → JSONL → text and checks that events, ids
// and directives survive, on the test traces and every real trace.
func TestRoundTrip(t *testing.T) {
	inputs := realFiles(t)
	local, _ := filepath.Glob(filepath.Join("testdata", "valid", "*.trace"))
	inputs = append(inputs, local...)
	inputs = append(inputs, filepath.Join("testdata", "valid", "multi"))
	for _, in := range inputs {
		orig, err := Read([]string{in}, "")
		if err != nil {
			t.Fatal(err)
		}
		var text1, jsonl, text2 bytes.Buffer
		if err := WriteText(&text1, orig); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		fromText := mustRead(t, "a.trace", ReadText, text1.Bytes())
		if err := WriteJSONL(&jsonl, fromText); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		fromJSONL := mustRead(t, "a.jsonl", ReadJSONL, jsonl.Bytes())
		if err := WriteText(&text2, fromJSONL); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		want := dump(orig)
		for name, got := range map[string]*Trace{"text": fromText, "jsonl": fromJSONL} {
			if d := dump(got); d != want {
				t.Errorf("%s: after conversion to %s:\n%s", in, name, lineDiff(want, d))
			}
		}
		if text1.String() != text2.String() {
			t.Errorf("%s: text → jsonl → text changed the text:\n%s", in, lineDiff(text1.String(), text2.String()))
		}
	}
}

func mustRead(t *testing.T, name string, read func(*Builder, string, io.Reader) error, data []byte) *Trace {
	t.Helper()
	b := NewBuilder()
	if err := read(b, name, bytes.NewReader(data)); err != nil {
		t.Fatalf("reading back %s: %v", name, err)
	}
	if err := b.Resolve(); err != nil {
		t.Fatalf("reading back %s: %v", name, err)
	}
	return b.Finish()
}
