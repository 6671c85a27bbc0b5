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

// groups tracks the location groups of one run. A group is its index in
// best, which holds the seq of its violation first in report order found
// so far (noViolation: none yet). A run over a million events has a
// group per candidate or so, so a group is four bytes and its key's
// entry: in short, inline, when the key has at most shortKeyLen bytes
// (a race's two places, each a location, take about ten), else in long.
type groups struct {
	keys  *groupKeys // used by the producer only, as are short and long
	short map[shortKey]int32
	long  map[string]int32
	mu    sync.Mutex // guards best
	best  []int32
}

// shortKeyLen is the longest key kept in a shortKey.
const shortKeyLen = 15

// shortKey is a group key of at most shortKeyLen bytes, and its length.
type shortKey struct {
	b [shortKeyLen]byte
	n uint8
}

// noViolation is the best of a group with no violation found yet.
const noViolation = -1

func newGroups(tr *trace.Trace) *groups {
	return &groups{keys: newGroupKeys(tr), short: map[shortKey]int32{}, long: map[string]int32{}}
}

// of returns the group of a choice of plan's alternative of property pi;
// noGroup when groups are not tracked (--all). The producer calls it.
func (gs *groups) of(pi int, plan *altPlan, choice []trace.EventRef) int32 {
	if gs == nil {
		return noGroup
	}
	k := gs.keys.keyBytes(plan.prop, plan.alt, choice)
	if len(k) <= shortKeyLen {
		sk := shortKey{n: uint8(len(k))}
		copy(sk.b[:], k)
		g, ok := gs.short[sk]
		if !ok {
			g = gs.add()
			gs.short[sk] = g
		}
		return g
	}
	g, ok := gs.long[string(k)]
	if !ok {
		g = gs.add()
		gs.long[string(k)] = g
	}
	return g
}

// add makes a group.
func (gs *groups) add() int32 {
	gs.mu.Lock()
	defer gs.mu.Unlock()
	gs.best = append(gs.best, noViolation)
	return int32(len(gs.best) - 1)
}

// settled reports whether a violation of group g formed before seq is
// known: a candidate formed at seq need not be decided.
func (gs *groups) settled(g int32, seq int32) bool {
	if g == noGroup {
		return false
	}
	gs.mu.Lock()
	defer gs.mu.Unlock()
	b := gs.best[g]
	return b != noViolation && b < seq
}

// found records that j, the job of seq, is a violation. The violation
// that is not the group's first (the former first, or j itself) will not
// be reported: its witness is dropped at once (drop), so that a run keeps
// one per group.
func (gs *groups) found(j *job, seq int32, jobs *jobStore, drop func(witnessRef)) {
	if j.group == noGroup {
		return
	}
	gs.mu.Lock()
	defer gs.mu.Unlock()
	b := gs.best[j.group]
	switch {
	case b == noViolation:
		gs.best[j.group] = seq
	case seq < b:
		prev := jobs.at(b)
		drop(prev.witness)
		prev.witness = witnessRef{}
		gs.best[j.group] = seq
	default:
		drop(j.witness)
		j.witness = witnessRef{}
	}
}

// hides reports, once every job is done, whether j, the job of seq,
// stays out of the result: it was formed after its group's first
// violation (it was skipped, or decided only because that violation was
// not known yet).
func (gs *groups) hides(j *job, seq int32) bool {
	if j.group == noGroup {
		return false
	}
	b := gs.best[j.group]
	return j.is(jobSkipped) || (b != noViolation && b < seq)
}
