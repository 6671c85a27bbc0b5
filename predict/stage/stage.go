// Package stage is the decision strategy of the engine as data: a
// candidate goes through a ladder of named stages, each with one
// signature, until one settles it. Stages that find witnesses propose
// schedules that only count once the replay validator accepts them;
// stages that refute rely only on facts true in every feasible schedule.
// The stages that need no solver live here (direct.go); the solver stages
// are built by package smt, the only one that knows Z3.
//
// What every stage may read is computed once per run (Facts) and shared,
// read-only, by the pre-filter and every worker; what a stage keeps per
// worker (solver contexts) lives in the closures its constructor returns.
package stage

import (
	"time"

	"gpredict/encode"
	"gpredict/predict/closure"
	"gpredict/predict/replay"
	"gpredict/trace"
)

// Verdict is the answer for one candidate.
type Verdict uint8

const (
	// Unsat: no feasible schedule exhibits the candidate.
	Unsat Verdict = iota
	// Sat: Decision.Schedule is a witness.
	Sat
	// Unknown: a limit was hit; Decision.Reason says which. Never to be
	// read as "no violation".
	Unknown
)

func (v Verdict) String() string { return [...]string{"unsat", "sat", "unknown"}[v] }

// Decision is the answer for one candidate.
type Decision struct {
	Verdict Verdict
	// Schedule is the witness (Sat only): the steps it needs, in order.
	Schedule []replay.Step
	// Reason explains Unknown (e.g. "timeout after 10s").
	Reason string
	// Validated says the replay validator has already accepted Schedule
	// for this candidate (the engine need not replay it again).
	Validated bool
	// Stage names the stage that settled the candidate.
	Stage string
}

// Facts are what the stages know about the trace, computed once.
type Facts struct {
	Trace *trace.Trace
	// Model is the resolved branch model (implicit or explicit).
	Model trace.BranchModel
	// Index holds the must-happen-before clocks, holds, accesses.
	Index *encode.Index
	// Windows cuts the trace along its base order (nil without one).
	Windows *encode.Windows
	// Checker is the replay validator of the trace.
	Checker *replay.Checker
}

// NewFacts computes the facts of tr under the resolved model.
func NewFacts(tr *trace.Trace, model trace.BranchModel) *Facts {
	f := &Facts{Trace: tr, Model: model, Index: encode.NewModelIndex(tr, model), Checker: replay.NewChecker(tr)}
	if encode.HasBaseOrder(tr) {
		f.Windows = encode.NewWindows(tr)
	}
	return f
}

// Valid reports whether sched is a feasible schedule showing c (SPEC 3.2
// and 3.3), by the replay validator.
func (f *Facts) Valid(c encode.Candidate, sched []replay.Step) bool {
	return f.Checker.Validate(f.Model, sched) == nil && replay.CheckPattern(f.Trace, c.Alt, c.Choice, sched) == nil
}

// Query is one candidate on its way through the ladder.
type Query struct {
	Cand encode.Candidate
	// Deadline bounds the whole ladder for this candidate (zero: none).
	Deadline time.Time
	// Stop closes when the run is stopped (an interrupt): stages give up
	// as soon as they can (nil: never).
	Stop <-chan struct{}
	// Chain is the candidate as a chain of groups, when its pattern is
	// one (IsChain).
	Chain   closure.Chain
	IsChain bool
	// Closure is what the closure stages derived so far (nil before).
	Closure *closure.Result
}

// Expired reports whether the query's time is up or the run stopped.
func (q *Query) Expired() bool {
	return (!q.Deadline.IsZero() && !time.Now().Before(q.Deadline)) || q.Stopped()
}

// Stopped reports whether the run has been stopped.
func (q *Query) Stopped() bool {
	select {
	case <-q.Stop:
		return true
	default:
		return false
	}
}

// Stage is one way of settling a candidate. Run answers ok when it has
// settled the candidate (Sat with a validated witness, Unsat, or Unknown
// when the time is up); otherwise the next stage is tried.
type Stage struct {
	Name string
	Run  func(q *Query) (Decision, bool)
}

// StageStats are one stage's counts: how many candidates it was asked
// about, how many it found a witness for, refuted or gave up on, and the
// time it took.
type StageStats struct {
	Name                           string
	Tried, Found, Refuted, Unknown int
	Time                           time.Duration
}
