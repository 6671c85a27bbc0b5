package spec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Severity says whether a diagnostic stops a file from loading.
type Severity uint8

const (
	Error Severity = iota
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// Code is the stable, machine-readable kind of a diagnostic. The list is
// documented in docs/language.md; codes are never renamed.
type Code string

const (
	CodeSyntax              Code = "syntax"
	CodeTooDeep             Code = "too-deep"
	CodeUndeclaredEvent     Code = "undeclared-event"
	CodeDuplicateEvent      Code = "duplicate-event"
	CodeDuplicateProperty   Code = "duplicate-property"
	CodeDuplicateParameter  Code = "duplicate-parameter"
	CodeUnbindableParameter Code = "unbindable-parameter"
	CodeUndeclaredName      Code = "undeclared-name"
	CodeUnmatchedRegion     Code = "unmatched-region"
	CodeRegionThread        Code = "region-thread-mismatch"
	CodeUnknownPointcut     Code = "unknown-pointcut"
	CodeUnknownMethod       Code = "unknown-method"
	CodeEmptyPattern        Code = "empty-pattern"
	CodeNegatedQuantifier   Code = "negated-quantifier"
	CodeTooManyAlternatives Code = "too-many-alternatives"
	CodeTooManyEvents       Code = "too-many-events"
	CodeUnboundAdviceParam  Code = "unbound-advice-parameter"
	CodeHoldsArgument       Code = "holds-argument"
	CodeBadCharacter        Code = "bad-character"
	CodeLineTooLong         Code = "line-too-long"
	CodeFileTooLarge        Code = "file-too-large"
	CodeJavaMOP             Code = "javamop-syntax"
	CodeNotASpec            Code = "not-a-spec"
)

// Diagnostic is the project's one kind of message about a user's input:
// every stage (parser, checker, later the trace and predict stages)
// reports through it.
type Diagnostic struct {
	Severity Severity
	Code     Code
	Message  string
	Span     Span
}

// Error renders d without source: `file:line:col: error: message`.
func (d Diagnostic) Error() string {
	return d.header()
}

func (d Diagnostic) header() string {
	loc := d.Span.File
	if d.Span.Start.Line > 0 {
		loc = d.Span.String()
	}
	if loc == "" {
		return fmt.Sprintf("%s: %s", d.Severity, d.Message)
	}
	return fmt.Sprintf("%s: %s: %s", loc, d.Severity, d.Message)
}

// Render formats d with the source line of its span and a caret under it:
//
//	props/race.gp:12:7: error: undeclared event 'aquire' in pattern (did you mean 'acquire'?)
//	   pattern: aquire(t1) || release(t2)
//	            ^~~~~~
//
// src is the content of d.Span.File; without it (or without a position)
// only the first line is written. The caret line repeats the tabs of the
// source line so that it stays aligned in any tab width.
func (d Diagnostic) Render(src []byte) string {
	var b strings.Builder
	b.WriteString(d.header())
	b.WriteByte('\n')
	line, ok := sourceLine(src, d.Span.Start)
	if !ok {
		return b.String()
	}
	b.WriteString("   ")
	b.WriteString(line)
	b.WriteString("\n   ")
	col := 1
	for _, r := range line {
		if col >= d.Span.Start.Col {
			break
		}
		if r == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
		col++
	}
	b.WriteByte('^')
	// The rest of the span on this line, at least the caret itself.
	width := 1
	if d.Span.End.Line == d.Span.Start.Line {
		width = d.Span.End.Col - d.Span.Start.Col
	} else if d.Span.End.Line > d.Span.Start.Line {
		width = utf8.RuneCountInString(line) - d.Span.Start.Col + 1
	}
	for i := 1; i < width; i++ {
		b.WriteByte('~')
	}
	b.WriteByte('\n')
	return b.String()
}

// sourceLine returns the text of the line holding p (without its line
// terminator), checking that p is on it.
func sourceLine(src []byte, p Pos) (string, bool) {
	if p.Line < 1 || p.Offset < 0 || p.Offset > len(src) {
		return "", false
	}
	// Byte searches, not string conversions: converting the text before
	// the position made rendering each diagnostic cost the whole file.
	start := bytes.LastIndexByte(src[:p.Offset], '\n') + 1
	end := len(src)
	if i := bytes.IndexByte(src[p.Offset:], '\n'); i >= 0 {
		end = p.Offset + i
	}
	if n := len(bytes.TrimSuffix(src[start:end], []byte("\r"))); n > maxLineBytes {
		return "", false // refused for its length (checkText): not worth a screenful
	}
	line := strings.TrimSuffix(string(src[start:end]), "\r")
	if !utf8.ValidString(line) {
		line = strings.ToValidUTF8(line, "\uFFFD")
	}
	// A control character would be sent to the terminal as is: show it as
	// U+FFFD, one rune for one, so that the caret stays aligned.
	line = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) && r != '\t' {
			return '\uFFFD'
		}
		return r
	}, line)
	return line, true
}

// Diagnostics is a list of diagnostics; it is an error so that a stage can
// return it as one.
type Diagnostics []Diagnostic

// Error renders every diagnostic on its own line, without source.
func (ds Diagnostics) Error() string {
	lines := make([]string, len(ds))
	for i, d := range ds {
		lines[i] = d.Error()
	}
	return strings.Join(lines, "\n")
}

// HasErrors reports whether any diagnostic is an error (not a warning).
func (ds Diagnostics) HasErrors() bool {
	for _, d := range ds {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Errors returns the diagnostics of severity Error.
func (ds Diagnostics) Errors() Diagnostics {
	var out Diagnostics
	for _, d := range ds {
		if d.Severity == Error {
			out = append(out, d)
		}
	}
	return out
}

// Render renders all diagnostics against src (the content of the file
// they are about).
func (ds Diagnostics) Render(src []byte) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(d.Render(src))
	}
	return b.String()
}

// jsonDiagnostic is the machine form of a Diagnostic; field names are part
// of the output contract.
type jsonDiagnostic struct {
	Severity  string `json:"severity"`
	Code      string `json:"code"`
	Message   string `json:"message"`
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	Offset    int    `json:"offset"`
	EndLine   int    `json:"endLine"`
	EndColumn int    `json:"endColumn"`
	EndOffset int    `json:"endOffset"`
}

// MarshalJSON writes d as
// {"severity","code","message","file","line","column","offset","endLine","endColumn","endOffset"}.
func (d Diagnostic) MarshalJSON() ([]byte, error) {
	return json.Marshal(jsonDiagnostic{
		Severity: d.Severity.String(), Code: string(d.Code), Message: d.Message,
		File: d.Span.File, Line: d.Span.Start.Line, Column: d.Span.Start.Col, Offset: d.Span.Start.Offset,
		EndLine: d.Span.End.Line, EndColumn: d.Span.End.Col, EndOffset: d.Span.End.Offset,
	})
}

// UnmarshalJSON reads the form MarshalJSON writes.
func (d *Diagnostic) UnmarshalJSON(data []byte) error {
	var j jsonDiagnostic
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	switch j.Severity {
	case "error":
		d.Severity = Error
	case "warning":
		d.Severity = Warning
	default:
		return fmt.Errorf("diagnostic: unknown severity %q", j.Severity)
	}
	d.Code, d.Message = Code(j.Code), j.Message
	d.Span = Span{File: j.File,
		Start: Pos{Line: j.Line, Col: j.Column, Offset: j.Offset},
		End:   Pos{Line: j.EndLine, Col: j.EndColumn, Offset: j.EndOffset}}
	return nil
}
