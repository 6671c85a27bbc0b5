package predict

import (
	"sync"

	"gpredict/trace"
)

// Without --all a report stands for a location group (docs/output.md) and
// shows one violation of the group: the first in the order the candidates
// are formed (property, alternative, binding, choice — deterministic, one
// producer). Once some violation of a group is known, a candidate formed
// after it can change nothing in the output, so it is not decided. The
// report does not depend on which worker finished first: every candidate
// formed before a known violation is still decided, so the reported one is
// the group's first. (How many later candidates were decided anyway depends
// on timing, so without --all a report's count is 1.)

// groups tracks the location groups of one run.
type groups struct {
	keys  *groupKeys // used by the producer only
	mu    sync.Mutex
	byKey map[string]*group
}

// group is one location group; best is its violation first in report
// order found so far (guarded by the groups' mutex).
type group struct {
	gs   *groups
	best *job
}

func newGroups(tr *trace.Trace) *groups {
	return &groups{keys: newGroupKeys(tr), byKey: map[string]*group{}}
}

// of returns the group of a choice of plan's alternative of property pi;
// nil when groups are not tracked (--all).
func (gs *groups) of(pi int, plan *altPlan, choice []trace.EventRef) *group {
	if gs == nil {
		return nil
	}
	k := gs.keys.key(plan.prop, plan.alt, choice)
	gs.mu.Lock()
	defer gs.mu.Unlock()
	g := gs.byKey[k]
	if g == nil {
		g = &group{gs: gs}
		gs.byKey[k] = g
	}
	return g
}

// settled reports whether a violation of the group formed before seq is
// known: a candidate formed at seq need not be decided.
func (g *group) settled(seq int) bool {
	if g == nil {
		return false
	}
	g.gs.mu.Lock()
	defer g.gs.mu.Unlock()
	return g.best != nil && g.best.seq < seq
}

// found records that j is a violation. The violation that is not the
// group's first (the former first, or j itself) will not be reported: its
// witness is dropped at once, so that a run keeps one per group.
func (g *group) found(j *job) {
	if g == nil {
		return
	}
	g.gs.mu.Lock()
	defer g.gs.mu.Unlock()
	switch {
	case g.best == nil:
		g.best = j
	case j.seq < g.best.seq:
		g.best.witness = Witness{}
		g.best = j
	default:
		j.witness = Witness{}
	}
}

// hides reports, once every job is done, whether j stays out of the
// result: it was formed after its group's first violation (it was
// skipped, or decided only because that violation was not known yet).
func (g *group) hides(j *job) bool {
	return g != nil && (j.skipped || (g.best != nil && g.best.seq < j.seq))
}
