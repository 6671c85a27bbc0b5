package diag

import "strings"

// List is the errors of one input (a spec file's diagnostics); it is an
// error so that a stage can return it as one.
type List []Error

// Error writes every error on its own line, without source.
func (l List) Error() string {
	lines := make([]string, len(l))
	for i := range l {
		lines[i] = l[i].Error()
	}
	return strings.Join(lines, "\n")
}

// HasErrors reports whether any element is an error (not a warning).
func (l List) HasErrors() bool {
	for i := range l {
		if l[i].Severity != Warning {
			return true
		}
	}
	return false
}

// Errors returns the elements that are errors (not warnings).
func (l List) Errors() List {
	var out List
	for _, e := range l {
		if e.Severity != Warning {
			out = append(out, e)
		}
	}
	return out
}

// Render renders every element against src, the content of the file
// they are about.
func (l List) Render(src []byte) string {
	var b strings.Builder
	for i := range l {
		b.WriteString(l[i].Render(src))
	}
	return b.String()
}
