package report

import (
	"fmt"

	"gpredict/predict"
)

// FailOn is the --fail-on policy: what makes a run fail, that is, exit
// with a non-zero status (docs/output.md, Exit status).
type FailOn int

const (
	// FailBoth (the default) fails on a violation (status 1) and, when
	// there is none, on an unknown candidate (3): the statuses of SPEC.
	FailBoth FailOn = iota
	// FailViolations fails on a violation only: unknown candidates are
	// reported, and the run exits 0 if there is nothing else.
	FailViolations
	// FailUnknowns fails on unknown candidates only (3), for a run whose
	// violations are checked otherwise (a baseline kept by hand).
	FailUnknowns
	// FailNone never fails for what was found: 0 unless the input is bad
	// or the run is interrupted.
	FailNone
)

// FailOnValues lists the --fail-on values, for help texts and completion.
var FailOnValues = []string{"both", "violations", "unknowns", "none"}

// ParseFailOn reads a --fail-on value.
func ParseFailOn(s string) (FailOn, error) {
	for i, v := range FailOnValues {
		if s == v {
			return FailOn(i), nil
		}
	}
	return 0, fmt.Errorf("fail-on %q: want both, violations, unknowns or none", s)
}

// Exit statuses of a run (docs/output.md).
const (
	ExitViolation   = 1   // a violation was reported
	ExitUnknown     = 3   // some candidate is unknown
	ExitInterrupted = 130 // an interrupt stopped the run (the shell's status for SIGINT)
)

// ExitStatus is the exit status of result r under o.FailOn: 130 when an
// interrupt stopped the run, else 1 if a violation is reported and the
// policy fails on violations, else 3 if some candidate is unknown and it
// fails on unknowns, else 0. r is the result as reported, after Filter:
// a baselined or suppressed violation does not fail the run.
func ExitStatus(r *predict.Result, o Options) int {
	failViolations := o.FailOn == FailBoth || o.FailOn == FailViolations
	failUnknowns := o.FailOn == FailBoth || o.FailOn == FailUnknowns
	switch {
	case r.Interrupted:
		return ExitInterrupted
	case len(r.Violations) > 0 && failViolations:
		return ExitViolation
	case len(r.Unknown) > 0 && failUnknowns:
		return ExitUnknown
	}
	return 0
}
