package encode

import (
	"gpredict/trace"
)

// Encoding is one question asked of a Problem: a candidate's pattern
// constraints (Pattern) or constraints of the caller's own (With), with
// everything they need on top of the problem's causal constraints — the
// auxiliary order variables, the events a reduced problem keeps for
// them, the `||` block whose inert steps a witness may have to move —
// and the way back from a model to a witness (Witness). The Problem is
// never changed: every question gets an Encoding of its own, so several
// encodings of one problem can be used in any order, or at once.
type Encoding struct {
	Problem *Problem
	// Cand is the candidate of a Pattern encoding (zero for With).
	Cand Candidate
	// Constraints are the question's constraints, on top of
	// Problem.Causal.
	Constraints []Constraint

	// aux counts the auxiliary order variables, numbered after the cut.
	aux int
	// block is the `||` block whose contiguity clauses skipped inert
	// steps (nil if none); repairBlock moves them out of it.
	block []Step
	// tail are the variables of a tail block's members (tail.go), which
	// schedule puts after the steps they are tied with.
	tail []Var
	// Reduced problems: extra/extraSet are the events the candidate keeps
	// on top of the problem's, blockEvents/blockList its `||` block,
	// where complete places the block's dropped predecessors.
	extra       []trace.EventRef
	extraSet    map[trace.EventRef]bool
	blockEvents map[trace.EventRef]bool
	blockList   []trace.EventRef
}

// With returns the encoding of p with the caller's constraints cs on top
// of the causal ones (a query's conditions, package query). They may
// mention any step of the slice and add no auxiliary variable, so p must
// come from NewProblem: a reduced problem has no variable for the events
// it drops.
func (p *Problem) With(cs []Constraint) *Encoding {
	if p.reduced {
		panic("encode: With needs a problem from NewProblem")
	}
	return &Encoding{Problem: p, Constraints: cs}
}

// All returns the causal constraints followed by the encoding's own.
func (e *Encoding) All() []Constraint {
	return append(append(make([]Constraint, 0, len(e.Problem.Causal)+len(e.Constraints)), e.Problem.Causal...), e.Constraints...)
}

// NumVars is the number of order variables: the steps, the cut, and the
// auxiliary variables of the encoding (they stand for no step, so the
// witness ignores them).
func (e *Encoding) NumVars() int { return int(e.Problem.Cut) + 1 + e.aux }

// newAux returns a fresh auxiliary order variable.
func (e *Encoding) newAux() Var {
	v := e.Problem.Cut + 1 + Var(e.aux)
	e.aux++
	return v
}

// kept reports whether event r has its variables in the encoding's formula.
func (e *Encoding) kept(r trace.EventRef) bool {
	p := e.Problem
	if !p.reduced {
		return true
	}
	return p.keptVar[p.Var(firstStep(p.Trace, r))] || e.extraSet[r]
}

// KeptVar reports whether order variable v (a step or the cut) occurs in
// the encoding's formula.
func (e *Encoding) KeptVar(v Var) bool {
	p := e.Problem
	if !p.reduced || v >= p.Cut {
		return true
	}
	return p.keptVar[v] || e.extraSet[p.Steps[v].Ref]
}

// Witness turns values of the order variables (a model of the causal
// constraints and the encoding's) into the witness: the steps below the
// cut in model order (schedule), the block's inert steps moved out of it
// (repairBlock), and, for a reduced problem, the dropped events placed
// where they must be (complete). It fails only when a limit of lim is
// reached (ErrStopped, ErrMemory) or when the trace's must-happen-before
// order has a cycle (complete), which makes a schedule impossible; either
// way the candidate is unknown, never "no violation". One watch serves
// the repair and the completion, so their looks at lim are counted
// together.
func (e *Encoding) Witness(val func(Var) int64, lim Limits) ([]Step, error) {
	sched := e.schedule(val)
	if err := lim.err(); err != nil {
		return nil, err
	}
	w := &watch{lim: lim}
	sched, err := e.repairBlock(sched, w)
	if err != nil {
		return nil, err
	}
	return e.complete(sched, w)
}
