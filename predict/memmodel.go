package predict

import (
	"time"

	"gpredict/encode"
	"gpredict/predict/replay"
	"gpredict/predict/smt"
	"gpredict/predict/stage"
	"gpredict/trace"
)

// Under TSO and PSO (docs/semantics.md, rule 6) the engine decides each
// candidate with one exact solver call over the encoding with store
// buffers (encode.NewProblemIn) and checks the witness with the replay
// validator under the same model. The ladder's other stages are not used:
// its finders and refuters (the recorded order, the simulation, the
// closures, must-read-from) reason about SC, where a write is visible as
// soon as it is made, and a refutation under SC is no refutation under a
// model with more schedules. The pre-filter keeps working on
// must-happen-before without must-read-from edges (relaxedFacts), which
// holds for the events' own steps under every model.

// newFacts are the facts of a run under memory model mem.
func newFacts(tr *trace.Trace, model trace.BranchModel, mem trace.MemoryModel, idx *encode.Indexes) *stage.Facts {
	if mem.Relaxed() {
		return relaxedFacts(tr, model)
	}
	return stage.NewFactsOver(idx.Model(tr, model), model, 0)
}

// relaxedFacts are the facts of a run under a relaxed model: the index
// holds program order, fork, join and hb facts only.
func relaxedFacts(tr *trace.Trace, model trace.BranchModel) *stage.Facts {
	return &stage.Facts{Trace: tr, Model: model, Index: encode.NewIndex(tr), Checker: replay.NewChecker(tr)}
}

// relaxedDecider decides candidates under a relaxed memory model.
type relaxedDecider struct {
	f    *stage.Facts
	mem  trace.MemoryModel
	opts DeciderOptions
}

func newRelaxedDecider(f *stage.Facts, mem trace.MemoryModel, opts DeciderOptions) Decider {
	return &relaxedDecider{f: f, mem: mem, opts: opts}
}

func (d *relaxedDecider) Close() {}

// Decide encodes the candidate over the closure of its events under the
// model and decides it exactly; a witness is returned only once the
// replay validator and the pattern check accept it.
func (d *relaxedDecider) Decide(c encode.Candidate) Decision {
	const name = "exact-memory-model"
	var deadline time.Time
	if d.opts.Timeout > 0 {
		deadline = time.Now().Add(d.opts.Timeout)
	}
	stop := encode.StopOnly(d.opts.Stop)
	sl, err := d.f.Index.Close(stop, c.Choice, nil)
	if err != nil { // the only error: stopped
		return Decision{Verdict: Unknown, Reason: stage.Interrupted, Stage: name}
	}
	prob, err := encode.NewProblemInWithin(d.f.Index, d.f.Model, d.mem, sl, stop)
	if err != nil {
		return Decision{Verdict: Unknown, Reason: stage.Interrupted, Stage: name}
	}
	enc := prob.Pattern(c)
	rlimit := uint64(smt.DefaultRLimit)
	if d.opts.RLimit > 0 {
		rlimit = uint64(d.opts.RLimit)
	}
	res := smt.DecideWithCore(enc, enc.All(), smt.CoreConfig{Deadline: deadline, Timeout: d.opts.Timeout, RLimit: rlimit})
	dec := Decision{Verdict: res.Verdict, Reason: res.Reason, Stage: name}
	if res.Verdict != Sat {
		return dec
	}
	dec.Schedule = res.Schedule
	// An invalid witness goes to the engine unvalidated: its own check
	// then reports the internal error.
	dec.Validated = d.f.Checker.ValidateIn(d.f.Model, d.mem, res.Schedule) == nil &&
		replay.CheckPattern(d.f.Trace, c.Alt, c.Choice, res.Schedule) == nil
	return dec
}
