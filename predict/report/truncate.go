package report

import (
	"errors"
	"fmt"
)

// Writing is bounded too (docs/output.md, Interrupts): a run can have
// tens of thousands of reports, each with a witness of thousands of
// steps, and writing them all takes longer than a CI service waits
// between the SIGTERM it sends and the SIGKILL that follows. The writers
// look at Options.Stop before each report and each listed unknown
// candidate; once it has closed, they complete the document without the
// rest — still valid JSON, SARIF or HTML — mark it truncated, saying how
// much of it is there, and return ErrTruncated.

// ErrTruncated is returned by a writer that Options.Stop stopped: the
// document it wrote is complete and valid, but leaves reports out (it
// says how many).
var ErrTruncated = errors.New("an interrupt cut the report short")

// truncation counts what a document holds of the result when Options.Stop
// stopped its writer: its reports and, where they are listed one by one
// (JSON, SARIF, and --all in text and HTML), its unknown candidates. In
// JSON it is the "truncated" object.
type truncation struct {
	Reports        int `json:"reports"`
	Written        int `json:"written"`
	Unknown        int `json:"unknown"`
	UnknownWritten int `json:"unknownWritten"`
	// cut says whether the writer was stopped.
	cut bool
}

// newTruncation starts the count for a document of reports reports and
// unknown unknown candidates.
func newTruncation(reports, unknown int) *truncation {
	return &truncation{Reports: reports, Unknown: unknown}
}

// more reports whether the writer may write one more item: false once
// stop has closed, for this item and every later one.
func (t *truncation) more(stop <-chan struct{}) bool {
	if t.cut {
		return false
	}
	select {
	case <-stop:
		t.cut = true
		return false
	default:
		return true
	}
}

// report and unknown count one item written.
func (t *truncation) report()  { t.Written++ }
func (t *truncation) unknown() { t.UnknownWritten++ }

// err is the writer's error for the truncation: ErrTruncated if it was
// cut, else nil.
func (t *truncation) err() error {
	if t.cut {
		return ErrTruncated
	}
	return nil
}

// text is the line (text format, HTML) saying what the document holds.
func (t *truncation) text() string {
	s := fmt.Sprintf("truncated: an interrupt stopped the writing after %d of %s", t.Written, plural(t.Reports, "report"))
	if t.UnknownWritten < t.Unknown {
		s += fmt.Sprintf(" and %d of %s", t.UnknownWritten, plural(t.Unknown, "unknown candidate"))
	}
	return s
}
