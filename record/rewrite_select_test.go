package record

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestRewriteSelects: a select statement is described once, by a
// package-level SelectSite of its file (its site, its channel cases'
// directions in order, its default), and before it runs its channels,
// evaluated in the order of its cases, go to record/rt Select, whose id
// every case's event gets: SelRecv and SelSend first in their case,
// SelDefault first in the default case. `select {}` has no case to carry
// the id. The rewritten files compile together: the descriptions of two
// files of one package have different names.
func TestRewriteSelects(t *testing.T) {
	const head = "package p\n\nvar a, b = make(chan int), make(chan string, 1)\n\n"
	for _, tc := range []struct {
		name string
		srcs []string
		want [][]string // per file, regexps of lines (spaces collapsed), in order
	}{
		{"cases and a default", []string{head + `func f() int {
	for {
		select {
		case v, ok := <-a:
			if ok {
				return v
			}
		case b <- "x":
		case <-b:
		default:
			return 0
		}
	}
}
`}, [][]string{{
			`^_gpch\d+ := gpredictrt.Read\(_gpmark, &a, `,
			`^_gpch\d+ := gpredictrt.Read\(_gpmark, &b, `,
			`^_gpch\d+ := gpredictrt.Read\(_gpmark, &b, `,
			`^(_gpsel\d+) := gpredictrt.Select\(&_gpselect0_1, _gpch\d+, _gpch\d+, _gpch\d+\)$`,
			`^select {$`,
			`^gpredictrt.SelRecv\(_gpsel\d+, _gpch\d+, _gpv\d+, _gpok\d+, "p.go:8"\)$`,
			`^gpredictrt.SelSend\(_gpsel\d+, _gpch\d+,`,
			`^gpredictrt.SelRecv\(_gpsel\d+, _gpch\d+, _gpv\d+, _gpok\d+, "p.go:13"\)$`,
			`^default:$`,
			`^gpredictrt.SelDefault\(_gpsel\d+, "p.go:14"\)$`,
			`^var _gpselect0_1 = gpredictrt.SelectSite{Site: "p.go:7", Cases: "rsr", Default: true}$`,
		}}},
		{"no case", []string{head + "func f() { select {} }\n"}, [][]string{{
			`^gpredictrt.Select\(&_gpselect0_1\)$`, `^select {}$`,
			`^var _gpselect0_1 = gpredictrt.SelectSite{Site: "p.go:5", Cases: "", Default: false}$`,
		}}},
		{"two files", []string{
			head + "func f() { select { case <-a: case <-b: } }\n",
			"package p\n\nfunc g() {\n\tselect {\n\tcase a <- 1:\n\t}\n\tselect {\n\tcase <-b:\n\tdefault:\n\t}\n}\n",
		}, [][]string{{
			`^var _gpselect0_1 = gpredictrt.SelectSite{Site: "p.go:5", Cases: "rr", Default: false}$`,
		}, {
			`^var _gpselect1_1 = gpredictrt.SelectSite{Site: "q.go:4", Cases: "s", Default: false}$`,
			`^var _gpselect1_2 = gpredictrt.SelectSite{Site: "q.go:7", Cases: "r", Default: true}$`,
		}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			outs := rewriteSources(t, tc.srcs...)
			for i, want := range tc.want {
				matchInOrder(t, outs[i], want)
			}
		})
	}
}

// rewriteSources instruments the package of the files srcs (p.go, q.go,
// …) and returns each rewritten file; the rewritten files must type-check
// together, with the runtime.
func rewriteSources(t *testing.T, srcs ...string) []string {
	t.Helper()
	fset := token.NewFileSet()
	var files []*ast.File
	for i, src := range srcs {
		f, err := parser.ParseFile(fset, string(rune('p'+i))+".go", src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{}, Implicits: map[ast.Node]types.Object{}, Scopes: map[ast.Node]*types.Scope{}, Instances: map[*ast.Ident]types.Instance{}}
	imp := importer.ForCompiler(fset, "source", nil)
	conf := types.Config{Importer: imp}
	tp, err := conf.Check("p", fset, files, info)
	if err != nil {
		t.Fatal(err)
	}
	pkg := &packages.Package{Fset: fset, TypesInfo: info, Types: tp, Syntax: files}
	var outs []string
	var rewritten []*ast.File
	for i, f := range files {
		out, err := instrumentFile(pkg, f, string(rune('p'+i))+".go", "gpredict/record/rt", func(p *types.Package) bool { return p == tp })
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, string(out))
		rf, err := parser.ParseFile(fset, "rewritten-"+string(rune('p'+i))+".go", out, 0)
		if err != nil {
			t.Fatalf("the rewritten file does not parse: %v\n%s", err, out)
		}
		rewritten = append(rewritten, rf)
	}
	if _, err := (&types.Config{Importer: imp}).Check("p", fset, rewritten, nil); err != nil {
		t.Fatalf("the rewritten files do not type-check: %v\n%s", err, strings.Join(outs, "\n"))
	}
	return outs
}
