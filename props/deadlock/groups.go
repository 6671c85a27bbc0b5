package deadlock

import (
	"sync"

	"gpredict/predict"
)

// Without --all a report stands for a location group (docs/output.md)
// and shows the group's first violation in report order. The cycles are
// decided in that order (run sorts them), so, as predict.Run does
// (predict/groups.go), once a violation of a group is known the cycles of
// the group after it need not be decided: they cannot change the output.
// Every cycle before it is still decided, so the violation reported is the
// group's first whichever worker finished first, and the counts do not
// depend on timing either: a cycle after its group's first violation
// counts as not needed (Stats.Skipped) whether or not a worker had
// decided it before that violation was known.
//
// On the recorded jigsaw program the 30 cycles that the pre-filter leaves
// are 28 violations in two groups (and two refuted cycles in one of them,
// after its first violation): 2 greedy replays instead of 30.

// groups tracks the location groups of the cycles of one run.
type groups struct {
	of []int // of[i]: the group of cycle i
	mu sync.Mutex
	// first[g]: the first cycle of group g known to be a violation, or
	// len(of) if none is known yet (guarded by mu).
	first []int
}

// newGroups returns the groups of cycles (in report order) whose reports
// res would group, each report the one violation of its cycle in vs.
func newGroups(res *predict.Result, vs []predict.Violation) *groups {
	gs := &groups{of: make([]int, len(vs))}
	byKey := map[string]int{}
	for i := range vs {
		k := res.GroupKey(&vs[i])
		g, ok := byKey[k]
		if !ok {
			g = len(gs.first)
			byKey[k] = g
			gs.first = append(gs.first, len(vs))
		}
		gs.of[i] = g
	}
	return gs
}

// settled reports whether a violation of cycle i's group before i is
// known, so that cycle i need not be decided (false for nil groups: --all).
func (gs *groups) settled(i int) bool {
	if gs == nil {
		return false
	}
	gs.mu.Lock()
	defer gs.mu.Unlock()
	return gs.first[gs.of[i]] < i
}

// found records that cycle i is a violation.
func (gs *groups) found(i int) {
	if gs == nil {
		return
	}
	gs.mu.Lock()
	defer gs.mu.Unlock()
	g := gs.of[i]
	gs.first[g] = min(gs.first[g], i)
}

// hides reports, once every cycle is done, whether cycle i stays out of
// the result: it comes after its group's first violation.
func (gs *groups) hides(i int) bool { return gs.settled(i) }
