package predict

import (
	"slices"
	"time"

	"github.com/aclements/go-z3/z3"

	"gpredict/encode"
)

// smallStage is one under- or over-approximating stage: freeze (find a
// witness) or relax (refute), over the steps within window base positions
// of a chosen event or between two chosen events at most gap positions
// apart (encode.Span: the whole stretch between the first and the last).
type smallStage struct {
	relax  bool
	window int
	gap    int
}

// smallStages are tried in turn before the exact stage: cheap local ones
// first, then ones that also free what lies between chosen events that
// the witness may have to reorder, then ones covering everything between
// the chosen events and more and more around them (a witness may need to
// move events a long way; a refutation may need facts from far away).
var smallStages = []smallStage{
	{relax: false, window: 16},
	{relax: false, window: 16, gap: 512},
	{relax: false, window: 16, gap: 2048},
	{relax: true, window: 32, gap: encode.Span},
	{relax: false, window: 64, gap: encode.Span},
	{relax: true, window: 256, gap: encode.Span},
	{relax: false, window: 256, gap: encode.Span},
	{relax: true, window: 1024, gap: encode.Span},
	{relax: false, window: 1024, gap: encode.Span},
	{relax: false, window: 4096, gap: encode.Span},
}

// frozenRenew is how many problems one context of the small stages
// serves before it is replaced: its terms are never freed otherwise.
const frozenRenew = 256

// smallSolver is the Z3 state of the frozen and relaxed stages: a context
// and solver of their own, each problem checked in a scope of its own.
type smallSolver struct {
	ctx    *z3.Context
	solver *z3.Solver
	terms  *z3Terms
	uses   int
}

// specialized checks the problem's causal and pattern constraints under
// val. It returns the verdict and, when Sat, the order value of every
// variable (the fixed ones from val). Unknown covers a time-out.
func (d *z3Decider) specialized(p *encode.Problem, pat []encode.Constraint, val *encode.Valuation, deadline time.Time) (Verdict, func(encode.Var) int64) {
	cs, ok := encode.SpecializeAll(p.Causal, val, nil)
	if ok {
		cs, ok = encode.SpecializeAll(pat, val, cs)
	}
	if ok {
		cs, ok = encode.Simplify(cs)
	}
	if !ok {
		return Unsat, nil
	}
	f := &d.small
	if f.ctx == nil || f.uses >= frozenRenew {
		f.ctx = z3.NewContext(nil)
		f.solver = z3.NewSolver(f.ctx)
		f.terms = newZ3Terms(f.ctx)
		f.uses = 0
	}
	f.uses++
	f.solver.Push()
	defer f.solver.Pop()
	if err := assertAll(f.solver, f.terms, cs, deadline); err != nil {
		return Unknown, nil
	}
	sat, err := check(f.ctx, f.solver, deadline)
	switch {
	case err != nil:
		return Unknown, nil
	case !sat:
		return Unsat, nil
	}
	m := f.solver.Model()
	return Sat, func(v encode.Var) int64 {
		if val.Fixed[v] {
			return val.Val[v]
		}
		return f.terms.value(m, v)
	}
}

// decideSmall runs the small stages for c, each within half of the time
// left before deadline. It reports ok with a witness that replay
// validation accepts (a frozen stage found it) or with Unsat (a relaxed
// stage refuted c); anything else (no model, time-outs, a witness the
// validator rejects) leaves the candidate to the exact stage. After a
// window (windowed), the frozen stages it has just tried are skipped.
func (d *z3Decider) decideSmall(p *encode.Problem, pat []encode.Constraint, c encode.Candidate, windowed bool, deadline time.Time) (Decision, bool) {
	lastFree := [2]int{-1, -1} // free variables of the last frozen and relaxed stage
	for _, st := range smallStages {
		if windowed && slices.Contains(windowStages, st) {
			continue
		}
		var val *encode.Valuation
		kind := 0
		if st.relax {
			val, kind = p.Relax(c, st.window, st.gap), 1
		} else {
			val = p.Freeze(c, st.window, st.gap)
		}
		if val.Free == lastFree[kind] {
			continue // the window grew past the problem: the same question
		}
		lastFree[kind] = val.Free
		// Half of what is left, so that a stage that is too big for the
		// time cannot starve the ones after it.
		verdict, value := d.specialized(p, pat, val, time.Now().Add(time.Until(deadline)/2))
		switch {
		case verdict == Unknown && !time.Now().Before(deadline):
			return Decision{}, false
		case st.relax && verdict == Unsat:
			d.smallRefuted++
			return Decision{Verdict: Unsat}, true
		case !st.relax && verdict == Sat:
			if sched := schedule(p, value); d.valid(c, sched) {
				d.smallFound++
				return Decision{Verdict: Sat, Schedule: sched}, true
			}
			// A model of the specialized formula is a model of the exact
			// one, so this is a bug; the exact stage still decides c.
			d.smallInvalid++
		}
	}
	return Decision{}, false
}
