package trace

import (
	"bytes"
	"strings"
	"testing"
)

func TestParseMemoryModel(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    MemoryModel
		relaxed bool
		err     bool
	}{
		{"sc", SC, false, false},
		{"tso", TSO, true, false},
		{"pso", PSO, true, false},
		{"TSO", SC, false, true},
		{"", SC, false, true},
	} {
		got, err := ParseMemoryModel(tc.in)
		if (err != nil) != tc.err || got != tc.want || got.Relaxed() != tc.relaxed {
			t.Errorf("ParseMemoryModel(%q) = %v, %v (relaxed %v)", tc.in, got, err, got.Relaxed())
		}
		if err == nil && got.String() != tc.in {
			t.Errorf("%v.String() = %q, want %q", got, got.String(), tc.in)
		}
	}
}

// A fence has no operands in either format and survives a round trip
// through both writers.
func TestFenceEvent(t *testing.T) {
	tr, err := ParseText("f.trace", "T1 write x 1\nT1 fence @A.java:2\nT1 read y 0\n")
	if err != nil {
		t.Fatal(err)
	}
	if op := tr.Threads[0].Events[1].Op; op != OpFence {
		t.Fatalf("op = %v, want fence", op)
	}
	if got := tr.EventText(EventRef{Thread: 0, Index: 1}); got != "fence" {
		t.Errorf("EventText = %q", got)
	}
	if _, err := ParseText("g.trace", "T1 fence x\n"); err == nil || !strings.Contains(err.Error(), "g.trace:1:") {
		t.Errorf("a fence with an operand: %v", err)
	}
	var text, jsonl bytes.Buffer
	if err := WriteText(&text, tr); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "T1 fence @A.java:2") {
		t.Errorf("text writer: %s", text.String())
	}
	if err := WriteJSONL(&jsonl, tr); err != nil {
		t.Fatal(err)
	}
	b := NewBuilder()
	if err := ReadJSONL(b, "f.jsonl", &jsonl); err != nil {
		t.Fatal(err)
	}
	if err := b.Resolve(); err != nil {
		t.Fatal(err)
	}
	if op := b.Finish().Threads[0].Events[1].Op; op != OpFence {
		t.Errorf("JSONL round trip: op %v", op)
	}
}
