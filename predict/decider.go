// Package predict is gpredict's engine: it enumerates candidate
// violations, rules out what must-happen-before alone excludes, decides
// the rest with the ladder of package stage (the solver stages come from
// package smt, the only one that knows Z3), re-checks every witness with
// the replay validator, and groups the violations into reports (which
// package report writes).
package predict

import (
	"time"

	"gpredict/encode"
	"gpredict/predict/smt"
	"gpredict/predict/stage"
	"gpredict/trace"
)

// Verdict is the answer for one candidate (stage.Verdict).
type Verdict = stage.Verdict

const (
	// Unsat: no feasible schedule exhibits the candidate.
	Unsat = stage.Unsat
	// Sat: Decision.Schedule is a witness.
	Sat = stage.Sat
	// Unknown: a limit was hit; Decision.Reason says which. Never to be
	// read as "no violation".
	Unknown = stage.Unknown
)

// Decision is a Decider's answer (stage.Decision).
type Decision = stage.Decision

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
	// RLimit is Z3's resource limit per exact check (0: the default).
	RLimit int
	// Tight, if set, reports that the run's memory budget is reached:
	// the ladder then runs no heavy stage, and TightReason is why a
	// candidate left to one is unknown.
	Tight       func() bool
	TightReason string
	// MaxAtoms bounds the order atoms of the problem a solver stage
	// builds for one candidate (0: no bound; MaxAtomsWithin).
	MaxAtoms int
	// DumpDir, if set, receives an SMT-LIB2 file per candidate.
	DumpDir string
	// Stop closes when the run is stopped: a candidate being decided is
	// given up as Unknown (reason stage.Interrupted) as soon as possible.
	Stop <-chan struct{}
}

// NewZ3Decider returns the engine's decider for tr under model (resolved:
// implicit or explicit): the full ladder (Ladder), over facts of its own.
func NewZ3Decider(tr *trace.Trace, model trace.BranchModel, opts DeciderOptions) Decider {
	return Ladder(stage.NewFacts(tr, model), opts)
}

// Ladder returns the engine's decider over facts f (shared with other
// workers): the stages that need no solver (stage.Direct), then the
// solver stages (smt.Stages).
func Ladder(f *stage.Facts, opts DeciderOptions) *LadderDecider {
	scfg := smt.DefaultConfig(opts.Timeout, opts.DumpDir)
	if opts.RLimit > 0 {
		scfg.RLimit, scfg.StageRLimit, scfg.RescueRLimit = uint64(opts.RLimit), uint64(max(1, opts.RLimit/8)), uint64(opts.RLimit)
	}
	return LadderWith(f, opts, scfg)
}

// LadderWith is Ladder with the solver stages configured by scfg (its
// Timeout and DumpDir should be opts').
func LadderWith(f *stage.Facts, opts DeciderOptions, scfg smt.Config) *LadderDecider {
	stages, w := ladderStages(f, scfg, nil)
	l := stage.NewLadder(f, opts.Timeout, opts.Stop, stages, w.Close)
	if opts.Tight != nil {
		l.WithMemoryBudget(opts.Tight, opts.TightReason)
	}
	l.WithEncodingBound(opts.MaxAtoms)
	return &LadderDecider{Ladder: l, Solver: w}
}

// LadderDecider is the engine's Decider: a stage.Ladder with the handle
// on its solver state.
type LadderDecider struct {
	*stage.Ladder
	Solver *smt.Worker
}

// ResetBatch forgets the solver state earlier candidates left
// (smt.Worker.Reset).
func (l *LadderDecider) ResetBatch() { l.Solver.Reset() }

// Decide is the ladder's decision with the witness spelt out in full
// (Decision.From is 0), as the Decider interface promises.
func (l *LadderDecider) Decide(c encode.Candidate) Decision {
	d := l.Ladder.Decide(c)
	if d.From > 0 {
		d.Schedule, d.From = l.Facts().Steps(d), 0
	}
	return d
}

// decideShared is the ladder's decision as it comes: a witness may start
// with the base order of the facts the engine shares (Decision.From), which
// the engine keeps without copying it (stage.Facts.Witness).
func (l *LadderDecider) decideShared(c encode.Candidate) Decision { return l.Ladder.Decide(c) }

// sharedDecider is a Decider over the engine's shared facts.
type sharedDecider interface {
	decideShared(c encode.Candidate) Decision
}

// decideLight and resume are decideShared in two parts: the stages before
// the first heavy one, then the rest (stage.Ladder.DecideLight, Resume),
// so that the engine can give the heavy parts of many batches one solver
// state (sessions.go).
func (l *LadderDecider) decideLight(c encode.Candidate) (Decision, *stage.Pending) {
	return l.Ladder.DecideLight(c)
}

func (l *LadderDecider) resume(p *stage.Pending) Decision { return l.Ladder.Resume(p) }

// splitDecider decides in two parts, and resets its solver state at the
// start of each session.
type splitDecider interface {
	decideLight(c encode.Candidate) (Decision, *stage.Pending)
	resume(p *stage.Pending) Decision
	batchResetter
}
