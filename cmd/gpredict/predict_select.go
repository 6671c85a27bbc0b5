package main

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"gpredict/predict/report"
	"gpredict/props"
	"gpredict/spec"
)

// selection is what --props and the --spec files resolve to.
type selection struct {
	props    []*spec.Property // pattern properties, in run order
	builtins []props.Property // the catalogue's built-ins (Deadlock)
	// warnUnmatched says which properties get warnings about event
	// declarations that match nothing in the trace (predict_warnings.go):
	// every declaration of a --spec property (a user's pointcut may have
	// a typo), only the property as a whole for a catalogue property
	// named in --props (its declarations are tested; a trace without
	// reads simply has none), none for the catalogue run with `--props
	// all` (most of it is about other kinds of programs, and saying so
	// would bury the warnings that matter).
	warnUnmatched map[*spec.Property]unmatchedWarn
	// fromCatalogue marks the catalogue's pattern properties.
	fromCatalogue map[*spec.Property]bool
	// source is the text of each --spec property, for its SARIF rule.
	source map[*spec.Property]string
}

// selectProps applies --props (docs/cli.md): empty = every --spec
// property; "all" = the catalogue plus the --spec properties; otherwise
// the named ones, from the --spec files and the catalogue. A name defined
// twice — in two --spec files, a file given twice, or a --spec file and
// the catalogue when --props selects that name (by name or with all) — is
// an error naming both places: running both would count every violation
// twice, and picking one would be a guess. An unknown name is an error
// with a suggestion.
func selectProps(specFiles []*spec.File, sel string) (*selection, error) {
	out := &selection{warnUnmatched: map[*spec.Property]unmatchedWarn{}, fromCatalogue: map[*spec.Property]bool{},
		source: map[*spec.Property]string{}}
	defined := map[string]string{} // name → where
	var fromSpecs []*spec.Property
	for _, f := range specFiles {
		for _, p := range f.Properties {
			where := p.NameSpan.String()
			if first, dup := defined[p.Name]; dup {
				return nil, usageError{fmt.Errorf("property %s is defined twice: %s and %s%s", p.Name, first, where, sameFileNote(first, where))}
			}
			defined[p.Name] = where
			fromSpecs = append(fromSpecs, p)
			out.warnUnmatched[p] = warnEachEvent
			if sp := p.Span; sp.Start.Offset < sp.End.Offset && sp.End.Offset <= len(f.Src) {
				out.source[p] = string(f.Src[sp.Start.Offset:sp.End.Offset])
			}
		}
	}
	sel = strings.TrimSpace(sel)
	if sel == "" {
		out.props = fromSpecs
		return out, nil
	}
	catFiles, err := catalogue()
	if err != nil {
		return nil, fmt.Errorf("loading the property catalogue: %w", err)
	}
	var fromCat []*spec.Property
	for _, f := range catFiles {
		fromCat = append(fromCat, f.Properties...)
	}
	catNames := names(fromCat)
	for _, p := range fromCat {
		out.fromCatalogue[p] = true
	}
	for _, b := range props.Builtins() {
		catNames = append(catNames, b.Name)
	}
	inCatalogue := map[string]bool{}
	for _, n := range catNames {
		inCatalogue[n] = true
	}
	twice := func(name string) error {
		where := defined[name]
		return usageError{fmt.Errorf("property %s is defined twice: %s and the catalogue (gpredict props show %s); rename the one in %s",
			name, where, name, strings.SplitN(where, ":", 2)[0])}
	}
	if sel == "all" {
		for _, p := range fromSpecs {
			if inCatalogue[p.Name] {
				return nil, twice(p.Name)
			}
		}
		out.props = append(fromCat, fromSpecs...)
		out.builtins = props.Builtins()
		return out, nil
	}
	byName := map[string]*spec.Property{}
	for _, p := range append(fromCat, fromSpecs...) {
		byName[p.Name] = p
	}
	builtins := map[string]props.Property{}
	for _, b := range props.Builtins() {
		builtins[b.Name] = b
	}
	var unknown []string
	seen := map[string]bool{}
	for _, name := range strings.Split(sel, ",") {
		name = strings.TrimSpace(name)
		if name == "" || seen[name] {
			continue
		}
		seen[name] = true
		if _, mine := defined[name]; mine && inCatalogue[name] {
			return nil, twice(name)
		}
		if p, ok := byName[name]; ok {
			out.props = append(out.props, p)
			if out.fromCatalogue[p] {
				out.warnUnmatched[p] = warnProperty
			}
		} else if b, ok := builtins[name]; ok {
			out.builtins = append(out.builtins, b)
		} else {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		known := append(catNames, names(fromSpecs)...)
		sort.Strings(known)
		return nil, usageError{unknownProps(unknown, known)}
	}
	return out, nil
}

// names lists the names of ps.
func names(ps []*spec.Property) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}

// sameFileNote explains a duplicate that comes from giving a file twice.
func sameFileNote(a, b string) string {
	if a == b {
		return " (the same file is given twice)"
	}
	return ""
}

// unknownProps is the error for --props names that are neither in the
// catalogue nor in a --spec file, each with a suggestion where one is
// close.
func unknownProps(unknown, known []string) error {
	parts := make([]string, len(unknown))
	for i, n := range unknown {
		parts[i] = n
		if s := spec.Suggest(n, known); s != "" {
			parts[i] += fmt.Sprintf(" (did you mean %s?)", s)
		}
	}
	noun := "property"
	if len(unknown) > 1 {
		noun = "properties"
	}
	list := "none"
	if len(known) > 0 {
		list = strings.Join(known, ", ")
	}
	return fmt.Errorf("--props: unknown %s %s; known: %s", noun, strings.Join(parts, ", "), list)
}

// ruleDocs documents the selected properties for SARIF: a catalogue
// property by its doc, a --spec property by where it is defined and its
// source.
func ruleDocs(sel *selection) []report.RuleDoc {
	var docs []report.RuleDoc
	for _, p := range sel.props {
		if c, ok := props.Lookup(p.Name); ok && sel.fromCatalogue[p] {
			docs = append(docs, report.RuleDoc{Name: p.Name, Summary: c.Summary, Help: c.Doc})
			continue
		}
		d := report.RuleDoc{Name: p.Name, Summary: fmt.Sprintf("Property %s of %s", p.Name, filepath.Base(p.NameSpan.File))}
		if src, ok := sel.source[p]; ok {
			d.Help = fmt.Sprintf("Defined at %s:\n\n```\n%s\n```", p.NameSpan, src)
		}
		docs = append(docs, d)
	}
	for _, b := range sel.builtins {
		docs = append(docs, report.RuleDoc{Name: b.Name, Summary: b.Summary, Help: b.Doc})
	}
	return docs
}
