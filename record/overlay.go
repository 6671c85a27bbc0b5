package record

import (
	"encoding/json"
	"fmt"
	"go/ast"
	gover "go/version"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/packages"

	"gpredict/record/rt"
)

// rtModule is the module path (and import path) of the runtime package.
// The runtime is written to a directory of its own (the assembler needs
// real files) and the overlay gives the user's go.mod a requirement of it
// with a replace directive pointing there; the user's go.mod on disk is
// not touched.
const rtModule = "gpredictrt"

// overlay holds the replaced and added files of an instrumented build:
// the go command's -overlay file maps each to a copy in dir.
type overlay struct {
	dir     string
	replace map[string]string
	files   int // instrumented files
}

func (o *overlay) add(target string, content []byte) error {
	name := filepath.Join(o.dir, fmt.Sprintf("%04d_%s", len(o.replace), filepath.Base(target)))
	if err := os.WriteFile(name, content, 0o644); err != nil {
		return err
	}
	o.replace[target] = name
	return nil
}

// write writes the overlay description and returns its path.
func (o *overlay) write() (string, error) {
	data, err := json.Marshal(struct{ Replace map[string]string }{o.replace})
	if err != nil {
		return "", err
	}
	path := filepath.Join(o.dir, "overlay.json")
	return path, os.WriteFile(path, data, 0o644)
}

// buildOverlay instruments the loaded packages into an overlay in dir:
// each instrumented file, the runtime package, and a TestMain for test
// packages that have none.
func buildOverlay(l *loaded, dir string) (*overlay, error) {
	o := &overlay{dir: dir, replace: map[string]string{}}
	rtPath := rtModule
	instr := l.instrSet()
	done := map[string]bool{}
	// Test variants ("p [p.test]") come with the test files; visit them
	// first so that a file shared with the plain package is rewritten
	// with the variant's types once.
	pkgs := append([]*packages.Package(nil), l.pkgs...)
	sortTestVariantsFirst(pkgs)
	for _, p := range pkgs {
		for i, f := range p.Syntax {
			if i >= len(p.CompiledGoFiles) {
				break
			}
			path := p.CompiledGoFiles[i]
			if done[path] || !strings.HasSuffix(path, ".go") {
				continue
			}
			done[path] = true
			rel := relTo(l.modDir, path)
			if p.Module != nil && !p.Module.Main {
				rel = p.PkgPath + "/" + filepath.Base(path)
			}
			src, err := instrumentFile(p, f, rel, rtPath, instr)
			if err != nil {
				return nil, fmt.Errorf("instrumenting %s: %v", path, err)
			}
			if src != nil {
				if err := o.add(path, src); err != nil {
					return nil, err
				}
				o.files++
			}
		}
	}
	if err := addTestMains(o, l, rtPath); err != nil {
		return nil, err
	}
	return o, writeRuntime(o, l)
}

// writeRuntime writes the runtime module into the overlay's directory and
// overlays the main module's go.mod with a requirement of it.
func writeRuntime(o *overlay, l *loaded) error {
	rtDir := filepath.Join(o.dir, "gpredictrt")
	if err := os.MkdirAll(rtDir, 0o755); err != nil {
		return err
	}
	err := fs.WalkDir(rt.Source, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := rt.Source.ReadFile(name)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(rtDir, name), data, 0o644)
	})
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(rtDir, "go.mod"), []byte("module "+rtModule+"\n\ngo "+rtGo+"\n"), 0o644); err != nil {
		return err
	}
	gomod := filepath.Join(l.modDir, "go.mod")
	data, err := os.ReadFile(gomod)
	if err != nil {
		return err
	}
	data, err = requireRuntime(gomod, data, rtDir)
	if err != nil {
		return err
	}
	return o.add(gomod, data)
}

// rtGo is the Go version of the runtime module: the oldest with generics,
// which it uses (and so none of the language of later versions). The go
// command refuses to build a module that requires a module of a newer Go
// version than its own, so the runtime must not be newer than the
// recorded module; a module older than rtGo cannot be recorded.
const rtGo = "1.18"

// requireRuntime returns the main module's go.mod with a requirement of
// the runtime module and a replace directive pointing at dir.
func requireRuntime(path string, data []byte, dir string) ([]byte, error) {
	f, err := modfile.Parse(path, data, nil)
	if err != nil {
		return nil, err
	}
	if f.Go == nil || gover.Compare("go"+f.Go.Version, "go"+rtGo) < 0 {
		v := "(none)"
		if f.Go != nil {
			v = f.Go.Version
		}
		return nil, fmt.Errorf("%s: go %s; gpredict record needs a module of go %s or later (its runtime uses generics)", path, v, rtGo)
	}
	if err := f.AddRequire(rtModule, "v0.0.0"); err != nil {
		return nil, err
	}
	if err := f.AddReplace(rtModule, "", dir, ""); err != nil {
		return nil, err
	}
	return f.Format()
}

func sortTestVariantsFirst(pkgs []*packages.Package) {
	isVariant := func(p *packages.Package) bool { return strings.Contains(p.ID, " [") }
	k := 0
	for i, p := range pkgs {
		if isVariant(p) {
			pkgs[k], pkgs[i] = pkgs[i], pkgs[k]
			k++
		}
	}
}

// addTestMains adds a TestMain to every test binary of the main module
// whose package has none, so that the recording is written out when the
// tests end (the generated test main calls os.Exit, which skips deferred
// calls).
func addTestMains(o *overlay, l *loaded, rtPath string) error {
	byTest := map[string][]*packages.Package{} // package path → its test variants
	for _, p := range l.pkgs {
		if i := strings.Index(p.ID, " ["); i >= 0 && strings.HasSuffix(p.ID, ".test]") {
			under := strings.TrimSuffix(p.ID[i+2:], ".test]")
			byTest[under] = append(byTest[under], p)
		}
	}
	for under, variants := range byTest {
		var files []*ast.File
		var name, dir string
		for _, v := range variants {
			for _, f := range v.Syntax {
				files = append(files, f)
			}
			if v.PkgPath == under { // the internal variant: package p itself
				name = v.Name
			}
			if len(v.GoFiles) > 0 {
				dir = filepath.Dir(v.GoFiles[0])
			}
		}
		if hasTestMain(files) || dir == "" || !l.inModule(dir) {
			continue
		}
		if name == "" {
			name = strings.TrimSuffix(variants[0].Name, "_test")
		}
		if err := o.add(filepath.Join(dir, "zz_gpredict_testmain_test.go"), testMainSource(name, rtPath)); err != nil {
			return err
		}
	}
	return nil
}
