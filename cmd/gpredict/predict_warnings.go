package main

import (
	"fmt"

	"gpredict/predict/report"
	"gpredict/spec"
	"gpredict/trace"
)

// The warnings of a predict run: the trace's (trace.Warning, as `trace
// check` prints them) and the event declarations that match nothing in the
// trace, which leave a property nothing to find (a typo in a pointcut, the
// wrong trace). They go to stderr and into the JSON and SARIF documents
// (docs/output.md); none of them changes the exit status.

// traceWarnings turns the trace's warnings into the run's.
func traceWarnings(tr *trace.Trace) []report.Warning {
	out := make([]report.Warning, 0, len(tr.Warnings))
	for _, w := range tr.Warnings {
		out = append(out, report.Warning{Code: w.Code, Message: w.String(), Pos: w.Pos})
	}
	return out
}

// unmatchedWarn says which unmatched-event warnings a property gets.
type unmatchedWarn int

const (
	warnNone      unmatchedWarn = iota
	warnProperty                // only when no declaration matches
	warnEachEvent               // also per declaration that matches nothing
)

// unmatchedWarnings warns about the event declarations of p that no event
// of the trace matches: one warning for the property when none matches,
// else (with warnEachEvent) one per declaration.
func unmatchedWarnings(p *spec.Property, events [][]spec.PropEvent, which unmatchedWarn) []report.Warning {
	var unmatched []*spec.EventDecl
	for d, list := range events {
		if len(list) == 0 {
			unmatched = append(unmatched, p.Events[d])
		}
	}
	const hint = "`gpredict spec check --events TRACE FILE` lists what each declaration matches"
	switch {
	case len(unmatched) == 0 || which == warnNone:
		return nil
	case len(unmatched) == len(p.Events):
		return []report.Warning{{Code: "unmatched-property", Pos: p.NameSpan.String(),
			Message: fmt.Sprintf("property %s (%s): no event of the trace matches any of its event declarations, so it has nothing to check; %s", p.Name, p.NameSpan, hint)}}
	case which != warnEachEvent:
		return nil
	}
	out := make([]report.Warning, len(unmatched))
	for i, d := range unmatched {
		out[i] = report.Warning{Code: "unmatched-event", Pos: d.NameSpan.String(),
			Message: fmt.Sprintf("event %s of property %s (%s) matches no event of the trace, so no violation can involve it; %s", d.Name, p.Name, d.NameSpan, hint)}
	}
	return out
}
