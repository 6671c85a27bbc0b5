package deadlock

import (
	"fmt"
	"slices"

	"gpredict/predict"
	"gpredict/predict/replay"
	"gpredict/trace"
)

// checkDeadlockWitness re-checks a schedule sched of candidate c (in the
// decider's form, with the stand-ins of c's acquires) and returns the
// witness without the stand-ins. That witness must be feasible on the
// original trace (replay.Validate) and leave each thread of c exactly
// where the candidate says (candidate.stop: before its acquire, or after
// its pending request; an ended holder after its `end`), with no wait
// half-done; sched must be feasible on cutTr, the trace cut at the
// request points with the stand-ins (reachable), so that each thread has
// also reached its acquire (its reads before it consistent where the
// model asks it) — in cutTr an hb fact into an acquire has no target: it
// constrains nothing while the acquire is not performed
// (docs/trace-format.md), and in the deadlocked state it is not;
// and the validator's own state after the witness must show every thread
// of c blocked by the next one of the cycle (by itself, for a cycle of
// one), or by the ended holder (replay.Checker.Blocked) — the deadlock is
// checked, not inferred from the search that proposed it.
func checkDeadlockWitness(tr, cutTr *trace.Trace, model trace.BranchModel, c candidate, sched []replay.Step) ([]replay.Step, error) {
	refs := c.standIns()
	witness := slices.DeleteFunc(slices.Clone(sched), func(s replay.Step) bool { return slices.Contains(refs, s.Ref) })
	if err := replay.Validate(tr, model, witness); err != nil {
		return nil, err
	}
	if err := replay.Validate(cutTr, model, sched); err != nil {
		return nil, fmt.Errorf("a thread does not reach its request: %w", err)
	}
	done := map[trace.ThreadID]int{}
	for _, s := range witness {
		if s.Part == replay.Whole || s.Part == replay.Reacquire {
			done[s.Ref.Thread]++
		}
	}
	for t, n := range c.stop(tr) {
		if n >= 0 && done[trace.ThreadID(t)] != n {
			return nil, fmt.Errorf("thread %s completes %d events, want exactly %d", tr.ThreadName(trace.ThreadID(t)), done[trace.ThreadID(t)], n)
		}
	}
	blocks, err := replay.NewChecker(tr).Blocked(model, witness, c.threads())
	if err != nil {
		return nil, err
	}
	for i, b := range blocks {
		want, ended := c.links[(i+1)%len(c.links)].req.ref.Thread, false
		if c.ended != nil {
			want, ended = c.ended.thread, true
		}
		if b.At != c.links[i].req.ref {
			return nil, fmt.Errorf("%s is blocked at %s, want %s", tr.ThreadName(b.Thread), tr.ID(b.At), tr.ID(c.links[i].req.ref))
		}
		if !slices.ContainsFunc(b.By, func(by replay.Blocker) bool { return by.Thread == want && (!ended || by.Ended) }) {
			return nil, fmt.Errorf("%s at %s is not blocked by %s", tr.ThreadName(b.Thread), tr.ID(b.At), tr.ThreadName(want))
		}
	}
	return witness, nil
}

// witnessError is the internal error of a witness that failed its checks.
func witnessError(tr *trace.Trace, v predict.Violation, sched []replay.Step, err error) error {
	return predict.WitnessError(tr, v.Property.Name, v.Choice, sched, err)
}
