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

// z3Decider decides candidates. It keeps the latest problem built in Go
// (prob) so that candidates whose slices it covers share it, and the Z3
// state of the exact stages: one solver over the problem asserted last,
// in a Z3 context of its own, so that a new problem gets a new context and
// the old one's memory is freed rather than accumulated. The causal
// constraints sit in a first scope, internalized by a "base" check under
// the deadline (a Push after plain asserts would internalize them inside
// Push, which Z3 cannot interrupt); each candidate's pattern constraints
// live in a scope above it. The frozen stage (z3freeze.go) has a context
// of its own.
type z3Decider struct {
	tr    *trace.Trace
	model trace.BranchModel
	opts  DeciderOptions
	idx   *encode.Index
	base  bool // the trace has a base order for the frozen stage

	prob    *encode.Problem
	reduced bool // prob is a reduced problem (encode.NewReducedProblem)

	ctx      *z3.Context
	solver   *z3.Solver
	terms    *z3Terms
	asserted *encode.Problem // the problem whose causal constraints solver holds
	based    bool            // the base check of asserted has run

	small smallSolver // the frozen and relaxed stages (z3freeze.go)
	// smallFound, smallRefuted and smallInvalid count the candidates the
	// small stages settled and the frozen witnesses validation rejected
	// (for tests: each is a bug).
	smallFound, smallRefuted, smallInvalid int
	windowFound, recordedFound             int // witnesses found in a window, in the recorded order (z3window.go)
	windows                                *encode.Windows
	count                                  int // candidates decided, for dump file names
}

// NewZ3Decider returns a Decider backed by Z3 for tr under model (resolved:
// implicit or explicit).
func NewZ3Decider(tr *trace.Trace, model trace.BranchModel, opts DeciderOptions) Decider {
	configureZ3()
	return &z3Decider{tr: tr, model: model, opts: opts, idx: encode.NewModelIndex(tr, model), base: encode.HasBaseOrder(tr)}
}

// Close drops every reference to Z3 objects; go-z3 frees them (and the
// context last) from finalizers.
func (d *z3Decider) Close() {
	d.drop()
	d.prob = nil
	d.small = smallSolver{}
}

// drop forgets the asserted problem and its context; the next exact stage
// starts afresh. After a big one the garbage is collected at once, so that
// go-z3's finalizers release the Z3 memory before the next is built.
func (d *z3Decider) drop() {
	big := d.asserted != nil && len(d.asserted.Causal) > bigProblem
	d.asserted, d.terms, d.solver, d.ctx, d.based = nil, nil, nil, nil, false
	if big {
		go runtime.GC()
	}
}

// Decide answers one candidate. The whole candidate, every stage and the
// building of their problems included, shares one deadline, Timeout after
// the call (see docs/engine.md, Limits).
func (d *z3Decider) Decide(c encode.Candidate) (dec Decision) {
	defer func() {
		// go-z3 turns Z3 errors into panics; one is a solver limit for this
		// candidate, not a reason to stop the run, and never an Unsat.
		if r := recover(); r != nil {
			if _, bug := r.(runtime.Error); bug {
				panic(r) // our own bug, not a solver limit: never hide it as unknown
			}
			dec = Decision{Verdict: Unknown, Reason: fmt.Sprintf("z3 error: %v", r)}
			d.drop() // the solver's state is unknown: start afresh
			d.small = smallSolver{}
		}
	}()
	d.count++
	var deadline time.Time // zero: none
	if d.opts.Timeout > 0 {
		deadline = time.Now().Add(d.opts.Timeout)
	}
	sl := encode.SliceFor(d.idx, c)
	reduced := encode.Reducible(c)
	if d.opts.DumpDir != "" {
		// The exact formula, whichever stage decides.
		p := d.goProblem(sl, reduced)
		if err := d.dump(p, c, p.Pattern(c)); err != nil {
			return Decision{Verdict: Unknown, Reason: err.Error()}
		}
	}
	// The first stages are under-approximations: a schedule they find
	// counts only once replay validation (which shares nothing with the
	// encoding) accepts it; otherwise, and on Unsat or a time-out, the
	// exact stage decides over the closed slice.
	if d.base {
		if dec, ok := d.decideRecorded(c); ok {
			return dec
		}
		dec, ok, windowed := d.decideWindow(c, d.stageDeadline(deadline, true))
		if ok {
			return dec
		}
		if dec, big := d.tooLarge(sl); big {
			return dec
		}
		p := d.goProblem(sl, reduced)
		pat := p.Pattern(c)
		for _, k := range pat {
			if k.F.Kind == encode.KFalse {
				return Decision{Verdict: Unsat}
			}
		}
		if dec, ok := d.decideSmall(p, pat, c, windowed, d.stageDeadline(deadline, true)); ok {
			return dec
		}
	} else if dec, big := d.tooLarge(sl); big {
		return dec
	} else if reduced {
		// The events that must happen before the chosen ones only. Tried
		// when it is at most half the closed slice.
		if down := encode.DownSlice(d.idx, c.Choice); sl.Covers(down) && 2*down.Size() <= sl.Size() {
			if dec := d.decideOver(down, reduced, c, d.stageDeadline(deadline, false)); dec.Verdict == Sat && d.valid(c, dec.Schedule) {
				return dec
			}
		}
	}
	return d.decideOver(sl, reduced, c, deadline)
}

// sliceEventsPerSecond is how many events of a closed slice the stages
// after the window are given per second of the time limit: building and
// specializing the encoding of a slice cannot be interrupted and takes
// about a millisecond per event at this size (one relaxed stage over a
// 57,687-event slice took 52 s), so a bigger slice would overrun the
// limit many times over before any check. Slices up to maxSharedSlice
// events are always tried.
const sliceEventsPerSecond = 1000

// tooLarge answers Unknown, with the reason, when the time limit leaves
// no chance to encode sl.
func (d *z3Decider) tooLarge(sl *encode.Slice) (Decision, bool) {
	limit := max(maxSharedSlice, int(d.opts.Timeout.Seconds()*sliceEventsPerSecond))
	if d.opts.Timeout <= 0 || sl.Size() <= limit {
		return Decision{}, false
	}
	return Decision{Verdict: Unknown, Reason: fmt.Sprintf("the slice (%d events) is too large to encode within %s; a longer --timeout lets the exact stages try", sl.Size(), d.opts.Timeout)}, true
}

// stageDeadline bounds the approximating stages: the candidate's deadline
// for the small stages (the exact stage, on a slice too big for them, would
// not finish in what they leave), a quarter of its time for the down-set
// stage, or stageLimit when it has none (the exact stage follows anyway).
func (d *z3Decider) stageDeadline(deadline time.Time, small bool) time.Time {
	switch {
	case d.opts.Timeout <= 0:
		return time.Now().Add(stageLimit)
	case small:
		return deadline
	}
	return time.Now().Add(d.opts.Timeout / 4)
}

const stageLimit = 10 * time.Second

// valid reports whether sched is a feasible schedule showing c.
func (d *z3Decider) valid(c encode.Candidate, sched []replay.Step) bool {
	return replay.Validate(d.tr, d.model, sched) == nil && replay.CheckPattern(d.tr, c.Alt, c.Choice, sched) == nil
}

// decideOver decides c over a problem covering sl before deadline (zero:
// none).
func (d *z3Decider) decideOver(sl *encode.Slice, reduced bool, c encode.Candidate, deadline time.Time) Decision {
	p, err := d.problemFor(sl, reduced, deadline)
	if err != nil {
		return d.timedOut(err)
	}
	if !d.based {
		// Internalize the causal constraints now, where Z3 can be
		// interrupted. They hold in the recorded run, so this is Sat
		// unless cut short; an Unsat would make every candidate Unsat.
		sat, err := check(d.ctx, d.solver, deadline)
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
	d.solver.Push()
	defer d.solver.Pop()
	if err := assertAll(d.solver, d.terms, pat, deadline); err != nil {
		return d.timedOut(err)
	}
	sat, err := check(d.ctx, d.solver, deadline)
	if err != nil {
		return d.timedOut(err)
	}
	if !sat {
		return Decision{Verdict: Unsat}
	}
	m := d.solver.Model()
	return Decision{Verdict: Sat, Schedule: schedule(p, func(v encode.Var) int64 { return d.terms.value(m, v) })}
}

// schedule reads the witness off a model's order values (val).
func schedule(p *encode.Problem, val func(encode.Var) int64) []replay.Step {
	return replaySteps(p.Complete(p.RepairBlock(p.Schedule(val))))
}

func replaySteps(steps []encode.Step) []replay.Step {
	sched := make([]replay.Step, 0, len(steps))
	for _, s := range steps {
		sched = append(sched, replay.Step{Ref: s.Ref, Part: replay.Part(s.Part)})
	}
	return sched
}

// timedOut is the Unknown decision for err, naming the time limit when
// the deadline is what stopped the candidate.
func (d *z3Decider) timedOut(err error) Decision {
	if errors.Is(err, errDeadline) {
		return Decision{Verdict: Unknown, Reason: fmt.Sprintf("timeout after %s", d.opts.Timeout)}
	}
	return Decision{Verdict: Unknown, Reason: err.Error()}
}

// check runs solver until deadline (zero: none). Z3 has no per-check
// limit through go-z3, so a timer interrupts the context; Z3 honours an
// interrupt only inside a check, which is why everything slow happens
// there.
func check(ctx *z3.Context, solver *z3.Solver, deadline time.Time) (bool, error) {
	if deadline.IsZero() {
		return solver.Check()
	}
	left := time.Until(deadline)
	if left <= 0 {
		return false, errDeadline
	}
	timer := time.AfterFunc(left, ctx.Interrupt)
	sat, err := solver.Check()
	if !timer.Stop() && err != nil {
		return false, errDeadline
	}
	if err != nil {
		return false, fmt.Errorf("solver gave up: %v", err)
	}
	return sat, nil
}

// assertAll asserts cs, giving up once deadline (zero: none) has passed.
func assertAll(solver *z3.Solver, terms *z3Terms, cs []encode.Constraint, deadline time.Time) error {
	for i, k := range cs {
		if i%assertBatch == 0 && !deadline.IsZero() && !time.Now().Before(deadline) {
			return errDeadline
		}
		solver.Assert(terms.lower(k.F))
	}
	return nil
}

// goProblem returns a problem (in Go; nothing asserted) whose slice covers
// sl: the current one when it does and is not much bigger, else a new
// one over the closure of the current slice and sl when that stays small,
// else over sl alone.
//
// A reduced problem (encode.NewReducedProblem) is used for every candidate
// encode.Reducible accepts; the others get the full encoding.
func (d *z3Decider) goProblem(sl *encode.Slice, reduced bool) *encode.Problem {
	if d.prob != nil && d.reduced == reduced && d.prob.Slice.Covers(sl) && d.prob.Slice.Size() <= max(maxSharedSlice, 4*sl.Size()) {
		return d.prob
	}
	next := sl
	if d.prob != nil && d.reduced == reduced {
		if u := d.idx.Union(d.prob.Slice, sl); u.Size() <= maxSharedSlice {
			next = u
		}
	}
	if reduced {
		d.prob = encode.NewReducedProblem(d.idx, d.model, next)
	} else {
		d.prob = encode.NewProblem(d.idx, d.model, next)
	}
	d.reduced = reduced
	return d.prob
}

// problemFor returns a problem covering sl whose causal constraints the
// solver holds, asserting them in a fresh context when the problem is new.
// It fails once deadline (zero: none) has passed; building the encoding
// itself cannot be interrupted.
func (d *z3Decider) problemFor(sl *encode.Slice, reduced bool, deadline time.Time) (*encode.Problem, error) {
	p := d.goProblem(sl, reduced)
	if p == d.asserted {
		return p, nil
	}
	d.drop()
	if !deadline.IsZero() && !time.Now().Before(deadline) {
		return nil, errDeadline
	}
	d.ctx = z3.NewContext(nil)
	d.solver = z3.NewSolver(d.ctx)
	d.terms = newZ3Terms(d.ctx)
	// The scope makes the solver incremental before anything is asserted,
	// so the causal constraints are internalized by the next check.
	d.solver.Push()
	if err := assertAll(d.solver, d.terms, p.Causal, deadline); err != nil {
		d.drop()
		return nil, err
	}
	d.asserted = p
	return p, nil
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
