package spec

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// golden compares got with the file at path exactly, or rewrites it with
// -update.
func golden(t *testing.T, path string, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./spec -update to create it)", err)
	}
	if !bytes.Equal(want, []byte(got)) {
		t.Errorf("%s differs from the output (run go test ./spec -update if the change is intended)\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

func readCase(t *testing.T, path string) []byte {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// TestPatentSpecs loads the six specifications printed in the patent, and
// the specs of testdata/ext that use the language's extensions (holds):
// they must load with warnings only (one per unbound advice parameter),
// and their AST, normal form and warnings are pinned by golden files.
func TestPatentSpecs(t *testing.T) {
	wantWarnings := map[string]int{
		"unsafe_iterator":        0,
		"atomicity_violation":    2, // begin and end: `o` is not bound by execution(m())
		"data_race":              0,
		"null_pointer_exception": 0,
		"unsafe_database_access": 1, // update: `table` is used only in if(...)
		"check_then_act":         0,
		"holds":                  0, // testdata/ext
	}
	paths, _ := filepath.Glob("testdata/patent/*.gp")
	ext, _ := filepath.Glob("testdata/ext/*.gp")
	paths = append(paths, ext...)
	if len(paths) != len(wantWarnings) {
		t.Fatalf("found %d specs, want %d", len(paths), len(wantWarnings))
	}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".gp")
		t.Run(name, func(t *testing.T) {
			src := readCase(t, path)
			f, diags := Load(path, src)
			if diags.HasErrors() {
				t.Fatalf("errors:\n%s", diags.Render(src))
			}
			if len(diags) != wantWarnings[name] {
				t.Errorf("%d warnings, want %d:\n%s", len(diags), wantWarnings[name], diags.Render(src))
			}
			for _, d := range diags {
				if d.Code != CodeUnboundAdviceParam {
					t.Errorf("unexpected warning %s", d.Render(src))
				}
			}
			for _, p := range f.Properties {
				if p.Normal == nil {
					t.Errorf("property %s has no normal form", p.Name)
				}
			}
			base := strings.TrimSuffix(path, ".gp")
			golden(t, base+".ast", DumpAST(f))
			golden(t, base+".normal", DumpNormal(f))
			golden(t, base+".diags", diags.Render(src))
		})
	}
}

// TestDiagnostics runs one file per static error (and per place of a
// syntax error): the first line `// want: CODE` names the code the file
// must produce (and no other error code); the rendered diagnostics,
// carets included, are pinned by a golden file.
func TestDiagnostics(t *testing.T) {
	paths, _ := filepath.Glob("testdata/diag/*.gp")
	if len(paths) == 0 {
		t.Fatal("no cases in testdata/diag")
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".gp"), func(t *testing.T) {
			src := readCase(t, path)
			first, _, _ := strings.Cut(string(src), "\n")
			want, ok := strings.CutPrefix(first, "// want: ")
			if !ok {
				t.Fatalf("first line must be `// want: CODE`")
			}
			_, diags := Load(filepath.Base(path), src)
			found := false
			for _, d := range diags {
				if string(d.Code) == want {
					found = true
				} else if d.Severity == Error {
					t.Errorf("unexpected other error: %s", d.Render(src))
				}
			}
			if !found {
				t.Errorf("no %s diagnostic; got:\n%s", want, diags.Render(src))
			}
			if Code(want) != CodeUnboundAdviceParam && !diags.HasErrors() {
				t.Errorf("want an error")
			}
			golden(t, strings.TrimSuffix(path, ".gp")+".diag", diags.Render(src))
		})
	}
}
