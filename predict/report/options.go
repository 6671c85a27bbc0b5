// Package report writes the result of `gpredict predict` (a
// predict.Result) in the formats of docs/output.md: text for people, one
// JSON document, a SARIF 2.1.0 log. The witnesses are drawn by
// predict/report/witness; which violations make one report is the
// engine's (predict.Result.Reports), since the engine skips the
// candidates of a group already reported.
package report

import "gpredict/predict/report/witness"

// Options are what the writers need besides the result.
type Options struct {
	Version string   // gpredict's version
	Traces  []string // the trace paths as given
	// All (--all) makes one report per (binding, choice) and lists every
	// unknown candidate in the text format (else they are counted by
	// reason).
	All bool
	// Witness says how much of each witness the text and HTML formats
	// draw; JSON carries the whole schedule and SARIF a trimmed code flow
	// unless it is None, which leaves both out.
	Witness witness.Mode
	// Stats (--stats) adds the decision ladder's counts, stage by stage,
	// after the text format's summary line; JSON always has them.
	Stats bool
	// Warnings are the run's warnings (trace validation, event
	// declarations that match nothing), for the formats that carry them
	// in the document (JSON, SARIF); the command prints them on stderr.
	Warnings []Warning
	// Rules document the properties that were checked, in order, for the
	// SARIF log's rules; a property without an entry gets a rule with its
	// name only.
	Rules []RuleDoc
	// FailOn is the exit policy (--fail-on), which the SARIF log's
	// exitCode follows.
	FailOn FailOn
	// Filtered counts the reports Filter left out (a baseline,
	// suppressions), which every format states.
	Filtered Filtered
	// Stop, once closed, ends the writing (truncate.go): the writer
	// completes the document without the reports not yet written, marks
	// it truncated and returns ErrTruncated. gpredict closes it a moment
	// after an interrupt. Nil: never.
	Stop <-chan struct{}
}

// Warning is one warning of the run: a stable code (trace warnings use
// trace.Warning's codes, spec ones are `unmatched-event` and
// `unmatched-property`), the message as printed on stderr without the
// "gpredict: warning: " prefix, and the place it is about as FILE:LINE:COL
// ("" if none).
type Warning struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Pos     string `json:"pos,omitempty"`
}

// RuleDoc documents one property for SARIF: a one-line summary and the
// help text (Markdown).
type RuleDoc struct {
	Name    string
	Summary string
	Help    string
}
