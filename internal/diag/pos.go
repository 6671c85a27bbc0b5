package diag

import "fmt"

// Pos is a place in an input file: a 1-based line and column for the
// line formats (spec files count columns in characters, trace files in
// bytes), and the 0-based byte offset, which is the only place in a
// binary file (Binary). A Pos with a file but no line is the file as a
// whole.
type Pos struct {
	File   string
	Line   int
	Col    int
	Offset int64
	Binary bool
}

// IsZero reports whether p names no place at all.
func (p Pos) IsZero() bool { return p == Pos{} }

// String writes p as "file:line:col", "file:line" without a column,
// "file:offset N" in a binary file, "file" without a line, and "" for
// the zero Pos.
func (p Pos) String() string {
	switch {
	case p.Binary:
		return fmt.Sprintf("%s:offset %d", p.File, p.Offset)
	case p.Line > 0 && p.Col > 0:
		return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
	case p.Line > 0:
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return p.File
}
