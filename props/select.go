package props

import (
	"fmt"
	"strings"

	"gpredict/spec"
)

// Selection is what `predict --props` and the --spec files resolve to
// (SPEC section 4, docs/cli.md): the pattern properties, ready for
// spec.Match and predict.Run, and the catalogue's built-ins, which run
// through their own function.
type Selection struct {
	Specs    []*spec.Property // pattern properties, in run order
	Builtins []Property
	// Origin says where each of Specs comes from and how it was chosen.
	Origin map[*spec.Property]Origin
}

// Origin is where a selected pattern property comes from.
type Origin int

const (
	// FromSpec: a --spec file (every one runs without --props).
	FromSpec Origin = iota
	// Named: the catalogue, named in --props.
	Named
	// WholeCatalogue: the catalogue, chosen with `--props all`.
	WholeCatalogue
)

// Select applies a --props value to the catalogue and the properties of
// specFiles, the one place where that is done:
//
//   - empty (no --props): every --spec property, and none of the
//     catalogue;
//   - "all": the whole catalogue (its pattern properties, then the
//     --spec ones; the built-ins run after them);
//   - otherwise the names given, comma-separated, each from the --spec
//     files or the catalogue, in the order given, duplicates once.
//
// A name defined twice — in two --spec files, a file given twice, or a
// --spec file and the catalogue when the selection takes that name (by
// name or with all) — is an error naming both places: running both would
// count every violation twice, and picking one would be a guess. An
// unknown name is an error with a suggestion. The wording of every error
// is in select_errors.go.
func Select(specFiles []*spec.File, props string) (*Selection, error) {
	out := &Selection{Origin: map[*spec.Property]Origin{}}
	defined := map[string]string{} // --spec property name → where
	var fromSpecs []*spec.Property
	for _, f := range specFiles {
		for _, p := range f.Properties {
			where := p.NameSpan.String()
			if first, dup := defined[p.Name]; dup {
				return nil, errDefinedTwice(p.Name, first, where)
			}
			defined[p.Name] = where
			fromSpecs = append(fromSpecs, p)
			out.Origin[p] = FromSpec
		}
	}
	props = strings.TrimSpace(props)
	if props == "" {
		out.Specs = fromSpecs
		return out, nil
	}
	catFiles, err := SpecFiles()
	if err != nil {
		return nil, fmt.Errorf("loading the property catalogue: %w", err)
	}
	var fromCat []*spec.Property
	for _, f := range catFiles {
		fromCat = append(fromCat, f.Properties...)
	}
	if props == "all" {
		for _, p := range fromSpecs {
			if _, ok := Lookup(p.Name); ok {
				return nil, errDefinedInCatalogue(p.Name, defined[p.Name])
			}
		}
		for _, p := range fromCat {
			out.Origin[p] = WholeCatalogue
		}
		out.Specs = append(fromCat, fromSpecs...)
		out.Builtins = Builtins()
		return out, nil
	}
	byName := map[string]*spec.Property{}
	for _, p := range append(fromCat, fromSpecs...) {
		byName[p.Name] = p
	}
	var unknown []string
	seen := map[string]bool{}
	for _, name := range strings.Split(props, ",") {
		name = strings.TrimSpace(name)
		if name == "" || seen[name] {
			continue
		}
		seen[name] = true
		c, inCatalogue := Lookup(name)
		if where, mine := defined[name]; mine && inCatalogue {
			return nil, errDefinedInCatalogue(name, where)
		}
		switch p, ok := byName[name]; {
		case ok:
			out.Specs = append(out.Specs, p)
			if inCatalogue {
				out.Origin[p] = Named
			}
		case inCatalogue && c.IsBuiltin():
			out.Builtins = append(out.Builtins, c)
		default:
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		return nil, errUnknownProps(unknown, append(Names(), names(fromSpecs)...))
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
