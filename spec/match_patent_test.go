package spec

import (
	"os"
	"path/filepath"
	"testing"
)

// TestPatentSpecsCompile parses every spec printed in the patent and
// compiles each property's pointcuts for matching.
func TestPatentSpecsCompile(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "patent", "*.gp"))
	if err != nil || len(paths) < 6 {
		t.Fatalf("want the six patent specs in testdata/patent, found %d (%v)", len(paths), err)
	}
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, diags := Load(path, src)
		if diags.HasErrors() {
			t.Fatalf("%s does not load:\n%v", path, diags)
		}
		for _, p := range f.Properties {
			if _, err := NewMatcher(p); err != nil {
				t.Errorf("%s: %s: %v", path, p.Name, err)
			}
		}
	}
}
