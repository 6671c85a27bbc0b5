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
// What a stage derives about one candidate goes to the stages after it
// through the ladder, as go/analysis results do: it returns it
// (Decision.Derived) and they read what they declare in Requires
// (Query.Facts, Query.ResultOf); no stage writes on the query.
package stage

import (
	"cmp"
	"slices"
	"sync"
	"time"

	"gpredict/encode"
	"gpredict/predict/closure"
	"gpredict/predict/greedy"
	"gpredict/predict/prefilter"
	"gpredict/predict/reorder"
	"gpredict/predict/replay"
	"gpredict/predict/supply"
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
	// Schedule is the witness (Sat only): the steps it needs, in order,
	// after the first From steps of the base order (Facts.Base; From is
	// 0 when the witness does not start with it). Facts.Steps joins them.
	Schedule []replay.Step
	From     int
	// Reason explains Unknown (e.g. "timeout after 10s").
	Reason string
	// Validated says the replay validator has already accepted Schedule
	// for this candidate (the engine need not replay it again).
	Validated bool
	// Stage names the stage that settled the candidate.
	Stage string
	// Derived is what a stage that did not settle the candidate derived
	// about it — package closure's facts (*closure.Result, Query.Facts),
	// or a result of the stage's own type (Query.ResultOf) — for the
	// stages after it that require it: the ladder keeps it, the stage
	// writes nothing on the query.
	Derived any
}

// Facts are what the stages know about the trace, computed once.
type Facts struct {
	Trace *trace.Trace
	// Model is the resolved branch model (implicit or explicit).
	Model trace.BranchModel
	// Index holds the must-happen-before clocks, holds, accesses.
	Index *encode.Index
	// windows cuts the trace along its base order (Windows; nil without
	// one). It is built on first use: many ladders settle every
	// candidate before a stage that needs it (the Deadlock built-in
	// makes a ladder per cycle, over a trace cut at its requests, and
	// on the jigsaw recording building the windows was a fifth of its
	// time though no stage used them).
	hasBase     bool
	windowsOnce sync.Once
	windows     *encode.Windows
	// clocks are the base order's clocks (package reorder), built on
	// first use like the windows.
	clocksOnce sync.Once
	clocks     *reorder.Clocks
	// prefilter is package prefilter's filter over Index, built on first
	// use.
	prefilterOnce sync.Once
	prefilter     *prefilter.Filter
	// supply is package supply's table, built on first use.
	supplyOnce sync.Once
	supply     *supply.Table
	// Checker is the replay validator of the trace.
	Checker *replay.Checker
	// Base is the recorded order simulated once, with marks the greedy
	// stages start from (nil without a base order); marks[k] is the
	// validator's state at Base's k-th mark, and baseWitness the base
	// order kept compactly, the shared head of witnesses that start
	// with it. It is an allocation of its own: the witnesses a run keeps
	// point at it until their reports are written, and a pointer into
	// Facts kept all of the facts alive as long (some 350 MB on the
	// 1M-event member; TestBaseWitnessOutlivesFacts).
	Base        *greedy.Base
	marks       []replay.Mark
	baseWitness *replay.Witness
}

// NewFacts computes the facts of tr under the resolved model.
func NewFacts(tr *trace.Trace, model trace.BranchModel) *Facts { return NewFactsMarked(tr, model, 0) }

// NewFactsMarked is NewFacts with the base order's marks every steps
// apart (0: the default spacing, greedy.NewBase); tests mark often so
// that their small traces resume from marks at all.
func NewFactsMarked(tr *trace.Trace, model trace.BranchModel, every int) *Facts {
	return NewFactsOver(encode.NewModelIndex(tr, model), model, every)
}

// NewFactsOver is NewFactsMarked over x, NewModelIndex(x.Trace, model)
// (one that other properties share, encode.Indexes).
func NewFactsOver(x *encode.Index, model trace.BranchModel, every int) *Facts {
	tr := x.Trace
	f := &Facts{Trace: tr, Model: model, Index: x, Checker: replay.NewChecker(tr)}
	if encode.HasBaseOrder(tr) {
		f.hasBase = true
		f.setBase(greedy.NewBase(f.Index, every))
	}
	return f
}

// HasBaseOrder reports whether every event has an arrival position, so
// that the trace has a base order and Windows.
func (f *Facts) HasBaseOrder() bool { return f.hasBase }

// Windows cuts the trace along its base order (nil without one). It is
// computed on the first call, once, and safe to call from every worker.
func (f *Facts) Windows() *encode.Windows {
	if !f.hasBase {
		return nil
	}
	f.windowsOnce.Do(func() { f.windows = encode.NewWindows(f.Trace) })
	return f.windows
}

// Clocks are the vector clocks of the base order (nil without one),
// computed on the first call, once, and safe to call from every worker.
func (f *Facts) Clocks() *reorder.Clocks {
	if f.Base == nil {
		return nil
	}
	f.clocksOnce.Do(func() { f.clocks = reorder.New(f.Index, f.Base.Steps) })
	return f.clocks
}

// Prefilter is package prefilter's filter over the facts' index,
// computed on the first call, once, and safe to call from every worker.
func (f *Facts) Prefilter() *prefilter.Filter {
	f.prefilterOnce.Do(func() { f.prefilter = prefilter.Over(f.Index) })
	return f.prefilter
}

// Supply is package supply's table of the trace, computed on the first
// call, once, and safe to call from every worker.
func (f *Facts) Supply() *supply.Table {
	f.supplyOnce.Do(func() { f.supply = supply.NewTable(f.Index) })
	return f.supply
}

// setBase keeps base and the validator's marks at its marks, dropping
// the marks the validator cannot resume from.
func (f *Facts) setBase(base *greedy.Base) {
	if base == nil {
		return
	}
	marks := f.Checker.Marks(base.Steps, base.MarkSteps())
	base.Keep(func(k int) bool { return marks[k].Clean })
	f.marks = slices.DeleteFunc(marks, func(m replay.Mark) bool { return !m.Clean })
	f.Base = base
	w := replay.CompactShared(f.Trace, base.Steps)
	f.baseWitness = &w
}

// ValidFrom is Valid for the schedule made of the first from steps of
// the base order and then steps; from must be 0 or one of Base's marks.
// The validator resumes from its own state at that mark.
func (f *Facts) ValidFrom(c encode.Candidate, from int, steps []replay.Step) bool {
	if from == 0 {
		return f.Valid(c, steps)
	}
	k, found := slices.BinarySearchFunc(f.marks, from, func(m replay.Mark, n int) int { return cmp.Compare(m.Steps, n) })
	if !found {
		return false
	}
	return f.Checker.ValidateFrom(f.Model, f.marks[k], steps) == nil && replay.CheckPattern(f.Trace, c.Alt, c.Choice, steps) == nil
}

// Steps is d's whole witness schedule (Sat only).
func (f *Facts) Steps(d Decision) []replay.Step {
	if d.From == 0 {
		return d.Schedule
	}
	return append(slices.Clone(f.Base.Steps[:d.From]), d.Schedule...)
}

// BaseWitness is the base order kept compactly: the head that the
// witnesses starting with it share (Witness).
func (f *Facts) BaseWitness() *replay.Witness { return f.baseWitness }

// Witness is d's witness kept compactly (Sat only); witnesses that start
// with the base order share it.
func (f *Facts) Witness(d Decision) replay.Witness {
	if d.From == 0 {
		return replay.Compact(f.Trace, d.Schedule)
	}
	return f.baseWitness.Then(d.From, f.Trace, d.Schedule)
}

// Valid reports whether sched is a feasible schedule showing c
// (docs/semantics.md), by the replay validator.
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
	// Tight reports whether the run's memory budget is reached (nil:
	// never): the encoding a stage builds gives up then (encode.ErrMemory),
	// and TightWhy is the reason the candidate is then unknown.
	Tight    func() bool
	TightWhy string
	// MaxAtoms bounds the order atoms of a problem a stage builds for
	// the candidate (encode.Limits.MaxAtoms; 0: no bound).
	MaxAtoms int
	// Chain is the candidate as a chain of groups, when its pattern is
	// one (IsChain).
	Chain   closure.Chain
	IsChain bool
	// derived are the closure facts the stages run so far derived, in
	// ladder order (Decision.Derived, kept by the ladder), and requires
	// is what the running stage may read of them (Stage.Requires).
	derived  []derivedBy
	requires []string
	// slice is the candidate's closed slice once a stage has asked for it
	// (Slice).
	slice *encode.Slice
}

// QueryFor is the query of candidate c over tr with no limits: its
// chain (IsChain) is known, as the stages that read it and the slice
// (Slice, which cuts a chain's to its reach) expect. The ladder adds its
// limits; a test may ask for one stage's view of a candidate.
func QueryFor(tr *trace.Trace, c encode.Candidate) *Query {
	q := &Query{Cand: c}
	q.Chain, q.IsChain = closure.ChainOf(tr, c.Alt, c.Choice)
	return q
}

// Slice is the candidate's closed slice over idx (encode.SliceFor), the
// part of the trace every solver stage decides over: computed the first
// time a stage asks, then kept with the query (per candidate, as
// Facts.Windows is per run). It fails only when the run is stopped or its
// memory budget reached, and is then asked for again next time.
func (q *Query) Slice(idx *encode.Index) (*encode.Slice, error) {
	if q.slice == nil {
		sl, err := encode.SliceFor(idx, q.Cand, q.Limits())
		if err != nil {
			return nil, err
		}
		q.slice = q.withinReach(idx, sl)
	}
	return q.slice, nil
}

// withinReach cuts a chain candidate's closed slice sl down to what its
// witnesses can reach (encode.Index.CapReach): a witness may end right
// after the last group, and every such witness lies in both, so deciding
// over the cut decides the candidate. The cut is not closed, and need not
// be: a problem over a prefix of every thread admits every feasible
// schedule within it. With few distinct values a closed slice takes every
// write of each read's value and so, on a long recording, the whole
// trace; the cut keeps what the threads can reach while the last group's
// threads wait at their events. sl itself when a chosen event lies
// outside the cut (no witness has it; the stages find that over sl).
func (q *Query) withinReach(idx *encode.Index, sl *encode.Slice) *encode.Slice {
	if !q.IsChain || len(q.Chain.Groups) == 0 {
		return sl
	}
	reach := idx.CapReach(q.Chain.Groups[len(q.Chain.Groups)-1])
	if reach == nil {
		return sl
	}
	cut := &encode.Slice{Prefix: make([]int, len(sl.Prefix))}
	for t, n := range sl.Prefix {
		cut.Prefix[t] = min(n, reach[t])
	}
	for _, e := range q.Cand.Choice {
		if int(e.Index) >= cut.Prefix[e.Thread] {
			return sl
		}
	}
	return cut
}

// derivedBy is one stage's Decision.Derived.
type derivedBy struct {
	stage string
	value any
}

// Facts is the latest of the closure facts derived by the stages the
// running stage requires (Stage.Requires), nil when none of them has run
// or derived any: the later of two such stages knows more (saturate
// starts over from the trace with every rule, where closure has the cheap
// ones).
func (q *Query) Facts() *closure.Result {
	for i := len(q.derived) - 1; i >= 0; i-- {
		if f, ok := q.derived[i].value.(*closure.Result); ok && slices.Contains(q.requires, q.derived[i].stage) {
			return f
		}
	}
	return nil
}

// ResultOf is what stage name derived for q, when the running stage
// requires it (nil when it does not, or when name has not run or derived
// nothing).
func (q *Query) ResultOf(name string) any {
	if !slices.Contains(q.requires, name) {
		return nil
	}
	for _, d := range q.derived {
		if d.stage == name {
			return d.value
		}
	}
	return nil
}

// Expired reports whether the query's time is up or the run stopped.
func (q *Query) Expired() bool {
	return (!q.Deadline.IsZero() && !time.Now().Before(q.Deadline)) || q.Stopped()
}

// Limits are what the encoding of the query's candidate looks at as it
// is built: the run's stop signal, its memory budget and the bound on
// one problem's atoms.
func (q *Query) Limits() encode.Limits {
	return encode.Limits{Stop: q.Stop, Tight: q.Tight, MaxAtoms: q.MaxAtoms}
}

// OverBudget reports whether the run's memory budget is reached.
func (q *Query) OverBudget() bool { return q.Tight != nil && q.Tight() }

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
	// Requires names the stages whose results (Decision.Derived) this one
	// reads, through Query.Facts and nothing else: in a ladder that has
	// them, they come before it.
	Requires []string
	// Heavy says the stage needs memory beyond what the run keeps anyway
	// (a solver's state): once the run's memory budget is reached, a
	// ladder runs no heavy stage.
	Heavy bool
	// Channels says the stage is sound on traces with channel operations
	// (docs/engine.md, Channels): it models rule 7, or it only proposes
	// witnesses that the replay validator checks, or it refutes only by
	// facts that rule 7, which removes schedules, keeps true. A ladder
	// over such a trace leaves the other stages out.
	Channels bool
	Run      func(q *Query) (Decision, bool)
}

// StageStats are one stage's counts: how many candidates it was asked
// about, how many it found a witness for, refuted or gave up on, and the
// time it took.
type StageStats struct {
	Name                           string
	Tried, Found, Refuted, Unknown int
	Time                           time.Duration
}
