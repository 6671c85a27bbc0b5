// Package encode turns the causal model of a trace and a property
// candidate into a solver-neutral formula over one order variable per
// event (three per wait), one file per constraint family.
package encode

import (
	"gpredict/spec"
	"gpredict/trace"
)

// Candidate is one question for the solver: is there a feasible schedule
// in which these chosen events satisfy this alternative of a pattern?
type Candidate struct {
	Alt *spec.Alternative
	// Choice holds the trace event chosen for each occurrence of Alt
	// (Choice[i] for Alt.Occs[i]); events are distinct property events.
	Choice []trace.EventRef
}
