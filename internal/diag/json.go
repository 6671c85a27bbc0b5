package diag

import (
	"encoding/json"
	"fmt"
)

// jsonError is the machine form of an Error (`gpredict spec check --diags
// json`, docs/language.md); its field names are part of the output
// contract. Notes and the cause have no place in it: spec diagnostics,
// the only errors written this way, have neither.
type jsonError struct {
	Severity  string `json:"severity"`
	Code      string `json:"code"`
	Message   string `json:"message"`
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	Offset    int64  `json:"offset"`
	EndLine   int    `json:"endLine"`
	EndColumn int    `json:"endColumn"`
	EndOffset int64  `json:"endOffset"`
}

// MarshalJSON writes e as
// {"severity","code","message","file","line","column","offset","endLine","endColumn","endOffset"}.
func (e *Error) MarshalJSON() ([]byte, error) {
	sev := e.Severity.String()
	if e.Severity == Internal {
		sev = "error"
	}
	return json.Marshal(jsonError{
		Severity: sev, Code: string(e.Code), Message: e.Message(),
		File: e.Pos.File, Line: e.Pos.Line, Column: e.Pos.Col, Offset: e.Pos.Offset,
		EndLine: e.End.Line, EndColumn: e.End.Col, EndOffset: e.End.Offset,
	})
}

// UnmarshalJSON reads the form MarshalJSON writes.
func (e *Error) UnmarshalJSON(data []byte) error {
	var j jsonError
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	switch j.Severity {
	case "error":
		e.Severity = Fatal
	case "warning":
		e.Severity = Warning
	default:
		return fmt.Errorf("diagnostic: unknown severity %q", j.Severity)
	}
	*e = Error{Severity: e.Severity, Code: Code(j.Code), Msg: j.Message,
		Pos: Pos{File: j.File, Line: j.Line, Col: j.Column, Offset: j.Offset},
		End: Pos{File: j.File, Line: j.EndLine, Col: j.EndColumn, Offset: j.EndOffset}}
	return nil
}
