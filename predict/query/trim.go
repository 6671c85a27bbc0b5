package query

import (
	"slices"

	"gpredict/predict/replay"
	"gpredict/trace"
)

// trimLimit is the longest witness trim shortens: each attempt replays
// the whole schedule.
const trimLimit = 2000

// trim drops from a witness the steps the answer does not need: going
// from the end, each step that is the last of its thread in the schedule
// and not one the query names is left out if what remains still passes
// Check. (A solver's model schedules whatever it did not need to leave
// out; a reader wants the steps that matter.)
func trim(tr *trace.Trace, model trace.BranchModel, mem trace.MemoryModel, q *Query, sched []replay.Step) []replay.Step {
	if len(sched) > trimLimit {
		return sched
	}
	asked := map[trace.EventRef]bool{}
	for _, r := range named(q) {
		asked[r] = true
	}
	cur := slices.Clone(sched)
	for i := len(cur) - 1; i >= 0; i-- {
		s := cur[i]
		if asked[s.Ref] || slices.ContainsFunc(cur[i+1:], func(x replay.Step) bool { return x.Ref.Thread == s.Ref.Thread }) {
			continue
		}
		cand := slices.Delete(slices.Clone(cur), i, i+1)
		if CheckIn(tr, model, mem, q, cand) == nil {
			cur = cand
		}
	}
	return cur
}
