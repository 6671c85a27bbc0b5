package atomicity

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"gonum.org/v1/gonum/graph/formats/dot"
	"gonum.org/v1/gonum/graph/formats/dot/ast"
)

// Every DOT golden file is valid Graphviz: gonum's DOT parser reads it,
// and, where Graphviz is installed, `dot` itself does. The structure is
// Velodrome's: one cluster per report, holding a cluster per transaction
// (one of them outlined in red, the blamed one) and exactly one dashed
// edge, the one that closes the cycle.
func TestDOTParses(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.dot"))
	if len(files) == 0 {
		t.Fatal("no DOT golden files")
	}
	dotTool, _ := exec.LookPath("dot")
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		f, err := dot.ParseBytes(src)
		if err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		if len(f.Graphs) != 1 || !f.Graphs[0].Directed {
			t.Errorf("%s: want one digraph", file)
			continue
		}
		for _, st := range f.Graphs[0].Stmts {
			report, ok := st.(*ast.Subgraph)
			if !ok {
				continue
			}
			var boxes, red, dashed int
			for _, s := range report.Stmts {
				switch s := s.(type) {
				case *ast.Subgraph:
					boxes++
					for _, in := range s.Stmts {
						if a, ok := in.(*ast.Attr); ok && a.Key == "color" && a.Val == "red" {
							red++
						}
					}
				case *ast.EdgeStmt:
					for _, a := range s.Attrs {
						if a.Key == "style" && a.Val == "dashed" {
							dashed++
						}
					}
				}
			}
			if boxes < 2 || red != 1 || dashed != 1 {
				t.Errorf("%s: report %s has %d transactions, %d blamed, %d closing edges; want ≥ 2, 1, 1", file, report.ID, boxes, red, dashed)
			}
		}
		if dotTool != "" {
			if out, err := exec.Command(dotTool, "-Tcanon", file).CombinedOutput(); err != nil {
				t.Errorf("%s: dot: %v\n%s", file, err, out)
			}
		}
	}
}
