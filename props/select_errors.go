package props

import (
	"fmt"
	"sort"
	"strings"

	"gpredict/spec"
)

// The errors of choosing properties by name, `predict --props` (Select)
// and `props show` (Find), worded in one place.

// errDefinedTwice: two --spec properties share a name, at first and
// second (the same place when a file is given twice).
func errDefinedTwice(name, first, second string) error {
	note := ""
	if first == second {
		note = " (the same file is given twice)"
	}
	return fmt.Errorf("property %s is defined twice: %s and %s%s", name, first, second, note)
}

// errDefinedInCatalogue: the --spec property at where has the name of a
// catalogue property that the selection takes.
func errDefinedInCatalogue(name, where string) error {
	file, _, _ := strings.Cut(where, ":")
	return fmt.Errorf("property %s is defined twice: %s and the catalogue (gpredict props show %s); rename the one in %s",
		name, where, name, file)
}

// errUnknownProps: --props names that are neither in the catalogue nor
// in a --spec file, each with a suggestion where one is close, and the
// names known.
func errUnknownProps(unknown, known []string) error {
	known = append([]string(nil), known...)
	sort.Strings(known)
	parts := make([]string, len(unknown))
	for i, n := range unknown {
		parts[i] = n + didYouMean(n, known)
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

// errNotInCatalogue: `props show` names no property of the catalogue.
func errNotInCatalogue(name string) error {
	return fmt.Errorf("no property %q in the catalogue%s; `gpredict props list` shows them all", name, didYouMean(name, Names()))
}

// didYouMean is " (did you mean X?)" for the known name closest to name,
// or "" if none is close.
func didYouMean(name string, known []string) string {
	if s := spec.Suggest(name, known); s != "" {
		return fmt.Sprintf(" (did you mean %s?)", s)
	}
	return ""
}

// errNotOne: `props show all`, which names the whole catalogue.
func errNotOne(name string) error {
	return fmt.Errorf("props show: want one property name, not %q", name)
}
