package props

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"gpredict/predict"
	"gpredict/predict/replay"
	"gpredict/spec"
	"gpredict/trace"
)

func TestValidateCatalogue(t *testing.T) {
	if err := Validate(All()); err != nil {
		t.Fatal(err)
	}
}

func TestValidateFindsProblems(t *testing.T) {
	ui, _ := Lookup("UnsafeIterator")
	broken := ui
	broken.Name = "Broken"
	broken.Source = strings.Replace(ui.Source, "pattern: create", "pattern: creat", 1)
	noDoc := ui
	noDoc.Name = "NoDoc"
	noDoc.Doc = ""
	err := Validate(append(All(), ui, broken, noDoc))
	if err == nil {
		t.Fatal("Validate accepted a duplicate, a broken and an undocumented property")
	}
	for _, want := range []string{"UnsafeIterator: listed twice", "catalogue property Broken does not load", "NoDoc: catalog/NoDoc.md has no documentation"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Validate error lacks %q:\n%v", want, err)
		}
	}
}

// TestEveryPropertyHasTests keeps the catalogue and testdata/ in step.
func TestEveryPropertyHasTests(t *testing.T) {
	dirs, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	has := map[string]bool{}
	for _, d := range dirs {
		if d.Name() == "goprogs" {
			continue // the Go programs the Go traces are recorded from
		}
		if _, ok := Lookup(d.Name()); d.IsDir() && !ok {
			t.Errorf("testdata/%s is not a property of the catalogue", d.Name())
		}
		has[d.Name()] = true
	}
	for _, p := range All() {
		for _, f := range []string{"positive.trace", "negative.trace"} {
			if _, err := os.Stat(filepath.Join("testdata", p.Name, f)); err != nil {
				t.Errorf("%s has no testdata/%s/%s", p.Name, p.Name, f)
			}
		}
	}
}

// TestProperties runs each property on its test traces through the real
// pipeline (spec.Match and predict.Run, or the built-in) and compares
// every (binding, choice) violation with the `# want:` lines: positive
// traces (testdata/NAME/positive*.trace) and negative ones
// (negative*.trace). For a positive trace it also checks that the
// recorded order does not itself exhibit the violations: they are
// predicted, not observed. A property with an alternative that only the
// recorded run can show (a thread-local misuse, such as a second start()
// of a thread) tests it with an optional observed.trace, where no such
// check applies. Traces recorded from Go programs (testdata/goprogs,
// record.sh there) are named go-positive*.trace and go-negative*.trace.
func TestProperties(t *testing.T) {
	for _, p := range All() {
		paths, err := filepath.Glob(filepath.Join("testdata", p.Name, "*.trace"))
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range paths {
			base := filepath.Base(path)
			kind, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimSuffix(base, ".trace"), "go-"), "-")
			if kind != "positive" && kind != "negative" && kind != "observed" {
				t.Errorf("%s: a test trace is named positive*.trace, negative*.trace or observed.trace", path)
				continue
			}
			t.Run(p.Name+"/"+base, func(t *testing.T) {
				want := wants(t, path)
				if kind != "negative" && len(want) == 0 {
					t.Fatalf("%s: a %s trace must expect a violation", path, kind)
				}
				if kind == "negative" && len(want) != 0 {
					t.Fatalf("%s: a negative trace must expect none", path)
				}
				tr, err := trace.Read([]string{path}, "")
				if err != nil {
					t.Fatal(err)
				}
				res := runProperty(t, p, tr)
				if len(res.Unknown) > 0 {
					t.Errorf("%d unknown candidates", len(res.Unknown))
				}
				var got []string
				for _, v := range res.Violations {
					got = append(got, reportedIDs(tr, v)) // as the reports list them
				}
				sort.Strings(got)
				if strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Errorf("violations:\n  got  %q\n  want %q", got, want)
				}
				if kind == "positive" && !p.IsBuiltin() {
					rec := recordedSchedule(t, tr, path)
					for _, v := range res.Violations {
						alt := &v.Property.Normal.Alts[v.Alt]
						if replay.CheckPattern(tr, alt, v.Choice, rec) == nil {
							t.Errorf("violation %s is observed in the recorded order; a positive test must need prediction", ids(tr, v.Choice))
						}
					}
				}
			})
		}
	}
}

// runProperty runs one property of the catalogue on tr as `gpredict
// predict --props NAME` does: a pattern through spec.Match and
// predict.Run, a built-in through its own function.
func runProperty(t *testing.T, p Property, tr *trace.Trace) *predict.Result {
	t.Helper()
	opts := predict.Options{Jobs: 1, All: true}
	if p.IsBuiltin() {
		res, err := p.Builtin(context.Background(), tr, opts)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	sp, err := p.Spec()
	if err != nil {
		t.Fatal(err)
	}
	events, err := spec.Match(sp, tr)
	if err != nil {
		t.Fatal(err)
	}
	res, err := predict.Run(context.Background(), tr, []predict.PropertyInput{{Prop: sp, Events: events}}, opts)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// reportedIDs lists a violation's chosen ids in report order: pattern
// order, the events of a `||` group in id order (docs/semantics.md).
func reportedIDs(tr *trace.Trace, v predict.Violation) string {
	var s []string
	for _, e := range v.ReportedEvents() {
		s = append(s, tr.ID(e.Ref))
	}
	return strings.Join(s, " ")
}

func ids(tr *trace.Trace, refs []trace.EventRef) string {
	s := make([]string, len(refs))
	for i, r := range refs {
		s[i] = tr.ID(r)
	}
	return strings.Join(s, " ")
}
