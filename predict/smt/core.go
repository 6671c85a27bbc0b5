package smt

import (
	"fmt"
	"slices"
	"time"

	"github.com/aclements/go-z3/z3"

	"gpredict/encode"
	"gpredict/predict/replay"
	"gpredict/predict/stage"
)

// Explaining a "no". DecideWithCore decides a conjunction of constraints
// exactly, like the exact stage, and when no assignment satisfies it,
// finds an unsat core: the constraints the refutation needs. go-z3 has no
// checks under assumptions and no unsat cores, so the core is found by
// checks of subsets, each in a scope of its own over one solver: every
// constraint c_i is asserted once as "literal l_i implies c_i", and a
// subset is checked by asserting its literals in a scope (Push, Assert,
// Check, Pop) — the constraints are internalized once, and a check of a
// subset costs its literals.
//
// The core is the *preferred* one (Junker's QuickXplain order): with the
// constraints ordered from most to least worth keeping (CoreConfig.Rank,
// then their order in the list), it is the minimal unsat subset that a
// linear "insertion" would find — take constraints in that order until
// the set is unsat; the last one taken belongs to the core; start again
// with it kept — each search done by bisection, so a core of k
// constraints out of n costs about k·log2(n) checks. It depends only on
// the constraints and their order, never on how Z3 happens to search.
// When the check budget runs out, the last unsat subset found is
// returned, a core that is not known to be minimal.

// CoreConfig bounds DecideWithCore.
type CoreConfig struct {
	// Deadline bounds the whole call (zero: none); Timeout is the limit
	// it came from, for the Unknown reason.
	Deadline time.Time
	Timeout  time.Duration
	// RLimit is Z3's resource limit for each check (0: none); the first
	// check exhausting it makes the answer Unknown, a later one ends the
	// minimisation.
	RLimit uint64
	// MaxChecks bounds the checks spent minimising the core (0: no
	// minimisation, the core is all of the constraints).
	MaxChecks int
	// Rank says which constraints a core keeps where it has a choice:
	// those of higher rank (an explanation prefers program order to a
	// lock argument); among equal ranks, those earlier in the list. Nil
	// ranks every constraint alike.
	Rank func(c encode.Constraint) int
	// Stop closes when the run is stopped (an interrupt; nil: never):
	// the answer is then Unknown (reason stage.Interrupted), or, during
	// the minimisation, the core found so far.
	Stop <-chan struct{}
}

// CoreAnswer is DecideWithCore's answer.
type CoreAnswer struct {
	Verdict stage.Verdict
	// Schedule is the witness read off the model (Sat); it still has to
	// pass the replay validator.
	Schedule []replay.Step
	// Core lists indices into the constraints of a subset that is
	// already Unsat (Unsat), in increasing order; Minimal says every one
	// of them is needed.
	Core    []int
	Minimal bool
	// Checks counts the solver checks made.
	Checks int
	// Reason says why the answer is Unknown.
	Reason string
}

// DefaultCoreChecks is the minimisation budget the explaining commands use.
const DefaultCoreChecks = 400

// DecideWithCore decides whether some assignment satisfies every
// constraint of cs — formulas over the variables of encoding e, usually
// e.All() or an equivalent split of it — and, if none does, which of them
// are needed to see it. A model is read off as e's witness.
func DecideWithCore(e *encode.Encoding, cs []encode.Constraint, cfg CoreConfig) CoreAnswer {
	z := newZ3Solver()
	l := limits{rlimit: cfg.RLimit, deadline: cfg.Deadline, enc: encode.StopOnly(cfg.Stop)}
	lits := make([]z3.Bool, len(cs))
	// The scope makes the solver incremental before anything is asserted
	// (as in the exact stage), so the implications are internalized by
	// the first check, where Z3 can be interrupted.
	z.solver.Push()
	for i, c := range cs {
		if i%assertBatch == 0 {
			if err := l.expired(); err != nil {
				return cfg.unknown(l, err)
			}
		}
		lits[i] = z.ctx.BoolConst(fmt.Sprintf("core%d", i))
		imp := lits[i].Implies(z.terms.lower(c.F))
		z.terms.made = append(z.terms.made, lits[i], imp) // z3Terms.made says why
		z.solver.Assert(imp)
	}
	all := make([]int, len(cs))
	for i := range all {
		all[i] = i
	}
	x := &coreSearch{z: z, cs: cs, lits: lits, l: l}
	var model func(encode.Var) int64
	unsat, err := x.unsat(all, func() { model = z.model() })
	if err != nil {
		return cfg.unknown(l, err)
	}
	if !unsat {
		sched, err := witness(e, model, l.enc)
		if err != nil {
			return cfg.unknown(l, err)
		}
		return CoreAnswer{Verdict: stage.Sat, Schedule: sched, Checks: x.checks}
	}
	ans := CoreAnswer{Verdict: stage.Unsat}
	ans.Core, ans.Minimal = x.preferred(preference(cs, cfg.Rank), cfg.MaxChecks)
	ans.Checks = x.checks
	slices.Sort(ans.Core)
	return ans
}

func (cfg CoreConfig) unknown(l limits, err error) CoreAnswer {
	return CoreAnswer{Verdict: stage.Unknown, Reason: l.why(err, cfg.Timeout)}
}

// preference orders the indices of cs from most to least worth keeping:
// higher rank first, then earlier in cs.
func preference(cs []encode.Constraint, rank func(encode.Constraint) int) []int {
	order := make([]int, len(cs))
	for i := range order {
		order[i] = i
	}
	if rank != nil {
		r := make([]int, len(cs))
		for i, c := range cs {
			r[i] = rank(c)
		}
		slices.SortStableFunc(order, func(a, b int) int { return r[b] - r[a] })
	}
	return order
}

// coreSearch checks subsets of the constraints cs asserted under lits.
type coreSearch struct {
	z      *z3Solver
	cs     []encode.Constraint
	lits   []z3.Bool
	l      limits
	checks int
}

// unsat reports whether the constraints of set, together, are
// unsatisfiable. When they are satisfiable, onSat (if not nil) runs while
// the model is still the solver's: the scope of the check is popped
// after it.
func (x *coreSearch) unsat(set []int, onSat func()) (bool, error) {
	x.checks++
	x.z.solver.Push()
	defer x.z.solver.Pop()
	for _, i := range set {
		x.z.solver.Assert(x.lits[i])
	}
	sat, err := x.z.check(x.l)
	if err == nil && sat && onSat != nil {
		onSat()
	}
	return !sat, err
}

// preferred returns the preferred core of the constraints in order (most
// worth keeping first), which together are unsat, and whether it is
// minimal: false when maxChecks checks (or a limit) ended the search
// first, and what is returned is the last unsat subset found.
//
// Invariant: kept ∪ rest[:n] is unsat, and every constraint of kept is
// needed in any unsat subset of kept ∪ rest[:n]: each was the constraint
// without which the ones before it (and kept) were satisfiable.
func (x *coreSearch) preferred(order []int, maxChecks int) ([]int, bool) {
	var kept []int
	rest := order
	with := func(n int) []int { return append(slices.Clone(kept), rest[:n]...) }
	budget := x.checks + maxChecks
	for len(rest) > 0 {
		// The shortest prefix rest[:n] with kept ∪ rest[:n] unsat; n =
		// len(rest) is known to be one.
		lo, hi := 0, len(rest)
		for lo < hi {
			if x.checks >= budget {
				return with(hi), false
			}
			mid := (lo + hi) / 2
			var holds func(*encode.F) bool
			unsat, err := x.unsat(with(mid), func() { holds = x.z.holds() })
			if err != nil {
				return with(hi), false
			}
			if unsat {
				hi = mid
				continue
			}
			// The model satisfies kept and rest[:mid], and maybe more: up
			// to the first constraint it violates, every prefix is
			// satisfiable too, without another check.
			j := mid
			for j < hi && holds(x.cs[rest[j]].F) {
				j++
			}
			if j == hi {
				j = mid // never, as kept ∪ rest[:hi] is unsat; trust only the check
			}
			lo = j + 1
		}
		if hi == 0 {
			break // kept alone is unsat
		}
		kept = append(kept, rest[hi-1])
		rest = rest[:hi-1]
	}
	return kept, true
}
