package smt

import (
	"fmt"
	"slices"
	"time"

	"gpredict/encode"
	"gpredict/predict/replay"
	"gpredict/predict/stage"
)

// Explaining a "no". DecideWithCore decides a conjunction of constraints
// exactly, like the exact stage, but with one assumption literal per
// constraint, so that an Unsat answer comes with an unsat core: the
// constraints the refutation needs. Z3's core is not minimal; it is then
// shrunk by deletion (drop one constraint, check again: if still Unsat,
// keep the smaller core Z3 returns), within a bound on checks and time.
// A core cut short by the bound is still a core, only not minimal.

// CoreConfig bounds DecideWithCore.
type CoreConfig struct {
	// Deadline bounds the whole call (zero: none); Timeout is the limit
	// it came from, for the Unknown reason.
	Deadline time.Time
	Timeout  time.Duration
	// MaxChecks bounds the checks spent minimising the core (0: no
	// minimisation).
	MaxChecks int
	// Rank orders the attempts to drop constraints: those of lower rank
	// are tried first, so a core keeps high-ranked constraints where it
	// has a choice (an explanation prefers program order to a lock
	// argument). Nil ranks every constraint alike.
	Rank func(c encode.Constraint) int
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
// constraint of cs (over problem p's variables: its causal constraints
// and whatever is added to them) and, if none does, which of them are
// needed to see it.
func DecideWithCore(p *encode.Problem, cs []encode.Constraint, cfg CoreConfig) CoreAnswer {
	z := newCoreZ3()
	defer z.close()
	all := make([]int, len(cs))
	for i, c := range cs {
		all[i] = z.track(c.F)
		if i%assertBatch == 0 && !cfg.Deadline.IsZero() && !time.Now().Before(cfg.Deadline) {
			return cfg.unknown(errDeadline)
		}
	}
	res, core, err := z.check(all, cfg.Deadline)
	ans := CoreAnswer{Checks: 1}
	switch {
	case err != nil:
		return cfg.unknown(err)
	case res == lTrue:
		vals := z.values(p.NumVars())
		ans.Verdict = stage.Sat
		ans.Schedule = schedule(p, func(v encode.Var) int64 { return vals[v] })
		return ans
	}
	ans.Verdict = stage.Unsat
	ans.Core, ans.Minimal, ans.Checks = minimise(z, cs, core, cfg)
	slices.Sort(ans.Core)
	return ans
}

func (cfg CoreConfig) unknown(err error) CoreAnswer {
	if err == errDeadline {
		return CoreAnswer{Verdict: stage.Unknown, Reason: fmt.Sprintf("timeout after %s", cfg.Timeout)}
	}
	return CoreAnswer{Verdict: stage.Unknown, Reason: err.Error()}
}

// minimise shrinks core by deletion. needed holds the constraints found
// necessary (the rest without one of them is satisfiable, and so is every
// subset, so they stay necessary as the rest shrinks); rest the ones not
// yet tried, lowest rank first. It returns the core, whether it is
// minimal, and the checks made (the first one included).
func minimise(z *coreZ3, cs []encode.Constraint, core []int, cfg CoreConfig) ([]int, bool, int) {
	rank := func(i int) int {
		if cfg.Rank == nil {
			return 0
		}
		return cfg.Rank(cs[i])
	}
	rest := slices.Clone(core)
	slices.SortStableFunc(rest, func(a, b int) int { return rank(a) - rank(b) })
	var needed []int
	checks := 1
	for len(rest) > 0 {
		if checks > cfg.MaxChecks {
			return append(needed, rest...), false, checks
		}
		x, others := rest[0], rest[1:]
		res, smaller, err := z.check(append(slices.Clone(needed), others...), cfg.Deadline)
		checks++
		switch {
		case err != nil:
			return append(needed, rest...), false, checks
		case res == lTrue:
			needed = append(needed, x)
			rest = others
		default:
			keep := map[int]bool{}
			for _, k := range smaller {
				keep[k] = true
			}
			rest = slices.DeleteFunc(others, func(k int) bool { return !keep[k] })
		}
	}
	return needed, true, checks
}
