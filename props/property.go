package props

import (
	"context"
	"fmt"
	"strings"

	"gpredict/predict"
	"gpredict/spec"
	"gpredict/trace"
)

// Property is one entry of the catalogue.
type Property struct {
	// Name is the property's name: the name of its .gp property and what
	// `--props` selects.
	Name string
	// Summary is the one-line description (the first line of the doc).
	Summary string
	// Doc is the documentation after the summary line, in Markdown.
	Doc string
	// Source is the .gp text of a pattern property ("" for a built-in).
	Source string
	// File is the name Source is loaded under (its path in the
	// repository), so that diagnostics point at the real file; for a
	// built-in, the path of the package that implements it.
	File string
	// Builtin, if not nil, is how a property that is not a pattern
	// predicts its violations.
	Builtin BuiltinFunc
}

// BuiltinFunc predicts the violations of a built-in property in tr. The
// result has the shape predict.Run gives: sorted violations whose
// witnesses passed replay validation, and the unknown candidates.
type BuiltinFunc func(ctx context.Context, tr *trace.Trace, opts predict.Options) (*predict.Result, error)

// IsBuiltin reports whether p is a built-in rather than a pattern.
func (p Property) IsBuiltin() bool { return p.Builtin != nil }

// Spec parses and checks the property's source and returns its one
// property, normalised and ready for spec.Match and predict.Run.
// Diagnostics are returned as an error; warnings are not errors. A
// built-in has no spec.
func (p Property) Spec() (*spec.Property, error) {
	if p.IsBuiltin() {
		return nil, fmt.Errorf("%s is a built-in property and has no pattern", p.Name)
	}
	f, diags := spec.Load(p.File, []byte(p.Source))
	if diags.HasErrors() {
		return nil, fmt.Errorf("catalogue property %s does not load:\n%s", p.Name, diags.Errors().Render([]byte(p.Source)))
	}
	if len(f.Properties) != 1 || f.Properties[0].Name != p.Name {
		var names []string
		for _, q := range f.Properties {
			names = append(names, q.Name)
		}
		return nil, fmt.Errorf("%s: want exactly one property named %s, found [%s]", p.File, p.Name, strings.Join(names, " "))
	}
	return f.Properties[0], nil
}
