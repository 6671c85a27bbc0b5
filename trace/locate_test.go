package trace

import (
	"os"
	"path/filepath"
	"testing"
)

// Locate finds each event's line and column back, past comments, blank
// lines and directives, in the line formats, and its offset in RapidBin.
func TestLocate(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "a.trace")
	src := "# comment\ninit x 1\n\nT1 fork T2\n  T2 write x 2 @A.java:3\nT1 read x 1\n"
	if err := os.WriteFile(text, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	jsonl := filepath.Join(dir, "a.jsonl")
	jsrc := `{"directive":"init","var":"x","value":"1"}` + "\n\n" + `{"thread":"T1","op":"fork","child":"T2"}` + "\n" + `{"thread":"T2","op":"write","var":"x","value":"2"}` + "\n"
	if err := os.WriteFile(jsonl, []byte(jsrc), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path    string
		arrival uint32
		want    string
	}{
		{text, 0, text + ":4:4"},
		{text, 1, text + ":5:6"},
		{text, 2, text + ":6:4"},
		{jsonl, 1, jsonl + ":4:"},
	}
	for _, tc := range tests {
		pos, err := Locate(tc.path, "", tc.arrival)
		if err != nil {
			t.Fatal(err)
		}
		if got := pos.String(); got[:len(tc.want)] != tc.want {
			t.Errorf("Locate(%s, %d) = %s, want %s…", filepath.Base(tc.path), tc.arrival, got, tc.want)
		}
	}
	if _, err := Locate(text, "", 3); err == nil {
		t.Error("Locate past the last event: no error")
	}
}
