package spec

import "gpredict/internal/diag"

// Severity says whether a diagnostic stops a file from loading.
type Severity = diag.Severity

const (
	Error   = diag.Fatal
	Warning = diag.Warning
)

// Code is the stable, machine-readable kind of a diagnostic. The list is
// documented in docs/language.md; codes are never renamed.
type Code = diag.Code

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

// Diagnostic is a message about a spec file: the project's one positioned
// error (package diag), rendered by it — `file:line:col: error: message`
// by Error, with the source line and a caret by Render, as JSON by
// MarshalJSON.
type Diagnostic = diag.Error

// Diagnostics is a file's diagnostics; it is an error so that a stage can
// return it as one.
type Diagnostics = diag.List

// newDiagnostic is the diagnostic of severity sev and kind code over sp.
func newDiagnostic(sev Severity, code Code, sp Span, msg string) Diagnostic {
	return Diagnostic{Severity: sev, Code: code, Msg: msg, Pos: sp.Start.in(sp.File), End: sp.End.in(sp.File)}
}

// in is p as a position of diag, in file.
func (p Pos) in(file string) diag.Pos {
	return diag.Pos{File: file, Line: p.Line, Col: p.Col, Offset: int64(p.Offset)}
}
