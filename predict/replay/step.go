// Package replay checks schedules against the rules of docs/semantics.md
// and its pattern conditions directly, event by event. It shares
// nothing with the constraint encoding (package encode): it is the
// independent judge of every witness the solver produces.
package replay

import "gpredict/trace"

// Part and Step are the trace's: the vocabulary of schedules is shared
// with the encoding, nothing else is (the parts are described there).
type (
	Part = trace.Part
	Step = trace.Step
)

const (
	Whole     = trace.Whole
	Release   = trace.Release
	Wake      = trace.Wake
	Reacquire = trace.Reacquire
	Commit    = trace.Commit // memmodel.go
)
