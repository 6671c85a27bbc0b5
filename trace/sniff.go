package trace

import (
	"bytes"
	"errors"
	"regexp"
)

// A line that does not parse in its file's format is often a line of
// another format: an STD recording saved as .trace, JSON Lines given to
// the text reader, a property spec given as a trace. The readers then say
// what the line looks like and how to read it as such, instead of the
// error of their own grammar ("missing op after thread T1|w(V1)|1").

// stdLine is the shape of an STD line: THREAD|OP(DECOR)|LOC or THREAD|OP|LOC,
// with no white space (a text-format line always has some).
var stdLine = regexp.MustCompile(`^[^\s|]+\|[A-Za-z]+(\([^\s()|]*\))?\|[^\s|]*$`)

// specLine is the start of a line of a .gp property spec: a comment, an
// event declaration, the pattern, or a property header `Name(Type p, ...) {`.
var specLine = regexp.MustCompile(`^\s*(//|/\*|event\s+\w+\s+(before|after)\b|pattern\s*:|creation\s+event\b|\w+\s*\([^)]*\)\s*\{\s*$)`)

// lineFormat guesses which format line is written in; "" if it cannot tell.
// The spec guess is reported as the pseudo-format "spec".
func lineFormat(line []byte) Format {
	t := bytes.TrimSpace(line)
	switch {
	case len(t) == 0:
		return ""
	case stdLine.Match(t):
		return FormatSTD
	case t[0] == '{' && t[len(t)-1] == '}':
		return FormatJSONL
	case specLine.Match(t):
		return "spec"
	}
	f := bytes.Fields(t)
	if len(f) >= 2 {
		if _, ok := ParseOp(string(f[1])); ok {
			return FormatText
		}
	}
	if len(f) >= 2 {
		if isDirective(string(f[0])) && string(f[0]) != "hb" {
			return FormatText
		}
	}
	return ""
}

// formatShapes says what a line of each format looks like, and
// formatRemedies how to read a file of it.
var (
	formatShapes = map[Format]string{
		FormatText:  "the text format (THREAD OP OPERANDS...)",
		FormatSTD:   "STD (THREAD|OP(DECOR)|LOC)",
		FormatJSONL: `JSON Lines (one {"thread": …, "op": …} object per line)`,
	}
	formatRemedies = map[Format]string{
		FormatText:  "name the file .trace or pass --input-format text",
		FormatSTD:   "name the file .std or pass --input-format std",
		FormatJSONL: "name the file .jsonl or pass --input-format jsonl",
	}
	formatNames = map[Format]string{FormatText: "the text format", FormatSTD: "STD", FormatJSONL: "JSON Lines"}
)

// hint replaces err, an error on the current line of a file read as format
// own, by one that names the format the line seems to be in, if it seems to
// be in another. A well-formed line that breaks a rule of
// docs/trace-format.md (a release of a lock not held) looks like its own
// format and keeps its error.
func (l *lineReader) hint(err error, own Format) error {
	var terr *Error
	if !errors.As(err, &terr) || terr.Pos.Line != l.line {
		return err
	}
	switch f := lineFormat(l.text); {
	case f == "spec":
		return errorf(l.pos(1), "this line looks like a property spec (.gp), not a trace; give specs to `gpredict predict --spec FILE` or `gpredict spec check FILE`")
	case f != "" && f != own:
		return errorf(l.pos(1), "this line looks like %s, not %s; %s", formatShapes[f], formatNames[own], formatRemedies[f])
	}
	return err
}
