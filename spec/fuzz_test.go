package spec

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse: Load never panics, every diagnostic it reports has a
// position inside the input, and no file with a bad character loads. Seeds: testdata/fuzz/FuzzParse plus every
// spec under testdata.
func FuzzParse(f *testing.F) {
	for _, glob := range []string{"testdata/patent/*.gp", "testdata/ext/*.gp", "testdata/diag/*.gp"} {
		paths, _ := filepath.Glob(glob)
		for _, p := range paths {
			src, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, diags := Load("fuzz.gp", src)
		if file == nil {
			t.Fatal("nil file")
		}
		for _, d := range diags {
			if d.Pos.Offset < 0 || d.Pos.Offset > int64(len(src)) || d.End.Offset > int64(len(src)) ||
				d.End.Offset < d.Pos.Offset {
				t.Fatalf("diagnostic range %+v–%+v outside the input (len %d): %s", d.Pos, d.End, len(src), d.Msg)
			}
			_ = d.Render(src)
		}
		if !diags.HasErrors() && len(checkText(newSrcIndex("fuzz.gp", src))) > 0 {
			t.Fatal("a file with invalid UTF-8 or a control character loaded")
		}
		if !diags.HasErrors() {
			_ = DumpAST(file)
			_ = DumpNormal(file)
		}
	})
}
