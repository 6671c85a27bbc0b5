// Package diag is gpredict's one positioned error and its one renderer.
//
// Every kind of error the project reports is an *Error: a spec's
// diagnostics (spec.Diagnostic is an alias), a malformed trace
// (trace.Error), a schedule that breaks a rule of docs/semantics.md
// (replay.RuleError wraps one), a witness the replay validator rejects (an
// internal error) and a command called wrongly (cmd/gpredict's usage
// errors). Error (one line, or one per note) and Render (with the source
// line and a caret) are the only places that decide how one is written,
// and MarshalJSON the only machine form, so that a message reads alike
// whichever stage found it (as CUE's errors package does).
//
// The package sits below every other package of the module (trace
// imports it), so it imports nothing of the project.
package diag

import (
	"errors"
	"fmt"
	"strings"
)

// Severity says how an error is labelled and whether it stops a command.
type Severity uint8

const (
	// Plain is an error written without a label, as "where: message": the
	// command's own errors (a malformed trace, a wrong flag), which it
	// prints once after "gpredict: ".
	Plain Severity = iota
	// Fatal is a diagnostic that stops a file from loading, written
	// "where: error: message" beside warnings of the same file.
	Fatal
	// Warning is a diagnostic that does not stop anything.
	Warning
	// Internal is a bug in gpredict (a witness the replay validator
	// rejects), written "internal error: message".
	Internal
)

// String is the severity's label, and its name in the JSON form.
func (s Severity) String() string {
	switch s {
	case Warning:
		return "warning"
	case Internal:
		return "internal error"
	}
	return "error"
}

// label is what the text form writes before the message ("" for Plain).
func (s Severity) label() string {
	if s == Plain {
		return ""
	}
	return s.String()
}

// Code is the stable, machine-readable kind of an error. The spec's codes
// are listed in docs/language.md (package spec declares them); the others
// are declared here. Codes are never renamed.
type Code string

const (
	// CodeUsage is a command called wrongly: a flag, an argument, a
	// configuration value (exit 2).
	CodeUsage Code = "usage"
	// CodeTrace is a trace file that breaks docs/trace-format.md.
	CodeTrace Code = "trace"
	// CodeRule is a schedule that breaks a rule of docs/semantics.md.
	CodeRule Code = "rule"
	// CodeWitness is a witness that fails replay validation: a bug.
	CodeWitness Code = "witness"
)

// Note is a related place or a further line of explanation.
type Note struct {
	Pos Pos // zero when the note has no place
	Msg string
}

// Error is one positioned error. The zero Pos means "nowhere in
// particular" (a usage error, an internal error); End, when set, closes
// the range [Pos, End) a caret underlines.
type Error struct {
	Severity Severity
	Code     Code
	Pos, End Pos
	Msg      string
	// Err is the cause, written after Msg (or alone when Msg is empty)
	// and reached by errors.Is and errors.As.
	Err   error
	Notes []Note
}

// Errorf returns a Plain error at pos.
func Errorf(code Code, pos Pos, format string, args ...any) *Error {
	return &Error{Code: code, Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// Wrap returns err as a Plain error of kind code, written as err is.
func Wrap(code Code, err error) *Error {
	return &Error{Code: code, Err: err}
}

// Error writes e as text: its header ("where: label: message: cause"),
// then each note on a line of its own.
func (e *Error) Error() string {
	var b strings.Builder
	e.writeHeader(&b)
	e.writeNotes(&b)
	return b.String()
}

// Unwrap is e's cause, for errors.Is and errors.As.
func (e *Error) Unwrap() error { return e.Err }

func (e *Error) writeHeader(b *strings.Builder) {
	if where := e.Pos.String(); where != "" {
		b.WriteString(where)
		b.WriteString(": ")
	}
	if l := e.Severity.label(); l != "" {
		b.WriteString(l)
		b.WriteString(": ")
	}
	b.WriteString(e.Message())
}

// Message is e's message and cause, without place or label.
func (e *Error) Message() string {
	switch {
	case e.Err == nil:
		return e.Msg
	case e.Msg == "":
		return e.Err.Error()
	}
	return e.Msg + ": " + e.Err.Error()
}

func (e *Error) writeNotes(b *strings.Builder) {
	for _, n := range e.Notes {
		b.WriteByte('\n')
		writeNote(b, n)
	}
}

func writeNote(b *strings.Builder, n Note) {
	if where := n.Pos.String(); where != "" {
		b.WriteString(where)
		b.WriteString(": ")
	}
	b.WriteString(n.Msg)
}

// CodeOf is the code of the first *Error in err's chain, "" if none.
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}
