package props

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite docs/properties.md from the catalogue")

// TestPropertiesDoc fails when docs/properties.md and the catalogue drift
// apart; `go test ./props -update` regenerates the file.
func TestPropertiesDoc(t *testing.T) {
	path := filepath.Join("..", "docs", "properties.md")
	want := CatalogueMarkdown(All())
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("docs/properties.md is out of date with props/catalog; run `go test ./props -update`")
	}
}
