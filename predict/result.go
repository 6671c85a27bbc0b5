package predict

import (
	"gpredict/predict/replay"
	"gpredict/predict/stage"
	"gpredict/spec"
	"gpredict/trace"
)

// Violation is one (binding, choice) violation of docs/semantics.md with its
// replay-validated witness.
type Violation struct {
	Property *spec.Property
	Alt      int         // index into Property.Normal.Alts
	Binding  []trace.Sym // one value per property parameter
	Choice   []trace.EventRef
	// Witness is the schedule, kept compactly, in memory or in the run's
	// witness file (Witness.Load reads it, Schedule expands it).
	Witness Witness
}

// Schedule is v's witness schedule over tr, the trace of its result.
func (v *Violation) Schedule(tr *trace.Trace) ([]replay.Step, error) {
	w, err := v.Witness.Load()
	if err != nil {
		return nil, err
	}
	return w.Steps(tr), nil
}

// UnknownCandidate is a candidate the solver could not decide. It is never
// read as "no violation": it is reported, and the exit status says so.
type UnknownCandidate struct {
	Property *spec.Property
	Alt      int
	Binding  []trace.Sym
	Choice   []trace.EventRef
	Reason   string
}

// NotFormed reports whether u stands for candidates never formed or never
// searched (formingStop, Blocked's search bound) rather than for one
// candidate: it names no chosen events.
func (u *UnknownCandidate) NotFormed() bool { return len(u.Choice) == 0 }

// Title names u as the reports do: its property and binding ("DataRace
// (v=x)"), or the property alone for an entry that stands for candidates
// never formed or never searched (no binding: formingStop, Blocked's
// search bound).
func (u *UnknownCandidate) Title(tr *trace.Trace) string {
	if len(u.Binding) < len(u.Property.Params) {
		return u.Property.Name
	}
	return u.Property.Name + " " + BindingText(tr, u.Property, u.Binding)
}

// Stats describe one run.
type Stats struct {
	Threads        int
	Events         int
	PropertyEvents int     // property events of all properties, summed
	Seconds        float64 // wall time of Run
	// Candidates counts every (binding, alternative, choice) enumerated
	// after the meta-thread, region and `||`-order rules.
	Candidates int
	// Prefiltered counts the candidates the MHB pre-filter ruled out.
	Prefiltered int
	// SolverCalls counts the candidates decided (the text summary's
	// "decided"): Decider.Decide calls, the candidates given to the
	// decision ladder, and for the Deadlock built-in every candidate its
	// greedy replay or the ladder settled. A candidate that differs from
	// an earlier one only by its binding is the same question (a
	// Candidate carries no binding) and is not asked again.
	SolverCalls int
	// Skipped counts the distinct candidates left out of the result
	// without --all because their location group's first violation was
	// known (most were never decided).
	Skipped int
	// Undecided counts the distinct candidates an interrupt left
	// undecided (Result.Interrupted).
	Undecided int
	// Stages are the ladder's counts, stage by stage, over all workers.
	Stages []stage.StageStats
}

// Result is what Run found. Violations and Unknown are sorted: by
// property (input order), alternative, chosen ids, then binding values.
type Result struct {
	Trace      *trace.Trace
	Model      trace.BranchModel // resolved (never Auto)
	Mem        trace.MemoryModel
	Violations []Violation
	Unknown    []UnknownCandidate
	Stats      Stats
	// Interrupted says the run was stopped before every candidate was
	// decided: Violations holds what was found (each with its witness),
	// Stats.Undecided counts what was not.
	Interrupted bool
	// Explained holds the explanations of refuted candidates, when asked
	// for (ExplainRefuted; nil otherwise).
	Explained *Explained
}

// ExitStatus is the exit status of docs/output.md for this result: 1 if
// there is a violation, else 3 if some candidate is unknown, else 0.
func (r *Result) ExitStatus() int {
	switch {
	case len(r.Violations) > 0:
		return 1
	case len(r.Unknown) > 0:
		return 3
	}
	return 0
}
