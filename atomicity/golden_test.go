package atomicity

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpredict/trace"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// Every trace under testdata, and the example of docs/atomicity.md, is checked and written in the three formats;
// each output is compared exactly with its golden file (NAME.txt,
// NAME.dot, NAME.json; go test ./atomicity -update rewrites them). The
// .all variants list every violation.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.trace"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no traces under testdata (%v)", err)
	}
	files = append(files, filepath.Join("..", "examples", "atomicity", "chain.trace"))
	writers := []struct {
		ext   string
		all   bool
		write func(io.Writer, *trace.Trace, *Result, ReportOptions) error
	}{
		{".txt", false, WriteText},
		{".all.txt", true, WriteText},
		{".dot", false, WriteDOT},
		{".json", false, WriteJSON},
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".trace")
		t.Run(name, func(t *testing.T) {
			tr, err := trace.Read([]string{file}, "")
			if err != nil {
				t.Fatal(err)
			}
			res := run(t, tr)
			for _, w := range writers {
				opts := ReportOptions{Version: "test", Traces: []string{file}, Atomic: []string{"atomic()"}, All: w.all}
				var got bytes.Buffer
				if err := w.write(&got, tr, res, opts); err != nil {
					t.Fatal(err)
				}
				golden := filepath.Join("testdata", name+w.ext)
				if *update {
					if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run go test ./atomicity -update to create it)", err)
				}
				if !bytes.Equal(got.Bytes(), want) {
					t.Errorf("%s differs:\n--- got\n%s--- want\n%s", golden, got.Bytes(), want)
				}
			}
		})
	}
}
