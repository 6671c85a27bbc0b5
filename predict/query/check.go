package query

import (
	"fmt"

	"gpredict/predict/replay"
	"gpredict/trace"
)

// CheckIn reports why sched is not an answer to q, or nil if it is: a
// feasible schedule of tr under model and memory model mem (the replay
// validator) in which every asked order holds between scheduled steps and
// every asked read is scheduled and returns its value, read off the
// replay, not the encoding.
func CheckIn(tr *trace.Trace, model trace.BranchModel, mem trace.MemoryModel, q *Query, sched []replay.Step) error {
	c := replay.NewChecker(tr)
	if err := c.ValidateIn(model, mem, sched); err != nil {
		return err
	}
	pos := make(map[replay.Step]int, len(sched))
	for i, s := range sched {
		pos[s] = i
	}
	for _, o := range q.Orders {
		a, b := o.A.last(tr), o.B.first(tr)
		sa, sb := a, b
		i, okA := pos[sa]
		j, okB := pos[sb]
		if !okA || !okB || i >= j {
			return fmt.Errorf("%s does not come before %s in the schedule", sa.Format(tr), sb.Format(tr))
		}
	}
	seen, err := c.ReadsSeenIn(mem, sched)
	if err != nil {
		return err
	}
	for _, r := range q.Reads {
		s, ok := seen[r.Event]
		switch {
		case !ok:
			return fmt.Errorf("%s is not in the schedule", tr.ID(r.Event))
		case !s.Known:
			return fmt.Errorf("%s reads a value written by a write that is not concrete", tr.ID(r.Event))
		case tr.Str(s.Value) != r.Value:
			return fmt.Errorf("%s reads %s, not %s", tr.ID(r.Event), tr.Str(s.Value), r.Value)
		}
	}
	return nil
}
