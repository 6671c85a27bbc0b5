package main

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"gpredict/internal/explore"
	"gpredict/internal/tracegen"
	"gpredict/predict"
	"gpredict/spec"
	"gpredict/trace"
)

// End-to-end tests of `gpredict predict` with the real Z3 decider (the
// command's default): the seed examples with catalogue properties, and
// generated traces written to text files whose `--all --format json`
// output must list exactly the reference explorer's violations.

// jsonReport is the part of the docs/output.md document these tests compare.
type jsonReport struct {
	Violations []struct {
		Property string          `json:"property"`
		Binding  json.RawMessage `json:"binding"`
		Events   []struct{ ID, Name string }
		Schedule []string
		Count    int
	}
	Unknown []json.RawMessage
}

func predictJSON(t *testing.T, wantCode int, args ...string) jsonReport {
	t.Helper()
	out, stderr, code := runCLI(t, append([]string{"predict", "--format", "json"}, args...)...)
	if code != wantCode {
		t.Fatalf("gpredict predict %s: exit %d, want %d\nstderr: %s", strings.Join(args, " "), code, wantCode, stderr)
	}
	var doc jsonReport
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	return doc
}

// summary renders a violation as "Property binding name:id ...".
func summary(property string, binding json.RawMessage, events []string) string {
	return property + " " + compactJSON(binding) + " " + strings.Join(events, " ")
}

func compactJSON(raw json.RawMessage) string {
	var m map[string]string
	if err := json.Unmarshal(raw, &m); err != nil {
		return string(raw)
	}
	b, _ := json.Marshal(m) // keys sorted
	return string(b)
}

func (d jsonReport) summaries() []string {
	var out []string
	for _, v := range d.Violations {
		var evs []string
		for _, e := range v.Events {
			evs = append(evs, e.Name+":"+e.ID)
		}
		out = append(out, summary(v.Property, v.Binding, evs))
	}
	return out
}

// loadSpecFile loads the .gp file at path; any error fails the test.
func loadSpecFile(t *testing.T, path string) *spec.File {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, diags := spec.Load(path, src)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return f
}

// explorerSummaries renders the explorer's violations of p (a property
// with one parameter, v) as the command's JSON would list them (summary).
func explorerSummaries(tr *trace.Trace, model trace.BranchModel, p *spec.Property, evs [][]spec.PropEvent) []string {
	var out []string
	for _, v := range explore.Violations(tr, model, p, evs) {
		pv := predict.Violation{Property: p, Alt: v.Alt, Binding: v.Binding, Choice: v.Choice}
		var names []string
		for _, e := range pv.ReportedEvents() {
			names = append(names, e.Name+":"+tr.ID(e.Ref))
		}
		binding, _ := json.Marshal(map[string]string{"v": tr.Str(v.Binding[0])})
		out = append(out, summary(p.Name, binding, names))
	}
	return out
}

func seedTrace(t *testing.T, name string) string {
	return filepath.Join(repoRoot(t), "predict", "testdata", "seeds", name)
}

// The seed examples of issue 4 through the command, with the catalogue's
// properties: FIG. 4's (3,10) race only under the explicit branch model
// (the trace has branches, so also by default); FIG. 8's single
// UnsafeIterator violation.
func TestPredictSeedsThroughCLI(t *testing.T) {
	fig4 := seedTrace(t, "fig4.trace")
	race := []string{`DataRace {"v":"x"} write:T1#3 read:T2#5`}
	for _, tc := range []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"fig4 explicit", []string{"--props", "DataRace", "--all", "--branches", "explicit", fig4}, exitViolation, race},
		{"fig4 auto", []string{"--props", "DataRace", "--all", fig4}, exitViolation, race},
		{"fig4 implicit", []string{"--props", "DataRace", "--all", "--branches", "implicit", fig4}, exitOK, nil},
		{"fig8", []string{"--props", "UnsafeIterator", "--all", seedTrace(t, "fig8.trace")}, exitViolation,
			[]string{`UnsafeIterator {"c":"c","i":"i1"} create:T1#3 update:T2#1 next:T1#4`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := predictJSON(t, tc.code, tc.args...)
			if got := doc.summaries(); strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("violations %q, want %q", got, tc.want)
			}
			if len(doc.Unknown) != 0 {
				t.Errorf("unknown candidates: %s", doc.Unknown)
			}
		})
	}
}

// Generated traces, written as text files, through `predict --all
// --format json`: the command's violations (as it lists them) are
// exactly the explorer's.
func TestPredictCLIMatchesExplorer(t *testing.T) {
	dir := t.TempDir()
	// The properties of the engine-level differential test.
	specPath := filepath.Join(repoRoot(t), "predict", "testdata", "differential.gp")
	f := loadSpecFile(t, specPath)
	r := rand.New(rand.NewSource(7))
	compared := 0
	for k := 0; k < 12; k++ {
		gen := tracegen.Random(r, tracegen.Config{WaitWeight: 10, JoinWeight: 5, ForkWeight: 3})
		path := filepath.Join(dir, fmt.Sprintf("gen%d.trace", k))
		out, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := trace.WriteText(out, gen); err != nil {
			t.Fatal(err)
		}
		out.Close()
		tr, err := trace.Read([]string{path}, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
			var want []string
			for _, p := range f.Properties {
				evs, err := spec.Match(p, tr)
				if err != nil {
					t.Fatal(err)
				}
				want = append(want, explorerSummaries(tr, model, p, evs)...)
			}
			code := exitOK
			if len(want) > 0 {
				code = exitViolation
			}
			doc := predictJSON(t, code, "--spec", specPath, "--all", "--jobs", "1", "--branches", model.String(), path)
			got := doc.summaries()
			sort.Strings(got)
			sort.Strings(want)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				src, _ := os.ReadFile(path)
				t.Errorf("trace %d (%s): command %q, explorer %q\n%s", k, model, got, want, src)
			}
			compared += len(want)
		}
	}
	if compared == 0 {
		t.Fatal("no violation compared: the generated traces are too tame")
	}
	t.Logf("12 traces x 2 branch models: %d violations compared", compared)
}
