package smt

import (
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/aclements/go-z3/z3"

	"gpredict/encode"
	"gpredict/predict/stage"
)

// z3Solver is one Z3 context with one solver and the terms lowered into
// it: the only way this package talks to Z3, for the stages and for
// unsat cores alike. Its methods are for one goroutine; the interrupt a
// check arms may come from another.
type z3Solver struct {
	ctx    *z3.Context
	solver *z3.Solver
	terms  *z3Terms
	guards int // the guard literals made (guard)
}

// guard returns a fresh Boolean constant and its negation, for a formula
// asserted as "guard implies formula" (assertGuarded), checked under the
// guard (checkAssuming) and then switched off by asserting the negation.
func (z *z3Solver) guard() (g, off z3.Bool) {
	g = z.ctx.BoolConst(fmt.Sprintf("guard%d", z.guards))
	z.guards++
	off = g.Not()
	z.terms.made = append(z.terms.made, g, off)
	return g, off
}

// newZ3Solver makes a fresh context and solver. Nothing is freed
// explicitly: go-z3 frees the solver, the terms and the context from
// finalizers once the last reference is gone.
func newZ3Solver() *z3Solver {
	configureZ3()
	ctx := z3.NewContext(nil)
	return &z3Solver{ctx: ctx, solver: z3.NewSolver(ctx), terms: newZ3Terms(ctx)}
}

// limits bound one solver call: Z3's resource limit per check (RLimit,
// deterministic: the same formula always stops at the same point,
// whatever the machine's load), the candidate's wall-clock deadline
// (zero: none; only with --timeout), the run's stop signal and its
// memory budget (enc; zero: neither), which the encoding looks at too,
// and tightWhy, the reason a candidate is unknown once the budget is
// reached.
type limits struct {
	rlimit   uint64
	deadline time.Time
	enc      encode.Limits
	tightWhy string
}

// queryLimits are the limits of q's run (stop signal, memory budget).
func queryLimits(q *stage.Query) limits {
	return limits{enc: q.Limits(), tightWhy: q.TightWhy}
}

// The ways a solver call ends without an answer; limits.why
// turns each into the reason a candidate is Unknown.
var (
	errDeadline = errors.New("deadline passed")
	errStopped  = errors.New("interrupted")
	errRLimit   = errors.New("resource limit reached")
)

func (l limits) stopped() bool {
	select {
	case <-l.enc.Stop:
		return true
	default:
		return false
	}
}

// expired reports, between two pieces of work that Z3 cannot interrupt,
// which limit has run out (nil: none). Past the memory budget nothing
// more is asserted: Z3's memory grows with what it is given.
func (l limits) expired() error {
	if l.stopped() {
		return errStopped
	}
	if l.enc.Tight != nil && l.enc.Tight() {
		return encode.ErrMemory
	}
	if l.pastDeadline() {
		return errDeadline
	}
	return nil
}

// pastDeadline reports whether l has a deadline and it has passed.
func (l limits) pastDeadline() bool {
	return !l.deadline.IsZero() && !time.Now().Before(l.deadline)
}

// assertAll asserts cs, looking at the limits every assertBatch
// constraints: asserting is cgo work Z3 cannot interrupt.
func (z *z3Solver) assertAll(cs []encode.Constraint, l limits) error {
	return z.assertEach(cs, l, nil)
}

// assertGuarded asserts "off or c" for every c of cs (off: a guard's
// negation), looking at the limits as assertAll does.
func (z *z3Solver) assertGuarded(off z3.Bool, cs []encode.Constraint, l limits) error {
	return z.assertEach(cs, l, &off)
}

// assertEach asserts every c of cs, as "*off or c" when off is not nil.
func (z *z3Solver) assertEach(cs []encode.Constraint, l limits, off *z3.Bool) error {
	for i, k := range cs {
		if i%assertBatch == 0 {
			if err := l.expired(); err != nil {
				return err
			}
		}
		c := z.terms.lower(k.F)
		if off != nil {
			c = off.Or(c)
			z.terms.made = append(z.terms.made, c)
		}
		z.solver.Assert(c)
	}
	return nil
}

// check decides what the solver holds, under the assumptions lits
// (checkAssuming), within the limits. The resource
// limit is Z3's own; the deadline and the stop signal reach Z3 through
// Context.Interrupt, which Z3 honours only inside a check — which is why
// everything slow is made to happen inside one.
func (z *z3Solver) check(l limits, lits ...z3.Bool) (bool, error) {
	if err := l.expired(); err != nil {
		return false, err
	}
	// rlimit is a parameter of the context, read by every check; 0 is
	// Z3's "no limit", and Z3 reads it as a 32-bit number.
	z.ctx.Config().SetUint("rlimit", uint(min(l.rlimit, math.MaxUint32)))
	// An interrupt may only reach Z3 while it checks: one that lands after
	// the check returned would spoil the model about to be read.
	var (
		mu       sync.Mutex
		checking = true
		fired    bool
	)
	interrupt := func() {
		mu.Lock()
		defer mu.Unlock()
		if checking {
			fired = true
			z.ctx.Interrupt()
		}
	}
	if !l.deadline.IsZero() {
		timer := time.AfterFunc(time.Until(l.deadline), interrupt)
		defer timer.Stop()
	}
	done := make(chan struct{})
	defer close(done)
	if l.enc.Stop != nil {
		go func() {
			select {
			case <-l.enc.Stop:
				interrupt()
			case <-done:
			}
		}()
	}
	var (
		sat bool
		err error
	)
	if len(lits) == 0 {
		sat, err = z.solver.Check()
	} else {
		sat, err = z.checkAssuming(lits)
	}
	mu.Lock()
	checking = false
	mu.Unlock()
	switch {
	case err == nil:
		return sat, nil
	case l.stopped():
		return false, errStopped
	case fired:
		return false, errDeadline
	case l.rlimit > 0 && rlimitReason(err.Error()):
		return false, errRLimit
	}
	return false, fmt.Errorf("solver gave up: %v", err)
}

// rlimitReason reports whether Z3's reason for an unknown answer can be
// its resource limit. Z3 4.8 gives one of three, depending on where the
// limit ran out: "max. resource limit exceeded", "canceled" (also what an
// interrupt gives, which is why check looks at its own interrupts first)
// or a bare "unknown". The formulas here are difference logic, which Z3
// decides completely, so no other cause of a bare "unknown" is expected;
// any other reason is reported in Z3's words.
func rlimitReason(reason string) bool {
	switch reason {
	case "max. resource limit exceeded", "canceled", "unknown":
		return true
	}
	return false
}

// model returns the order values of the model of the last check, which
// was Sat.
func (z *z3Solver) model() func(encode.Var) int64 {
	m := z.solver.Model()
	z.terms.keep = append(z.terms.keep, m)
	return func(v encode.Var) int64 { return z.terms.value(m, v) }
}

// holds returns a test of whether a formula is true in the model of the
// last check, which was Sat; each variable's value is asked of Z3 once.
func (z *z3Solver) holds() func(*encode.F) bool {
	m := z.solver.Model()
	z.terms.keep = append(z.terms.keep, m)
	ints, bools := map[encode.Var]int64{}, map[encode.BoolVar]bool{}
	iv := func(v encode.Var) int64 { return memo(ints, v, func() int64 { return z.terms.value(m, v) }) }
	bv := func(b encode.BoolVar) bool { return memo(bools, b, func() bool { return z.terms.boolValue(m, b) }) }
	return func(f *encode.F) bool { return f.Eval(iv, bv) }
}

// why is the reason a candidate is Unknown when a solver call ended with
// err: the run's interrupt, the wall-clock time limit (named as the user
// gave it), Z3's resource limit, or Z3's own words.
func (l limits) why(err error, timeout time.Duration) string {
	switch {
	case errors.Is(err, errStopped), errors.Is(err, encode.ErrStopped):
		return stage.Interrupted
	case errors.Is(err, errDeadline):
		return fmt.Sprintf("timeout after %s", timeout)
	case errors.Is(err, errRLimit):
		return fmt.Sprintf("Z3 resource limit %d reached", l.rlimit)
	case errors.Is(err, encode.ErrMemory) && l.tightWhy != "":
		return l.tightWhy
	case errors.Is(err, encode.ErrTooLarge):
		return fmt.Sprintf("its encoding passed %d order atoms, the most one candidate's may hold under the memory budget (--memory)", l.enc.MaxAtoms)
	}
	return err.Error()
}
