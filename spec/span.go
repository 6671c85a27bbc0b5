package spec

import "fmt"

// Pos is a position in a spec file: 1-based line and column (in runes),
// and the 0-based byte offset.
type Pos struct {
	Line, Col, Offset int
}

// Span is a source range [Start, End) in File.
type Span struct {
	File       string
	Start, End Pos
}

func (s Span) String() string { return fmt.Sprintf("%s:%d:%d", s.File, s.Start.Line, s.Start.Col) }
