package main

import (
	"fmt"
	"path/filepath"

	"gpredict/predict/report"
	"gpredict/props"
	"gpredict/spec"
)

// selection is what --props and the --spec files resolve to
// (props.Select, the one place that applies the rules of docs/cli.md),
// with the text of each --spec property for its SARIF rule.
type selection struct {
	*props.Selection
	source map[*spec.Property]string
}

// selectProps applies --props to the catalogue and specFiles; every
// error is a usage error (exit 2).
func selectProps(specFiles []*spec.File, sel string) (*selection, error) {
	s, err := props.Select(specFiles, sel)
	if err != nil {
		return nil, usageError(err)
	}
	out := &selection{Selection: s, source: map[*spec.Property]string{}}
	for _, f := range specFiles {
		for _, p := range f.Properties {
			if sp := p.Span; sp.Start.Offset < sp.End.Offset && sp.End.Offset <= len(f.Src) {
				out.source[p] = string(f.Src[sp.Start.Offset:sp.End.Offset])
			}
		}
	}
	return out, nil
}

// warnUnmatched says which warnings about event declarations that match
// nothing in the trace a selected property gets (predict_warnings.go):
// every declaration of a --spec property (a user's pointcut may have a
// typo), only the property as a whole for a catalogue property named in
// --props (its declarations are tested; a trace without reads simply has
// none), none for the catalogue run with `--props all` (most of it is
// about other kinds of programs, and saying so would bury the warnings
// that matter).
func (s *selection) warnUnmatched(p *spec.Property) unmatchedWarn {
	switch s.Origin[p] {
	case props.FromSpec:
		return warnEachEvent
	case props.Named:
		return warnProperty
	}
	return warnNone
}

// ruleDocs documents the selected properties for SARIF: a catalogue
// property by its doc, a --spec property by where it is defined and its
// source.
func ruleDocs(sel *selection) []report.RuleDoc {
	var docs []report.RuleDoc
	for _, p := range sel.Specs {
		if c, ok := props.Lookup(p.Name); ok && sel.Origin[p] != props.FromSpec {
			docs = append(docs, report.RuleDoc{Name: p.Name, Summary: c.Summary, Help: c.Doc})
			continue
		}
		d := report.RuleDoc{Name: p.Name, Summary: fmt.Sprintf("Property %s of %s", p.Name, filepath.Base(p.NameSpan.File))}
		if src, ok := sel.source[p]; ok {
			d.Help = fmt.Sprintf("Defined at %s:\n\n```\n%s\n```", p.NameSpan, src)
		}
		docs = append(docs, d)
	}
	for _, b := range sel.Builtins {
		docs = append(docs, report.RuleDoc{Name: b.Name, Summary: b.Summary, Help: b.Doc})
	}
	return docs
}
