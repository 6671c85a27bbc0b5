package record

import (
	"bytes"
	"go/ast"
	"go/printer"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/packages"
)

// instrumentFile rewrites one file of pkg and returns its new source, or
// nil if nothing in it is recorded. rtPath is the runtime's import path.
func instrumentFile(pkg *packages.Package, f *ast.File, relPath, rtPath string, instr func(*types.Package) bool) ([]byte, error) {
	for _, imp := range f.Imports {
		if imp.Path.Value == `"C"` {
			return nil, nil // cgo files keep their preamble where it is: not instrumented
		}
	}
	r := &fileRewriter{
		fset: pkg.Fset, info: pkg.TypesInfo, pkg: pkg.Types, file: f, relPath: relPath,
		isTest: strings.HasSuffix(relPath, "_test.go"), instr: instr,
		captured: findCaptured(pkg.TypesInfo, f), done: map[*ast.FuncLit]bool{},
		shadowed: map[*ast.BlockStmt]bool{}, files: pkg.Syntax,
	}
	var atomicImported bool
	r.atomicPkg, atomicImported = atomicImport(f)
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		r.inFunc(true, func() {
			r.funcBody(fd.Body)
			if obj := r.info.Defs[fd.Name]; obj != nil {
				r.handlerHook(obj.Type(), fd.Body)
				r.resultsHook(obj.Type(), fd.Type, fd.Body)
			}
		})
		r.entryHooks(fd)
		r.shadow(fd.Body)
	}
	if !r.changed {
		return nil, nil
	}
	for _, spec := range r.selectSites {
		f.Decls = append(f.Decls, &ast.GenDecl{Tok: token.VAR, Specs: []ast.Spec{spec}})
	}
	for _, name := range slices.Sorted(maps.Keys(r.kept)) {
		spec := &ast.ValueSpec{Names: []*ast.Ident{ast.NewIdent("_")}, Values: []ast.Expr{r.kept[name]}}
		f.Decls = append(f.Decls, &ast.GenDecl{Tok: token.VAR, Specs: []ast.Spec{spec}})
	}
	astutil.AddNamedImport(pkg.Fset, f, rtName, rtPath)
	if r.atomic && !atomicImported {
		astutil.AddNamedImport(pkg.Fset, f, atomicName, "sync/atomic")
	}
	var buf bytes.Buffer
	cfg := printer.Config{Mode: printer.SourcePos | printer.UseSpaces | printer.TabIndent, Tabwidth: 8}
	if err := cfg.Fprint(&buf, pkg.Fset, f); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// entryHooks adds the calls made on entry of main (flush at exit) and of
// test functions (name the goroutine, order it after the test before).
func (r *fileRewriter) entryHooks(fd *ast.FuncDecl) {
	if fd.Recv != nil {
		return
	}
	var hooks []ast.Stmt
	switch name := fd.Name.Name; {
	case name == "main" && r.pkg.Name() == "main" && !r.isTest:
		hooks = []ast.Stmt{exprStmt(r.rtCall("Main")), &ast.DeferStmt{Call: r.rtCall("Flush")}}
	case name == "TestMain" && r.isTest:
		hooks = []ast.Stmt{exprStmt(r.rtCall("Main"))}
	case r.isTest && isTestFunc(fd):
		hooks = []ast.Stmt{&ast.DeferStmt{Call: &ast.CallExpr{Fun: r.rtCall("Test", r.lit(name))}}}
	default:
		return
	}
	fd.Body.List = append(hooks, fd.Body.List...)
}

// isTestFunc reports whether fd is a test, benchmark, fuzz or example
// function the testing package runs: TestXxx(t *testing.T) and the like.
func isTestFunc(fd *ast.FuncDecl) bool {
	name := fd.Name.Name
	for _, prefix := range []string{"Test", "Benchmark", "Fuzz"} {
		if strings.HasPrefix(name, prefix) && name != "TestMain" && fd.Type.Params != nil && len(fd.Type.Params.List) == 1 {
			rest := name[len(prefix):]
			if rest == "" || !(rest[0] >= 'a' && rest[0] <= 'z') {
				return true
			}
		}
	}
	return false
}

// testMainSource is the TestMain the recorder adds to a test package that
// has none, so that the buffers are written out when the tests end.
func testMainSource(pkgName, rtPath string) []byte {
	return []byte("package " + pkgName + `

import (
	"testing"

	` + rtName + " " + strconv.Quote(rtPath) + `
)

// TestMain is added by gpredict record: it writes the recording out
// when the tests end (Exit ends the tests' goroutines, writes it, then
// exits).
func TestMain(m *testing.M) {
	` + rtName + `.Main()
	` + rtName + `.Exit(m.Run())
}
`)
}

// hasTestMain reports whether a file of the package declares TestMain.
func hasTestMain(files []*ast.File) bool {
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "TestMain" {
				return true
			}
		}
	}
	return false
}

var _ = token.NoPos
