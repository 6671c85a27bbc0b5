package deadlock

import (
	"fmt"
	"slices"

	"gpredict/predict"
	"gpredict/predict/replay"
	"gpredict/trace"
)

// checkDeadlockWitness re-checks the decider's schedule sched (with the
// stand-ins of c's requests) and returns the witness without the
// stand-ins: that witness must be feasible on the original trace
// (replay.Validate) and leave each thread of c exactly before its request
// with no wait half-done; and sched must be feasible on cutTr, the trace
// cut at the requests with their stand-ins (reachable), so that each
// thread has also reached its request (its reads before it consistent
// where the model asks it). In cutTr an hb fact into a request has no
// target: it constrains nothing while the request is not performed
// (docs/trace-format.md), and in the deadlocked state it is not. The locks
// each thread then holds follow from its own events (lockRequests), so
// all of them are blocked.
func checkDeadlockWitness(tr, cutTr *trace.Trace, model trace.BranchModel, c cycle, sched []replay.Step) ([]replay.Step, error) {
	refs := c.requests()
	witness := slices.DeleteFunc(slices.Clone(sched), func(s replay.Step) bool { return slices.Contains(refs, s.Ref) })
	if err := replay.Validate(tr, model, witness); err != nil {
		return nil, err
	}
	if err := replay.Validate(cutTr, model, sched); err != nil {
		return nil, fmt.Errorf("a thread does not reach its request: %w", err)
	}
	done := map[trace.ThreadID]uint32{}
	for _, s := range witness {
		if s.Part == replay.Whole || s.Part == replay.Reacquire {
			done[s.Ref.Thread]++
		}
	}
	for _, r := range refs {
		if done[r.Thread] != r.Index {
			return nil, fmt.Errorf("thread %s completes %d events, want exactly the %d before its request %s",
				tr.ThreadName(r.Thread), done[r.Thread], r.Index, tr.ID(r))
		}
	}
	return witness, nil
}

// witnessError is the internal error of a witness that failed its checks.
func witnessError(tr *trace.Trace, v predict.Violation, sched []replay.Step, err error) error {
	we := &predict.WitnessError{Property: v.Property.Name, Err: err}
	for _, r := range v.Choice {
		we.Choice = append(we.Choice, tr.ID(r))
	}
	for _, s := range sched {
		we.Schedule = append(we.Schedule, s.Format(tr))
	}
	return we
}
