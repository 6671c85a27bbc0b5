package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpredict/spec"
)

// TestSpecEventsGolden lists the property events of each spec in
// testdata/spec_events against the trace of the same name.
func TestSpecEventsGolden(t *testing.T) {
	specs, err := filepath.Glob(filepath.Join("testdata", "spec_events", "*.gp"))
	if err != nil || len(specs) == 0 {
		t.Fatalf("no specs in testdata/spec_events (%v)", err)
	}
	for _, path := range specs {
		base := strings.TrimSuffix(path, ".gp")
		t.Run(filepath.Base(base), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			f, diags := spec.Load(filepath.ToSlash(path), src)
			if diags.HasErrors() {
				t.Fatalf("spec does not load:\n%v", diags)
			}
			var out bytes.Buffer
			if err := writeSpecEvents(context.Background(), &out, []string{base + ".trace"}, []*spec.File{f}); err != nil {
				t.Fatal(err)
			}
			golden := base + ".golden"
			if *update {
				if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got := out.String(); got != string(want) {
				t.Errorf("output differs from %s:\n--- got\n%s--- want\n%s", golden, got, want)
			}
		})
	}
}

// TestSpecEventsTraceError reports a trace that cannot be read.
func TestSpecEventsTraceError(t *testing.T) {
	f, _ := spec.Parse("x.gp", []byte("P(Object o) { event e before(Object o): lock() && args(o); pattern: e }"))
	err := writeSpecEvents(context.Background(), &bytes.Buffer{}, []string{filepath.Join("testdata", "spec_events", "missing.trace")}, []*spec.File{f})
	if err == nil || !strings.Contains(err.Error(), "missing.trace") {
		t.Fatalf("error %v, want one naming missing.trace", err)
	}
}
