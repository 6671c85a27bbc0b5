package main

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"gpredict/spec"
	"gpredict/trace"
)

// TestSmallRecordingsMatchExplorer: on the real recordings small enough
// for the brute-force explorer — the litmus traces and the five smallest
// STD programs of testdata/traces — `gpredict predict --props DataRace
// --all` lists exactly the explorer's violations under the default
// branch model, and leaves nothing unknown. These are the traces on which
// RAPID's detectors are compared with the exhaustive answer
// (bench/scale.sh), so the claim "exactly the exhaustive answer" rests on
// this test, not on a one-off measurement.
func TestSmallRecordingsMatchExplorer(t *testing.T) {
	root := repoRoot(t)
	race := loadSpecFile(t, filepath.Join(root, "props", "catalog", "DataRace.gp")).Properties[0]
	paths, err := filepath.Glob(filepath.Join(root, "testdata", "traces", "litmus", "*.std"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Deadlock", "Bensalem_dlf", "Bensalem", "Transfer", "StringBuffer"} {
		paths = append(paths, filepath.Join(root, "testdata", "traces", "std", name+".std"))
	}
	if len(paths) < 36 {
		t.Fatalf("%d traces, want the 31 litmus traces and 5 STD programs", len(paths))
	}
	compared := 0
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			tr, err := trace.Read([]string{path}, "")
			if err != nil {
				t.Fatal(err)
			}
			evs, err := spec.Match(race, tr)
			if err != nil {
				t.Fatal(err)
			}
			want := explorerSummaries(tr, trace.BranchesAuto.Resolve(tr), race, evs)
			code := exitOK
			if len(want) > 0 {
				code = exitViolation
			}
			doc := predictJSON(t, code, "--props", "DataRace", "--all", path)
			got := doc.summaries()
			sort.Strings(got)
			sort.Strings(want)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("command %q\nexplorer %q", got, want)
			}
			if len(doc.Unknown) != 0 {
				t.Errorf("unknown candidates: %s", doc.Unknown)
			}
			compared += len(want)
		})
	}
	if compared == 0 {
		t.Fatal("no violation compared")
	}
	t.Logf("%d traces: %d violations compared", len(paths), compared)
}
