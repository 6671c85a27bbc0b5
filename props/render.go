package props

import (
	"fmt"
	"strings"
)

// Markdown renders one property as `gpredict props show` prints it and as
// its section of docs/properties.md: name, summary, doc, and the spec
// source (or a note for a built-in).
func Markdown(p Property) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## %s\n\n%s\n\n%s\n\n", p.Name, p.Summary, p.Doc)
	if p.IsBuiltin() {
		fmt.Fprintf(&b, "**Spec.** Built-in (package `%s`); it has no pattern source.\n", p.File)
		return b.String()
	}
	fmt.Fprintf(&b, "**Spec** (`%s`):\n\n```\n%s\n```\n", p.File, strings.TrimRight(p.Source, "\n"))
	return b.String()
}

// CatalogueMarkdown renders docs/properties.md from the catalogue.
func CatalogueMarkdown(all []Property) string {
	var b strings.Builder
	b.WriteString("# Properties\n\n")
	b.WriteString("<!-- Generated from props/catalog by `go test ./props -update`; do not edit. -->\n\n")
	b.WriteString("The catalogue of properties that ships with gpredict. Run them with\n")
	b.WriteString("`gpredict predict --props NAME,... TRACE` (or `--props all`); list them with\n")
	b.WriteString("`gpredict props list` and read one with `gpredict props show NAME`.\n")
	b.WriteString("Each property's tests are in `props/testdata/NAME/`: traces where the\n")
	b.WriteString("violation is predicted though not observed (`positive*.trace`), traces\n")
	b.WriteString("where synchronisation rules it out (`negative*.trace`), and\n")
	b.WriteString("`observed.trace` where an alternative of a pattern can only be seen in\n")
	b.WriteString("the recorded run itself. To write your own, see the tutorial in\n")
	b.WriteString("`docs/language.md`.\n\n")
	b.WriteString("| property | catches |\n|---|---|\n")
	for _, p := range all {
		fmt.Fprintf(&b, "| [%s](#%s) | %s |\n", p.Name, strings.ToLower(p.Name), p.Summary)
	}
	for _, p := range all {
		b.WriteString("\n")
		b.WriteString(Markdown(p))
	}
	return b.String()
}
