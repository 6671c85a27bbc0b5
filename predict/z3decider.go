package predict

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/aclements/go-z3/z3"

	"gpredict/encode"
	"gpredict/predict/replay"
	"gpredict/trace"
)

// maxSharedSlice bounds how far the decider grows one slice to let several
// candidates share its causal constraints: past it, a candidate whose
// slice is not covered starts a fresh one.
const maxSharedSlice = 2048

// z3Decider decides candidates with one Z3 context and one solver. The
// causal constraints of the current slice stay asserted at the base level;
// each candidate's pattern constraints live in a push/pop scope, so
// candidates whose slices the current one covers are checked incrementally.
type z3Decider struct {
	tr    *trace.Trace
	model trace.BranchModel
	opts  DeciderOptions
	idx   *encode.Index

	ctx     *z3.Context
	solver  *z3.Solver
	prob    *encode.Problem
	reduced bool // prob is a reduced problem (encode.NewReducedProblem)
	// ints[v] is the Z3 constant of order variable v, made on first use
	// (hasInt[v]): a reduced problem mentions few of its variables.
	ints   []z3.Int
	hasInt []bool
	bools  []z3.Bool
	count  int // candidates decided, for dump file names
}

// NewZ3Decider returns a Decider backed by Z3 for tr under model (resolved:
// implicit or explicit).
func NewZ3Decider(tr *trace.Trace, model trace.BranchModel, opts DeciderOptions) Decider {
	configureZ3()
	ctx := z3.NewContext(nil)
	return &z3Decider{tr: tr, model: model, opts: opts, idx: encode.NewModelIndex(tr, model), ctx: ctx, solver: z3.NewSolver(ctx)}
}

// Close drops every reference to Z3 objects; go-z3 frees them (and the
// context last) from finalizers.
func (d *z3Decider) Close() {
	d.prob, d.ints, d.bools, d.solver, d.ctx = nil, nil, nil, nil, nil
}

// Decide answers one candidate.
func (d *z3Decider) Decide(c encode.Candidate) (dec Decision) {
	defer func() {
		// go-z3 turns Z3 errors into panics; one is a solver limit for this
		// candidate, not a reason to stop the run, and never an Unsat.
		if r := recover(); r != nil {
			dec = Decision{Verdict: Unknown, Reason: fmt.Sprintf("z3 error: %v", r)}
			d.prob = nil // the solver's state is unknown: start afresh
		}
	}()
	d.count++
	sl := encode.SliceFor(d.idx, c)
	reduced := encode.Reducible(c)
	if reduced {
		// Stage 1, an under-approximation: the events that must happen
		// before the chosen ones only. Its slice is not closed, so a
		// schedule found there counts only once replay validation (which
		// shares nothing with the encoding) accepts it; otherwise, and on
		// Unsat or a time-out, stage 2 decides over the closed slice. It is
		// tried only when it is at most half the closed slice.
		if down := encode.DownSlice(d.idx, c.Choice); sl.Covers(down) && 2*down.Size() <= sl.Size() {
			stage1 := d.opts.Timeout / 4
			if d.opts.Timeout <= 0 {
				stage1 = stage1Limit
			}
			if dec := d.decideOver(down, reduced, c, stage1, false); dec.Verdict == Sat &&
				replay.Validate(d.tr, d.model, dec.Schedule) == nil && replay.CheckPattern(d.tr, c.Alt, c.Choice, dec.Schedule) == nil {
				return dec
			}
		}
	}
	return d.decideOver(sl, reduced, c, d.opts.Timeout, true)
}

// stage1Limit bounds the under-approximating first stage when the
// candidate has no time limit: the exact stage follows anyway.
const stage1Limit = 2 * time.Second

// decideOver decides c over a problem covering sl within timeout (0: none).
func (d *z3Decider) decideOver(sl *encode.Slice, reduced bool, c encode.Candidate, timeout time.Duration, dump bool) Decision {
	p := d.problemFor(sl, reduced)
	pat := p.Pattern(c)
	for v := len(d.ints); v < p.NumVars(); v++ { // auxiliary variables of the pattern
		d.ints = append(d.ints, z3.Int{})
		d.hasInt = append(d.hasInt, false)
	}
	if dump && d.opts.DumpDir != "" {
		if err := d.dump(p, c, pat); err != nil {
			return Decision{Verdict: Unknown, Reason: err.Error()}
		}
	}
	d.solver.Push()
	defer d.solver.Pop()
	for _, k := range pat {
		d.solver.Assert(d.lower(k.F))
	}
	sat, err := d.check(timeout)
	if err != nil {
		return Decision{Verdict: Unknown, Reason: err.Error()}
	}
	if !sat {
		return Decision{Verdict: Unsat}
	}
	m := d.solver.Model()
	val := func(v encode.Var) int64 {
		x, _, _ := m.Eval(d.int(v), true).(z3.Int).AsInt64()
		return x
	}
	var sched []replay.Step
	for _, s := range p.Complete(p.RepairBlock(p.Schedule(val))) {
		sched = append(sched, replay.Step{Ref: s.Ref, Part: replay.Part(s.Part)})
	}
	return Decision{Verdict: Sat, Schedule: sched}
}

// check runs the solver under the per-candidate time limit. Z3 has no
// per-check limit through go-z3, so a timer interrupts the context.
func (d *z3Decider) check(timeout time.Duration) (bool, error) {
	if timeout <= 0 {
		return d.solver.Check()
	}
	timer := time.AfterFunc(timeout, d.ctx.Interrupt)
	sat, err := d.solver.Check()
	if !timer.Stop() && err != nil {
		return false, fmt.Errorf("timeout after %s", timeout)
	}
	if err != nil {
		return false, fmt.Errorf("solver gave up: %v", err)
	}
	return sat, nil
}

// problemFor returns a problem whose slice covers sl, reusing the current
// one when it does, growing it when the union stays small, else starting
// over with sl alone.
//
// A reduced problem (encode.NewReducedProblem) is used for every candidate
// encode.Reducible accepts; the others get the full encoding.
func (d *z3Decider) problemFor(sl *encode.Slice, reduced bool) *encode.Problem {
	if d.prob != nil && d.reduced == reduced && d.prob.Slice.Covers(sl) && d.prob.Slice.Size() <= max(maxSharedSlice, 4*sl.Size()) {
		return d.prob
	}
	next := sl
	if d.prob != nil && d.reduced == reduced {
		if u := d.idx.Union(d.prob.Slice, sl); u.Size() <= maxSharedSlice {
			next = u
		}
	}
	var p *encode.Problem
	if reduced {
		p = encode.NewReducedProblem(d.idx, d.model, next)
	} else {
		p = encode.NewProblem(d.idx, d.model, next)
	}
	d.solver.Reset()
	d.ints = make([]z3.Int, p.NumVars())
	d.hasInt = make([]bool, p.NumVars())
	d.bools = make([]z3.Bool, len(p.BoolNames))
	for b := range d.bools {
		d.bools[b] = d.ctx.BoolConst(fmt.Sprintf("b%d", b))
	}
	for _, k := range p.Causal {
		d.solver.Assert(d.lower(k.F))
	}
	d.prob, d.reduced = p, reduced
	return p
}

// int returns the Z3 constant of order variable v.
func (d *z3Decider) int(v encode.Var) z3.Int {
	if !d.hasInt[v] {
		d.ints[v], d.hasInt[v] = d.ctx.IntConst(fmt.Sprintf("o%d", v)), true
	}
	return d.ints[v]
}

// lower translates a formula of the IR to Z3.
func (d *z3Decider) lower(f *encode.F) z3.Bool {
	switch f.Kind {
	case encode.KTrue:
		return d.ctx.FromBool(true)
	case encode.KFalse:
		return d.ctx.FromBool(false)
	case encode.KLt:
		return d.int(f.A).LT(d.int(f.B))
	case encode.KLit:
		if f.Neg {
			return d.bools[f.Bool].Not()
		}
		return d.bools[f.Bool]
	case encode.KAnd, encode.KOr:
		kids := make([]z3.Bool, len(f.Kids))
		for i, k := range f.Kids {
			kids[i] = d.lower(k)
		}
		if f.Kind == encode.KAnd {
			return kids[0].And(kids[1:]...)
		}
		return kids[0].Or(kids[1:]...)
	}
	panic("predict: bad formula kind")
}

// dump writes the candidate's full formula as SMT-LIB2 into DumpDir.
func (d *z3Decider) dump(p *encode.Problem, c encode.Candidate, pat []encode.Constraint) error {
	ids := make([]string, len(c.Choice))
	for i, r := range c.Choice {
		ids[i] = d.tr.ID(r)
	}
	name := fmt.Sprintf("cand%05d_%s.smt2", d.count, strings.NewReplacer("#", "-", "/", "_").Replace(strings.Join(ids, "_")))
	f, err := os.Create(filepath.Join(d.opts.DumpDir, name))
	if err != nil {
		return fmt.Errorf("--dump-smt: %v", err)
	}
	title := "candidate " + strings.Join(ids, " ")
	if err := p.WriteSMTLIB(f, title, pat); err != nil {
		f.Close()
		return fmt.Errorf("--dump-smt: %v", err)
	}
	return f.Close()
}
