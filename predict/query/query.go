// Package query answers "can this happen?": is there a feasible schedule of
// a trace (docs/semantics.md, under a branch model) in which given events
// come in given orders and given reads return given values? A yes comes
// with a witness schedule that the replay validator has accepted, a no with
// an explanation (package explain): a chain of must-happen-before facts
// when those settle it, else the sentences of a minimised unsat core of the
// constraint encoding (package encode, decided by package smt).
package query

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"gpredict/encode"
	"gpredict/internal/abandon"
	"gpredict/predict/explain"
	"gpredict/predict/replay"
	"gpredict/predict/smt"
	"gpredict/predict/stage"
	"gpredict/trace"
)

// Options configure Ask.
type Options struct {
	// Branches is the branch model; Auto is resolved against the trace.
	Branches trace.BranchModel
	// Timeout bounds the solver (0: none); when it runs out the answer
	// is Unknown.
	Timeout time.Duration
	// Mem is the memory model (docs/semantics.md, rule 6; SC by default).
	Mem trace.MemoryModel
	// Stop closes when the command is interrupted (nil: never): the
	// answer is then Unknown, with the reason stage.Interrupted.
	Stop <-chan struct{}
	// MaxAtoms bounds the order atoms of the query's problem (0: none;
	// predict.MaxAtomsWithin of the memory budget): the problem of a
	// long recording with few values grows with the square of a
	// variable's writes, and on 96K events it passed 6 GB within a
	// minute. Past it the answer is Unknown, with the reason.
	MaxAtoms int
}

// Answer is the answer to a query.
type Answer struct {
	Query *Query
	Model trace.BranchModel // resolved
	Mem   trace.MemoryModel
	// Verdict: Sat (Witness is a feasible schedule with every condition),
	// Unsat (Explanation says why none exists) or Unknown (Reason).
	Verdict     stage.Verdict
	Witness     []replay.Step
	Explanation *explain.Explanation
	Reason      string
	Seconds     float64
}

// Ask answers q over tr.
func Ask(tr *trace.Trace, q *Query, opts Options) (*Answer, error) {
	start := time.Now()
	model := opts.Branches.Resolve(tr)
	ans := &Answer{Query: q, Model: model, Mem: opts.Mem}
	defer func() { ans.Seconds = time.Since(start).Seconds() }()
	if err := q.CheckModel(tr, opts.Mem); err != nil {
		return nil, err
	}
	// Indexing a long recording takes seconds in code without a stop
	// signal: a stop abandons it (package abandon).
	type facts struct {
		mhb *explain.Explanation
		idx *encode.Index
	}
	f, ok := abandon.Run(opts.Stop, func() facts {
		if ex := mustHappenBefore(tr, model, opts.Mem, q); ex != nil {
			return facts{mhb: ex}
		}
		return facts{idx: encode.NewIndex(tr)}
	})
	if !ok {
		return ans.stopped(), nil
	}
	if f.mhb != nil {
		ans.Verdict, ans.Explanation = stage.Unsat, f.mhb
		return ans, nil
	}
	var deadline time.Time
	if opts.Timeout > 0 {
		deadline = start.Add(opts.Timeout)
	}
	sl, err := f.idx.Close(encode.StopOnly(opts.Stop), events(tr, q), nil)
	if err != nil { // the only error: stopped
		return ans.stopped(), nil
	}
	lim := encode.StopOnly(opts.Stop)
	lim.MaxAtoms = opts.MaxAtoms
	prob, err := encode.NewProblemInWithin(f.idx, model, opts.Mem, sl, lim)
	if errors.Is(err, encode.ErrTooLarge) {
		ans.Verdict = stage.Unknown
		ans.Reason = fmt.Sprintf("its encoding passed %d order atoms, the most the memory budget allows (--memory)", opts.MaxAtoms)
		return ans, nil
	}
	if err != nil {
		return ans.stopped(), nil
	}
	if err := decide(tr, q, opts, deadline, f.idx, prob, ans); err != nil {
		return nil, err
	}
	return ans, nil
}

// stopped makes a the answer of a query whose Options.Stop closed.
func (a *Answer) stopped() *Answer {
	a.Verdict, a.Reason = stage.Unknown, stage.Interrupted
	return a
}

// decide decides q over prob, the problem of its slice, into ans; it
// fails only for a witness that fails validation (replay.WitnessError).
func decide(tr *trace.Trace, q *Query, opts Options, deadline time.Time, idx *encode.Index, prob *encode.Problem, ans *Answer) error {
	model := prob.Model
	asked, known := conditions(prob, q)
	enc := prob.With(asked)
	cs := enc.All()
	res := smt.DecideWithCore(enc, cs, smt.CoreConfig{Deadline: deadline, Timeout: opts.Timeout,
		RLimit: smt.DefaultRLimit, MaxChecks: smt.DefaultCoreChecks, Rank: explain.Rank, Stop: opts.Stop})
	switch res.Verdict {
	case stage.Unknown:
		ans.Verdict, ans.Reason = stage.Unknown, res.Reason
	case stage.Sat:
		if err := CheckIn(tr, model, opts.Mem, q, res.Schedule); err != nil {
			// Never an answer: the solver's schedule fails the replay
			// validator or the query's own check.
			return replay.WitnessError(tr, "the witness fails validation", res.Schedule, err, "the query")
		}
		ans.Verdict, ans.Witness = stage.Sat, trim(tr, model, opts.Mem, q, res.Schedule)
	case stage.Unsat:
		core := make([]encode.Constraint, len(res.Core))
		facts := make([]*explain.Fact, len(res.Core))
		var claims []string
		for i, k := range res.Core {
			core[i] = cs[k]
			if k >= len(prob.Causal) {
				facts[i] = &known[k-len(prob.Causal)]
				claims = append(claims, claim(tr, facts[i]))
			}
			if opts.Mem.Relaxed() {
				// The explanation's kinds of facts say what SC implies
				// ("T2#2 comes before every write of x"); under TSO and
				// PSO each constraint of the core says it in its own words.
				facts[i] = &explain.Fact{Kind: explain.Model, Events: cs[k].Origin.Events, Text: cs[k].Origin.Why}
			}
		}
		ex := explain.FromCore(idx, prob, core, facts, res.Minimal)
		ex.Claim = "no feasible schedule has " + strings.Join(claims, " and ")
		ans.Verdict, ans.Explanation = stage.Unsat, ex
	}
	return nil
}

// first and last are the steps an order to and from p stands at.
func (p Point) first(tr *trace.Trace) encode.Step {
	if p.Part == encode.Whole && tr.Event(p.Event).Op == trace.OpWait {
		return encode.Step{Ref: p.Event, Part: encode.Release}
	}
	return encode.Step{Ref: p.Event, Part: p.Part}
}

func (p Point) last(tr *trace.Trace) encode.Step {
	if p.Part == encode.Whole && tr.Event(p.Event).Op == trace.OpWait {
		return encode.Step{Ref: p.Event, Part: encode.Reacquire}
	}
	return encode.Step{Ref: p.Event, Part: p.Part}
}

// events are the events the query's slice must hold: those it names and
// every write of a value a read is asked to return (the slice's closure
// keeps the writes of recorded values only).
func events(tr *trace.Trace, q *Query) []trace.EventRef {
	var out []trace.EventRef
	for _, o := range q.Orders {
		out = append(out, o.A.Event, o.B.Event)
	}
	for _, r := range q.Reads {
		out = append(out, r.Event)
		x := tr.Event(r.Event).Obj
		for _, th := range tr.Threads {
			for i := range th.Events {
				if ev := &th.Events[i]; ev.Op == trace.OpWrite && ev.Obj == x && tr.Str(ev.Val) == r.Value {
					out = append(out, trace.EventRef{Thread: th.ID, Index: uint32(i)})
				}
			}
		}
	}
	return out
}

// conditions are the query's constraints over prob, with their facts.
func conditions(prob *encode.Problem, q *Query) ([]encode.Constraint, []explain.Fact) {
	tr := prob.Trace
	var cs []encode.Constraint
	var facts []explain.Fact
	for _, o := range q.Orders {
		a, b := o.A.last(tr), o.B.first(tr)
		cs = append(cs, prob.Ordered(a, b))
		facts = append(facts, explain.AskedOrderFact(tr, o.A.Event, o.B.Event, uint8(a.Part), uint8(b.Part)))
	}
	for _, r := range q.Reads {
		if v, ok := tr.Syms.Lookup(r.Value); ok {
			cs = append(cs, prob.ReadsValue(r.Event, v))
		} else {
			// A value the trace never mentions: no write gives it and it
			// is not an initial value.
			cs = append(cs, encode.Constraint{F: encode.False(), Origin: encode.Origin{Family: encode.FamQuery,
				Events: []trace.EventRef{r.Event}, Why: "you ask that " + tr.ID(r.Event) + " reads " + r.Value}})
		}
		facts = append(facts, explain.ReadValueFact(tr, explain.AskedRead, r.Event, r.Value))
	}
	return cs, facts
}

// claim is an asked condition as the claim names it.
func claim(tr *trace.Trace, f *explain.Fact) string {
	if f.Kind == explain.AskedOrder {
		return explain.StepName(tr, f.Events[0], f.Steps[0]) + " before " + explain.StepName(tr, f.Events[1], f.Steps[1])
	}
	return tr.ID(f.Events[0]) + " reading " + f.Var + " = " + f.Value
}

// mustHappenBefore refutes q without a solver when an asked order goes
// against must-happen-before (under the model, with the reads whose value
// only one write gives), explained by the chain of facts.
func mustHappenBefore(tr *trace.Trace, model trace.BranchModel, mem trace.MemoryModel, q *Query) *explain.Explanation {
	var idx *encode.Index
	for _, o := range q.Orders {
		a, b := o.A.last(tr), o.B.first(tr)
		if a.Part == encode.Commit || b.Part == encode.Commit {
			// Must-happen-before orders events, not when a write becomes
			// visible: the solver decides (commit.go).
			continue
		}
		asked := explain.AskedOrderFact(tr, a.Ref, b.Ref, uint8(a.Part), uint8(b.Part))
		ex := &explain.Explanation{Claim: "no feasible schedule has " + claim(tr, &asked), By: explain.ByMHB, Minimal: true}
		if a.Ref == b.Ref { // two parts of one wait
			if b.Part <= a.Part {
				parts := explain.Fact{Kind: explain.WaitParts, Events: []trace.EventRef{a.Ref}}
				ex.Facts = explain.Rendered(tr, asked, parts)
				return ex
			}
			continue
		}
		if idx == nil {
			idx = encode.NewModelIndex(tr, model)
			if mem.Relaxed() {
				// Must-read-from edges are facts of SC (encode.NewProblemIn).
				idx = encode.NewIndex(tr)
			}
		}
		if chain, ok := explain.MustPrecede(idx, b.Ref, a.Ref, true); ok {
			ex.Facts = append([]explain.Fact{asked}, chain...)
			return ex
		}
	}
	return nil
}
