package record

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"testing"

	"golang.org/x/tools/go/packages"

	"gpredict/record/rt"
)

// TestStdModelComplete: every exported method of bytes.Buffer and
// strings.Builder of the Go that runs the test has its runtime function
// (a method left out would change a buffer unseen, and a later read
// would read a version no write made), and every runtime function that
// the rewriting names exists in the runtime's source.
func TestStdModelComplete(t *testing.T) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes}, "bytes", "strings")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ pkg, typ string }{{"bytes", "Buffer"}, {"strings", "Builder"}} {
		var p *types.Package
		for _, lp := range pkgs {
			if lp.PkgPath == tc.pkg {
				p = lp.Types
			}
		}
		if p == nil {
			t.Fatalf("package %s not loaded", tc.pkg)
		}
		obj := p.Scope().Lookup(tc.typ)
		ms := types.NewMethodSet(types.NewPointer(obj.Type()))
		for i := range ms.Len() {
			fn := ms.At(i).Obj().(*types.Func)
			if !fn.Exported() {
				continue
			}
			if _, ok := stdBufMethods[fn.FullName()]; !ok {
				t.Errorf("%s has no runtime function in stdBufMethods", fn.FullName())
			}
		}
	}
	defined := map[string]bool{}
	files, err := fs.Glob(rt.Source, "*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		src, err := fs.ReadFile(rt.Source, name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
				defined[fd.Name.Name] = true
			}
		}
	}
	for _, table := range []map[string]string{stdBufMethods, fmtFuncs, execMethods} {
		for method, fn := range table {
			if !defined[fn] {
				t.Errorf("%s: the runtime has no function %s", method, fn)
			}
		}
	}
}
