package predict

import (
	"context"
	"fmt"
	"time"

	"gpredict/encode"
	"gpredict/internal/abandon"
	"gpredict/internal/interrupt"
	"gpredict/predict/closure"
	"gpredict/predict/explain"
	"gpredict/predict/smt"
	"gpredict/predict/stage"
	"gpredict/spec"
	"gpredict/trace"
)

// predict --explain: why a candidate is not a violation. The run itself
// keeps no trace of what it refuted (the pre-filter and the ladder drop
// those candidates, and computing reasons would slow every run), so the
// explanations are a second pass over the selected bindings, after Run:
// each candidate the run did not report is decided again, exactly, and
// the ones that pass refutes are explained (package explain) — by a chain
// of must-happen-before facts when the pattern's order goes against it,
// else by a minimised unsat core of the candidate's encoding.

// Refuted is a candidate that no feasible schedule shows, with why.
type Refuted struct {
	Property    *spec.Property
	Alt         int
	Binding     []trace.Sym
	Choice      []trace.EventRef
	Explanation *explain.Explanation
}

// Explained is the result of the explaining pass.
type Explained struct {
	// Refuted are the selected candidates that no feasible schedule
	// shows, in the order of Run's reports.
	Refuted []Refuted
	// Shown counts the selected candidates the run did not report that
	// a schedule does show: their location group was reported by
	// another violation (Run decides a group only until its first).
	// Undecided counts those the pass could not decide in time.
	Shown, Undecided int
}

// ExplainOptions configure ExplainRefuted.
type ExplainOptions struct {
	// Select chooses the bindings whose candidates are explained.
	Select []explain.Selector
	// Branches and Timeout as for Run (Timeout bounds each candidate).
	Branches trace.BranchModel
	Timeout  time.Duration
	// Indexes as for Run: the run's index, if it is kept there.
	Indexes *encode.Indexes
}

// ExplainRefuted explains the refuted candidates of props in tr that the
// selectors choose; res is the run's result (its violations and unknown
// candidates are not refuted and are left out). When ctx is done (an
// interrupt) it stops as soon as it can and returns what it explained so
// far with ctx's error; the candidate it was deciding counts as
// undecided.
func ExplainRefuted(ctx context.Context, tr *trace.Trace, props []PropertyInput, res *Result, opts ExplainOptions) (*Explained, error) {
	model := opts.Branches.Resolve(tr)
	reported := map[string]bool{}
	for _, v := range res.Violations {
		reported[candidateKey(v.Property, v.Alt, v.Binding, v.Choice)] = true
	}
	// A property with an entry for candidates never formed (the memory
	// budget stopped forming: formingStop) is left out whole: the run did
	// not decide all of its candidates, and deciding them here, past the
	// budget that stopped it, would explain candidates the run never
	// looked at.
	unformed := map[*spec.Property]bool{}
	for _, u := range res.Unknown {
		reported[candidateKey(u.Property, u.Alt, u.Binding, u.Choice)] = true
		if u.NotFormed() {
			unformed[u.Property] = true
		}
	}
	// Indexing a long recording takes seconds in code without a stop
	// signal: an interrupt abandons it (package abandon).
	idx, ok := abandon.Run(ctx.Done(), func() [2]*encode.Index { return [2]*encode.Index{opts.Indexes.Model(tr, model), encode.NewIndex(tr)} })
	if !ok {
		return &Explained{}, ctx.Err()
	}
	x := &explainer{tr: tr, model: model, timeout: opts.Timeout, midx: idx[0], idx: idx[1],
		memo: map[string]*explain.Explanation{}, out: &Explained{}, stop: ctx.Done()}
	for _, in := range props {
		p := in.Prop
		if p.Normal == nil || unformed[p] || !explain.Selects(opts.Select, p, nil) {
			continue
		}
		pairs := regionPairsOf(in.Events)
		for ai := range p.Normal.Alts {
			plan := newAltPlan(p, ai, in.Events, pairs)
			plan.idx = x.midx
			plan.watch = encode.NewWatch(ctx.Done())
			var err error
			bindingsFor(len(p.Params), in.Events, plan.decls, plan.watch, func(binding []trace.Sym) bool {
				if !explain.Selects(opts.Select, p, func(i int) string { return tr.Str(binding[i]) }) {
					return true
				}
				return plan.choices(binding, func(choice []trace.EventRef) bool {
					if err = ctx.Err(); err != nil {
						return false
					}
					if !reported[candidateKey(p, ai, binding, choice)] {
						x.candidate(p, ai, append([]trace.Sym(nil), binding...), append([]trace.EventRef(nil), choice...))
					}
					return true
				})
			})
			if err == nil {
				err = ctx.Err() // the watch stopped the enumeration
			}
			if err != nil {
				return x.out, err
			}
		}
	}
	return x.out, nil
}

// explainer is the state of one explaining pass.
type explainer struct {
	tr      *trace.Trace
	model   trace.BranchModel
	timeout time.Duration
	midx    *encode.Index // with the branch model's must-read-from edges
	idx     *encode.Index // program order, fork and join only: encodings
	// memo holds the answer per (alternative, choice): another binding
	// with the same choice asks the same question. A nil explanation
	// means the choice was not refuted.
	memo map[string]*explain.Explanation
	out  *Explained
	// stop is the run's interrupt (nil: never).
	stop <-chan struct{}
}

func (x *explainer) candidate(p *spec.Property, alt int, binding []trace.Sym, choice []trace.EventRef) {
	c := encode.Candidate{Alt: &p.Normal.Alts[alt], Choice: choice}
	key := fmt.Sprintf("%p %s", c.Alt, refsKey(choice))
	ex, seen := x.memo[key]
	if !seen {
		var verdict stage.Verdict
		ex, verdict = x.decide(c)
		x.memo[key] = ex
		switch verdict {
		case stage.Sat:
			x.out.Shown++
		case stage.Unknown:
			if !interrupt.Closed(x.stop) { // one the interrupt cut short is not counted
				x.out.Undecided++
			}
		}
	}
	if ex == nil {
		return
	}
	named := *ex
	named.Claim = fmt.Sprintf("no feasible schedule shows %s %s with %s", p.Name, BindingText(x.tr, p, binding), ChosenText(x.tr, p, alt, choice))
	x.out.Refuted = append(x.out.Refuted, Refuted{Property: p, Alt: alt, Binding: binding, Choice: choice, Explanation: &named})
}

// decide decides c exactly and explains it if no schedule shows it.
func (x *explainer) decide(c encode.Candidate) (*explain.Explanation, stage.Verdict) {
	if ex := x.patternAgainstMHB(c); ex != nil {
		return ex, stage.Unsat
	}
	var deadline time.Time
	if x.timeout > 0 {
		deadline = time.Now().Add(x.timeout)
	}
	sl, err := encode.SliceFor(x.idx, c, encode.StopOnly(x.stop))
	if err != nil {
		return nil, stage.Unknown // stopped
	}
	prob, err := encode.NewProblemWithin(x.idx, x.model, sl, encode.StopOnly(x.stop))
	if err != nil {
		return nil, stage.Unknown
	}
	enc := prob.Pattern(c)
	var pat []encode.Constraint
	for _, k := range enc.Constraints {
		if k.F.Kind == encode.KAnd { // the pattern's condition: one constraint per part
			for _, kid := range k.F.Kids {
				pat = append(pat, encode.Constraint{F: kid, Origin: k.Origin})
			}
			continue
		}
		pat = append(pat, k)
	}
	cs := append(append([]encode.Constraint(nil), prob.Causal...), pat...)
	res := smt.DecideWithCore(enc, cs, smt.CoreConfig{Deadline: deadline, Timeout: x.timeout,
		RLimit: smt.DefaultRLimit, MaxChecks: smt.DefaultCoreChecks, Rank: explain.Rank, Stop: x.stop})
	if res.Verdict != stage.Unsat {
		return nil, res.Verdict
	}
	core := make([]encode.Constraint, len(res.Core))
	known := make([]*explain.Fact, len(res.Core))
	for i, k := range res.Core {
		core[i] = cs[k]
		if k >= len(prob.Causal) {
			f := explain.PatternFact(prob, c, cs[k])
			known[i] = &f
		}
	}
	return explain.FromCore(x.idx, prob, core, known, res.Minimal), stage.Unsat
}

// patternAgainstMHB refutes a chain candidate whose pattern puts an event
// before one that must happen before it, with the chain of facts.
func (x *explainer) patternAgainstMHB(c encode.Candidate) *explain.Explanation {
	ch, ok := closure.ChainOf(x.tr, c.Alt, c.Choice)
	if !ok {
		return nil
	}
	for i := 0; i+1 < len(ch.Groups); i++ {
		for _, a := range ch.Groups[i] {
			for _, b := range ch.Groups[i+1] {
				if a == b {
					continue // left to the solver, whose core says it
				}
				if chain, ok := explain.MustPrecede(x.midx, b, a, true); ok {
					order := explain.PatternOrderFact(x.tr, c, a, b)
					return &explain.Explanation{By: explain.ByMHB, Minimal: true, Facts: append([]explain.Fact{order}, chain...)}
				}
			}
		}
	}
	return nil
}

// candidateKey identifies a (property, alternative, binding, choice).
func candidateKey(p *spec.Property, alt int, binding []trace.Sym, choice []trace.EventRef) string {
	return fmt.Sprintf("%p %d %s %s", p, alt, trace.SymsKey(binding), refsKey(choice))
}
