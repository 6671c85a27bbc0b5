// Package encode turns the causal model of a trace and a property
// candidate into a solver-neutral formula over one order variable per
// event (three per wait), one file per constraint family.
//
// The shape, in order of use:
//
//   - SliceFor (slice.go) is the part of the trace a candidate can need;
//   - NewProblem or NewReducedProblem (problem.go, reduce.go) builds the
//     causal constraints of a slice: a Problem, immutable once built and
//     shared by every candidate over that slice;
//   - Problem.Pattern (pattern.go) is one candidate's Encoding: its
//     pattern constraints and whatever they add to the problem (auxiliary
//     variables, the events a reduced problem keeps for it); Problem.With
//     is the encoding of a query's own conditions (query.go);
//   - an Encoding is decided by package smt, specialized by Freeze and
//     Relax (freeze.go) or dumped by WriteSMTLIB (smtlib.go), and a model
//     becomes its witness through Encoding.Witness (encoding.go).
//
// The loops whose length depends on the trace — the slice closure and the
// completion of a witness — take a stop signal and give up with
// ErrStopped once it closes (stop.go).
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
