package props

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
)

// Validate checks a catalogue: names are unique, every entry has a
// summary and a doc, every pattern property loads without errors and
// defines exactly its own name, every built-in has no source, and no file
// in catalog/ is left out of the list. It returns every problem found.
func Validate(all []Property) error {
	var errs []error
	seen := map[string]bool{}
	listed := map[string]bool{}
	for _, p := range all {
		switch {
		case p.Name == "":
			errs = append(errs, errors.New("a property has no name"))
			continue
		case seen[p.Name]:
			errs = append(errs, fmt.Errorf("%s: listed twice", p.Name))
		}
		seen[p.Name] = true
		listed["catalog/"+p.Name+".md"] = true
		if p.Summary == "" || strings.Contains(p.Summary, "\n") {
			errs = append(errs, fmt.Errorf("%s: catalog/%s.md must start with a one-line summary", p.Name, p.Name))
		}
		if p.Doc == "" {
			errs = append(errs, fmt.Errorf("%s: catalog/%s.md has no documentation after its summary", p.Name, p.Name))
		}
		if p.IsBuiltin() {
			if p.Source != "" {
				errs = append(errs, fmt.Errorf("%s: a built-in has no pattern source", p.Name))
			}
			continue
		}
		listed["catalog/"+p.Name+".gp"] = true
		if p.Source == "" {
			errs = append(errs, fmt.Errorf("%s: catalog/%s.gp is missing or empty", p.Name, p.Name))
			continue
		}
		if _, err := p.Spec(); err != nil {
			errs = append(errs, err)
		}
	}
	entries, err := fs.ReadDir(files, "catalog")
	if err != nil {
		errs = append(errs, err)
	}
	for _, e := range entries {
		if name := "catalog/" + e.Name(); !listed[name] {
			errs = append(errs, fmt.Errorf("%s is not in the catalogue list (catalogue.go)", name))
		}
	}
	return errors.Join(errs...)
}
