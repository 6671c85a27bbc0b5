package predict

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
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

// bigProblem is the number of causal constraints past which replacing a
// problem also collects the garbage: Z3 memory is released only by go-z3's
// finalizers, and a context holding tens of thousands of constraints is
// hundreds of megabytes that the Go heap does not see.
const bigProblem = 5000

// assertBatch is how many constraints are asserted between two looks at
// the candidate's deadline: asserting is cgo work Z3 cannot interrupt.
const assertBatch = 512

// errDeadline reports that a candidate's time ran out outside the solver.
var errDeadline = errors.New("deadline passed")

// z3Decider decides candidates with one solver over the current problem,
// in a Z3 context of its own: a new problem gets a new context, so that
// the old one's memory is freed rather than accumulated. The causal
// constraints of the problem sit in a first scope, internalized by a
// "base" check under the deadline (a Push after plain asserts would
// internalize them inside Push, which Z3 cannot interrupt); each
// candidate's pattern constraints live in a scope above it, so candidates
// whose slices the current problem covers are checked incrementally.
type z3Decider struct {
	tr    *trace.Trace
	model trace.BranchModel
	opts  DeciderOptions
	idx   *encode.Index

	ctx     *z3.Context
	solver  *z3.Solver
	prob    *encode.Problem
	reduced bool // prob is a reduced problem (encode.NewReducedProblem)
	based   bool // the base check of prob's causal constraints has run
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
	return &z3Decider{tr: tr, model: model, opts: opts, idx: encode.NewModelIndex(tr, model)}
}

// Close drops every reference to Z3 objects; go-z3 frees them (and the
// context last) from finalizers.
func (d *z3Decider) Close() {
	d.prob, d.ints, d.hasInt, d.bools, d.solver, d.ctx = nil, nil, nil, nil, nil, nil
}

// drop forgets the current problem and its context; the next candidate
// starts afresh. After a big one the garbage is collected at once, so that
// go-z3's finalizers release the Z3 memory before the next is built.
func (d *z3Decider) drop() {
	big := d.prob != nil && len(d.prob.Causal) > bigProblem
	d.prob, d.ints, d.hasInt, d.bools, d.solver, d.ctx = nil, nil, nil, nil, nil, nil
	if big {
		go runtime.GC()
	}
}

// Decide answers one candidate. The whole candidate, both stages and the
// building of their problems included, shares one deadline, Timeout after
// the call (see docs/engine.md, Limits).
func (d *z3Decider) Decide(c encode.Candidate) (dec Decision) {
	defer func() {
		// go-z3 turns Z3 errors into panics; one is a solver limit for this
		// candidate, not a reason to stop the run, and never an Unsat.
		if r := recover(); r != nil {
			dec = Decision{Verdict: Unknown, Reason: fmt.Sprintf("z3 error: %v", r)}
			d.drop() // the solver's state is unknown: start afresh
		}
	}()
	d.count++
	var deadline time.Time // zero: none
	if d.opts.Timeout > 0 {
		deadline = time.Now().Add(d.opts.Timeout)
	}
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
			stage1 := time.Now().Add(d.opts.Timeout / 4)
			if d.opts.Timeout <= 0 {
				stage1 = time.Now().Add(stage1Limit)
			}
			if dec := d.decideOver(down, reduced, c, stage1, false); dec.Verdict == Sat &&
				replay.Validate(d.tr, d.model, dec.Schedule) == nil && replay.CheckPattern(d.tr, c.Alt, c.Choice, dec.Schedule) == nil {
				return dec
			}
		}
	}
	return d.decideOver(sl, reduced, c, deadline, true)
}

// stage1Limit bounds the under-approximating first stage when the
// candidate has no time limit: the exact stage follows anyway.
const stage1Limit = 2 * time.Second

// decideOver decides c over a problem covering sl before deadline (zero:
// none).
func (d *z3Decider) decideOver(sl *encode.Slice, reduced bool, c encode.Candidate, deadline time.Time, dump bool) Decision {
	p, err := d.problemFor(sl, reduced, deadline)
	if err != nil {
		return d.timedOut(err)
	}
	if !d.based {
		// Internalize the causal constraints now, where Z3 can be
		// interrupted. They hold in the recorded run, so this is Sat
		// unless cut short; an Unsat would make every candidate Unsat.
		sat, err := d.check(deadline)
		if err != nil {
			d.drop() // half internalized: never reused
			return d.timedOut(err)
		}
		if !sat {
			return Decision{Verdict: Unsat}
		}
		d.based = true
	}
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
	if err := d.assertAll(pat, deadline); err != nil {
		return d.timedOut(err)
	}
	sat, err := d.check(deadline)
	if err != nil {
		return d.timedOut(err)
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

// timedOut is the Unknown decision for err, naming the time limit when
// the deadline is what stopped the candidate.
func (d *z3Decider) timedOut(err error) Decision {
	if errors.Is(err, errDeadline) {
		return Decision{Verdict: Unknown, Reason: fmt.Sprintf("timeout after %s", d.opts.Timeout)}
	}
	return Decision{Verdict: Unknown, Reason: err.Error()}
}

// check runs the solver until deadline (zero: none). Z3 has no per-check
// limit through go-z3, so a timer interrupts the context; Z3 honours an
// interrupt only inside a check, which is why everything slow happens
// there.
func (d *z3Decider) check(deadline time.Time) (bool, error) {
	if deadline.IsZero() {
		return d.solver.Check()
	}
	left := time.Until(deadline)
	if left <= 0 {
		return false, errDeadline
	}
	timer := time.AfterFunc(left, d.ctx.Interrupt)
	sat, err := d.solver.Check()
	if !timer.Stop() && err != nil {
		return false, errDeadline
	}
	if err != nil {
		return false, fmt.Errorf("solver gave up: %v", err)
	}
	return sat, nil
}

// assertAll asserts cs, giving up once deadline (zero: none) has passed.
func (d *z3Decider) assertAll(cs []encode.Constraint, deadline time.Time) error {
	for i, k := range cs {
		if i%assertBatch == 0 && !deadline.IsZero() && !time.Now().Before(deadline) {
			return errDeadline
		}
		d.solver.Assert(d.lower(k.F))
	}
	return nil
}

// problemFor returns a problem whose slice covers sl, reusing the current
// one when it does, growing it when the union stays small, else starting
// over with sl alone, in a fresh context. It fails once deadline (zero:
// none) has passed; building the encoding itself cannot be interrupted.
//
// A reduced problem (encode.NewReducedProblem) is used for every candidate
// encode.Reducible accepts; the others get the full encoding.
func (d *z3Decider) problemFor(sl *encode.Slice, reduced bool, deadline time.Time) (*encode.Problem, error) {
	if d.prob != nil && d.reduced == reduced && d.prob.Slice.Covers(sl) && d.prob.Slice.Size() <= max(maxSharedSlice, 4*sl.Size()) {
		return d.prob, nil
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
	d.drop()
	if !deadline.IsZero() && !time.Now().Before(deadline) {
		return nil, errDeadline
	}
	d.ctx = z3.NewContext(nil)
	d.solver = z3.NewSolver(d.ctx)
	d.ints = make([]z3.Int, p.NumVars())
	d.hasInt = make([]bool, p.NumVars())
	d.bools = make([]z3.Bool, len(p.BoolNames))
	for b := range d.bools {
		d.bools[b] = d.ctx.BoolConst(fmt.Sprintf("b%d", b))
	}
	// The scope makes the solver incremental before anything is asserted,
	// so the causal constraints are internalized by the next check.
	d.solver.Push()
	if err := d.assertAll(p.Causal, deadline); err != nil {
		d.drop()
		return nil, err
	}
	d.prob, d.reduced, d.based = p, reduced, false
	return p, nil
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
