package tracegen

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"testing"
)

// TestBenchRecordingsAreStable pins the benchmarks' recordings: for a
// shape, a size and a seed, WriteBench and WriteLocks write the same bytes
// as when the benchmark figures in bench/ were measured, so that a
// change to the generators (or to the order in which they draw random
// numbers) cannot silently change what the benchmarks run on. A change
// that means to alter them updates these digests and says so.
func TestBenchRecordingsAreStable(t *testing.T) {
	locks := DefaultLocks()
	wide := locks
	wide.Threads, wide.Locks, wide.Depth = 16, 10, 3
	for _, tc := range []struct {
		name  string
		write func(text, std *bytes.Buffer) error
		want  string // sha256 of the text, then of the STD twin if any
	}{
		{"dense", func(w, _ *bytes.Buffer) error { return WriteBench(w, "dense", 3000, 1) },
			"cc6f1cf654294412e60d47d0c712d8acc4adc08097b42df63a1be8c4da970c85"},
		{"sparse", func(w, _ *bytes.Buffer) error { return WriteBench(w, "sparse", 3000, 7) },
			"56b9311e0c150df4b1f547ed55e761897b196ce40dfbff05c8c1ddac0eb32423"},
		{"locks", func(w, std *bytes.Buffer) error { return WriteLocks(w, std, locks, 3000, 1) },
			"a278bb7512104ca9a083c643806c699f6a8fcf4e3844bdaa44c15a3eebaeac26 9068e1415f1d426ad0a7ab572d88e5a910a166b71ce6da21889afa729d3ada9f"},
		{"locks-wide", func(w, _ *bytes.Buffer) error { return WriteLocks(w, nil, wide, 2000, 42) },
			"a8c0ffef4ad416cb92af6efde32c48285755eb8254ea22a53ee582da66ae9cc7"},
	} {
		var text, std bytes.Buffer
		if err := tc.write(&text, &std); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		got := fmt.Sprintf("%x", sha256.Sum256(text.Bytes()))
		if std.Len() > 0 {
			got += fmt.Sprintf(" %x", sha256.Sum256(std.Bytes()))
		}
		if got != tc.want {
			t.Errorf("%s: digest %s; want %s", tc.name, got, tc.want)
		}
	}
}
