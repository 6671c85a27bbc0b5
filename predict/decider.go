// Package predict is gpredict's engine: it enumerates candidate
// violations, decides each with a solver, re-checks every witness with
// the replay validator, and builds the reports. It is the only package
// that knows Z3, and only through the Decider interface below.
package predict

import (
	"time"

	"gpredict/encode"
	"gpredict/predict/replay"
)

// Verdict is the solver's answer for one candidate.
type Verdict uint8

const (
	// Unsat: no feasible schedule exhibits the candidate.
	Unsat Verdict = iota
	// Sat: Decision.Schedule is a witness.
	Sat
	// Unknown: a solver limit was hit; Decision.Reason says which. Never
	// to be read as "no violation".
	Unknown
)

func (v Verdict) String() string { return [...]string{"unsat", "sat", "unknown"}[v] }

// Decision is a Decider's answer.
type Decision struct {
	Verdict Verdict
	// Schedule is the witness (Sat only): the steps it needs, in order.
	Schedule []replay.Step
	// Reason explains Unknown (e.g. "timeout after 10s").
	Reason string
}

// Decider answers candidates over one trace and branch model. One Decider
// is used by one worker goroutine; each has its own solver context.
type Decider interface {
	Decide(c encode.Candidate) Decision
	// Close releases solver resources.
	Close()
}

// DeciderOptions configure a Decider.
type DeciderOptions struct {
	// Timeout bounds one candidate; 0 means no limit.
	Timeout time.Duration
	// DumpDir, if set, receives an SMT-LIB2 file per candidate.
	DumpDir string
}
