package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpredict/props"
)

func TestPropsList(t *testing.T) {
	out, errOut, code := runCLI(t, "props", "list")
	if code != exitOK || errOut != "" {
		t.Fatalf("props list: exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	all := props.All()
	if len(lines) != len(all) {
		t.Fatalf("props list printed %d lines for %d properties:\n%s", len(lines), len(all), out)
	}
	for i, p := range all {
		f := strings.Fields(lines[i])
		if len(f) < 2 || f[0] != p.Name || strings.Join(f[1:], " ") != p.Summary {
			t.Errorf("line %d = %q, want %s and its summary", i+1, lines[i], p.Name)
		}
	}
}

func TestPropsShow(t *testing.T) {
	tests := []struct {
		args     []string
		code     int
		contains []string
	}{
		{[]string{"props", "show", "UnsafeIterator"}, exitOK,
			[]string{"## UnsafeIterator", "**Catches.**", "pattern: create next* update+ next", "props/catalog/UnsafeIterator.gp"}},
		{[]string{"props", "show", "Deadlock"}, exitOK,
			[]string{"## Deadlock", "**Why a built-in.**", "no pattern source"}},
		{[]string{"props", "show", "DataRaec"}, exitError,
			[]string{`no property "DataRaec" in the catalogue (did you mean DataRace?)`}},
		{[]string{"props", "show"}, exitError, []string{"want one property name"}},
		{[]string{"props", "show", "all"}, exitError, []string{"want one property name"}},
		{[]string{"props"}, exitError, []string{"gpredict: props: missing subcommand; want list or show"}},
		{[]string{"props", "lst"}, exitError, []string{`gpredict: props: unknown subcommand "lst"; want list or show`}},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args[1:], "_"), func(t *testing.T) {
			out, errOut, code := runCLI(t, tc.args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stderr %q", code, tc.code, errOut)
			}
			for _, c := range tc.contains {
				if !strings.Contains(out+errOut, c) {
					t.Errorf("output lacks %q:\n%s%s", c, out, errOut)
				}
			}
		})
	}
}

// TestPropsShowIsTheDoc keeps `props show` and docs/properties.md one
// text: each property's section of the doc is exactly what show prints.
func TestPropsShowIsTheDoc(t *testing.T) {
	doc := props.CatalogueMarkdown(props.All())
	for _, p := range props.All() {
		out, _, code := runCLI(t, "props", "show", p.Name)
		if code != exitOK || !strings.Contains(doc, out) {
			t.Errorf("props show %s (exit %d) is not its section of docs/properties.md", p.Name, code)
		}
	}
}

// TestPredictCatalogue runs catalogue properties, the Deadlock built-in
// among them, through `gpredict predict --props`.
func TestPredictCatalogue(t *testing.T) {
	td := func(p string) string { return filepath.Join(repoRoot(t), "props", "testdata", p) }
	tests := []struct {
		name     string
		args     []string
		code     int
		contains []string
	}{
		{"builtin", []string{"--props", "Deadlock", td("Deadlock/positive.trace")}, exitViolation,
			[]string{"Deadlock (l1=a, l2=b)", "request  T2#2"}},
		{"builtin none", []string{"--props", "Deadlock", td("Deadlock/negative.trace")}, exitOK, nil},
		{"pattern and builtin", []string{"--props", "UnsafeIterator, Deadlock", "--all", td("UnsafeIterator/positive.trace")}, exitViolation,
			[]string{"[1/2] UnsafeIterator (c=c, i=i)", "[2/2] UnsafeIterator"}},
		{"all", []string{"--props", "all", "--format", "json", td("Deadlock/positive.trace")}, exitViolation,
			[]string{`"property": "Deadlock"`, `"name": "request"`}},
		{"unknown", []string{"--props", "Deadlok", td("Deadlock/positive.trace")}, exitError,
			[]string{"unknown property Deadlok"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, append([]string{"predict"}, tc.args...)...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\n%s%s", code, tc.code, out, errOut)
			}
			for _, c := range tc.contains {
				if !strings.Contains(out+errOut, c) {
					t.Errorf("output lacks %q:\n%s%s", c, out, errOut)
				}
			}
		})
	}
}

// TestPropsDocRuns runs every command a property's page shows (a fenced
// block whose first line is `$ gpredict ...`, run from the repository
// root) and requires its output to be the rest of the block, the run time
// aside: the pages paste real output, and this keeps it real. With
// -update it pastes the output into props/catalog/NAME.md instead.
func TestPropsDocRuns(t *testing.T) {
	t.Chdir(repoRoot(t))
	runs := 0
	for _, p := range props.All() {
		for _, block := range fencedBlocks(p.Doc) {
			first, want, _ := strings.Cut(block, "\n")
			cmd, ok := strings.CutPrefix(first, "$ gpredict ")
			if !ok {
				continue
			}
			runs++
			t.Run(p.Name+"/"+cmd, func(t *testing.T) {
				out, errOut, code := runCLI(t, strings.Fields(cmd)...)
				if errOut != "" || (code != exitOK && code != exitViolation) {
					t.Fatalf("exit %d, stderr %q", code, errOut)
				}
				if elapsed.ReplaceAllString(out, "") == elapsed.ReplaceAllString(want, "") {
					return
				}
				if *update {
					updateDocBlock(t, p.Name, first+"\n"+want, first+"\n"+out)
					return
				}
				t.Errorf("the page of %s shows:\n%s\ngpredict prints:\n%s", p.Name, want, out)
			})
		}
	}
	if runs == 0 {
		t.Fatal("no property page shows a gpredict run")
	}
}

// updateDocBlock replaces the block old by new in the page of property
// name (props/catalog/NAME.md, relative to the repository root).
func updateDocBlock(t *testing.T, name, old, new string) {
	t.Helper()
	path := filepath.Join("props", "catalog", name+".md")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), old) {
		t.Fatalf("%s: the block to update is not in the file", path)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(string(src), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}
