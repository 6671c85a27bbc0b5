package props

import (
	"strings"
	"testing"

	"gpredict/spec"
)

// specFile loads a --spec file of the test; it must load.
func specFile(t *testing.T, name, src string) *spec.File {
	t.Helper()
	f, diags := spec.Load(name, []byte(src))
	if diags.HasErrors() {
		t.Fatalf("%s: %s", name, diags.Render([]byte(src)))
	}
	return f
}

const (
	raceSrc = `Race(String v) {
  event wr before(String v) : set(* *) && location(v);
  pattern: wr(t1) || wr(t2)
}
`
	// mine defines a property with a catalogue name.
	mineSrc = `DataRace(String v) {
  event wr before(String v) : set(* *) && location(v);
  pattern: wr(t1) || wr(t2)
}
`
)

// TestSelect is SPEC section 4's rule for --props, with the errors of
// select_errors.go: each case gives the --spec files and the --props
// value, and the properties it runs (pattern properties in run order,
// then built-ins, each with its origin: s a --spec file, n named from
// the catalogue, a the catalogue with all, b a built-in) or the error.
func TestSelect(t *testing.T) {
	catalogueRun := func() string {
		var out []string
		for _, p := range All() {
			if !p.IsBuiltin() {
				out = append(out, p.Name+":a")
			}
		}
		return strings.Join(out, " ")
	}()
	for _, tc := range []struct {
		name  string
		specs []string // "race.gp" or "mine.gp", loaded from the sources above
		props string
		want  string // the run, or the error (when it starts with "error: ")
	}{
		{"no --props: every --spec property", []string{"race.gp"}, "", "Race:s"},
		{"no --props, no --spec: nothing", nil, "", ""},
		{"no --props: a catalogue name in --spec is fine", []string{"mine.gp"}, "", "DataRace:s"},
		{"all: the catalogue, then --spec", []string{"race.gp"}, "all", catalogueRun + " Race:s Deadlock:b Blocked:b"},
		{"blank around all", nil, " all ", catalogueRun + " Deadlock:b Blocked:b"},
		{"names in the order given, once", []string{"race.gp"}, "Deadlock, Race,DataRace,Race", "Race:s DataRace:n Deadlock:b"},
		{"a --spec file with a catalogue name not selected", []string{"mine.gp"}, "UnsafeIterator", "UnsafeIterator:n"},
		{"unknown name", []string{"race.gp"}, "Rase,DataRaec",
			"error: --props: unknown properties Rase (did you mean Race?), DataRaec (did you mean DataRace?); known: AtomicityViolation, "},
		{"unknown name without --spec", nil, "Unsafeiterator",
			"error: --props: unknown property Unsafeiterator (did you mean UnsafeIterator?); known: AtomicityViolation, "},
		{"two --spec files define it", []string{"race.gp", "race2.gp"}, "",
			"error: property Race is defined twice: race.gp:1:1 and race2.gp:1:1"},
		{"a file given twice", []string{"race.gp", "race.gp"}, "Race",
			"error: property Race is defined twice: race.gp:1:1 and race.gp:1:1 (the same file is given twice)"},
		{"catalogue name selected with all", []string{"mine.gp"}, "all",
			"error: property DataRace is defined twice: mine.gp:1:1 and the catalogue (gpredict props show DataRace); rename the one in mine.gp"},
		{"catalogue name selected by name", []string{"mine.gp"}, "DataRace",
			"error: property DataRace is defined twice: mine.gp:1:1 and the catalogue (gpredict props show DataRace); rename the one in mine.gp"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var files []*spec.File
			for _, name := range tc.specs {
				src := map[string]string{"race.gp": raceSrc, "race2.gp": raceSrc, "mine.gp": mineSrc}[name]
				files = append(files, specFile(t, name, src))
			}
			sel, err := Select(files, tc.props)
			if want, isErr := strings.CutPrefix(tc.want, "error: "); isErr {
				if err == nil || !strings.HasPrefix(err.Error(), want) {
					t.Fatalf("error %v; want one starting %q", err, want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range sel.Specs {
				got = append(got, p.Name+":"+map[Origin]string{FromSpec: "s", Named: "n", WholeCatalogue: "a"}[sel.Origin[p]])
			}
			for _, b := range sel.Builtins {
				got = append(got, b.Name+":b")
			}
			if strings.Join(got, " ") != tc.want {
				t.Errorf("runs\n  %s\nwant\n  %s", strings.Join(got, " "), tc.want)
			}
		})
	}
}

// TestFind is `props show NAME`: one catalogue property, or an error
// with a suggestion.
func TestFind(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"DataRace", "DataRace"},
		{"Deadlock", "Deadlock"},
		{"UnsafeIterater", `error: no property "UnsafeIterater" in the catalogue (did you mean UnsafeIterator?); ` + "`gpredict props list` shows them all"},
		{"all", `error: props show: want one property name, not "all"`},
		{"Race", `error: no property "Race" in the catalogue; ` + "`gpredict props list` shows them all"},
	} {
		p, err := Find(tc.name)
		got := p.Name
		if err != nil {
			got = "error: " + err.Error()
		}
		if got != tc.want {
			t.Errorf("Find(%q) = %q; want %q", tc.name, got, tc.want)
		}
	}
}
