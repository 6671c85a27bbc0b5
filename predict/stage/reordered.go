package stage

import (
	"cmp"
	"slices"

	"gpredict/predict/reorder"
	"gpredict/predict/replay"
	"gpredict/predict/supply"
	"gpredict/trace"
)

// Reordered returns the stages for candidates whose pattern is one `||`
// block — races — that come first in the ladder:
//
//   - shb, syncp, syncp-values (find witnesses): correct reorderings of
//     the recorded run (package reorder), closed under the recorded
//     reads-from and lock order (shb), under reads-from with only the
//     needed holds kept in order (syncp), and under the reads' values
//     rather than their writes (syncp-values). Each costs a clock join and
//     a walk over the base order between the chosen events, and on
//     recordings they settle most races: every SHB and sync-preserving
//     race among them;
//   - given (refutes, any pattern): package prefilter's rules with the
//     orders that are facts once the chosen events are scheduled — the
//     pre-filter's second half, which costs a closure over the chosen
//     events' past and so is asked only of what the finders left;
//   - supply (refutes): a needed read whose value no write that can come
//     before the block gives (package supply).
func Reordered(f *Facts) []Stage {
	return []Stage{
		{Name: "shb", Channels: true, Run: func(q *Query) (Decision, bool) {
			return reordered(f, q, func(c *reorder.Clocks, b []trace.EventRef) (int, []replay.Step, bool) {
				return c.Block(b, reorder.SHB, f.MarkAtOrBefore)
			})
		}},
		{Name: "syncp", Channels: true, Run: func(q *Query) (Decision, bool) {
			return reordered(f, q, func(c *reorder.Clocks, b []trace.EventRef) (int, []replay.Step, bool) {
				return c.Block(b, reorder.SyncP, f.MarkAtOrBefore)
			})
		}},
		{Name: "syncp-values", Channels: true, Run: func(q *Query) (Decision, bool) {
			return reordered(f, q, func(c *reorder.Clocks, b []trace.EventRef) (int, []replay.Step, bool) {
				return c.Lazy(b, func(pos int) int { return f.MarkAtOrBefore(max(0, pos-lazyReach)) })
			})
		}},
		{Name: GivenStage, Channels: true, Run: func(q *Query) (Decision, bool) { return given(f, q) }},
		{Name: "supply", Channels: true, Run: func(q *Query) (Decision, bool) { return supplied(f, q) }},
	}
}

// lazyReach is how far before the first chosen event the syncp-values
// closure starts (base steps, rounded down to a validator mark): the base
// order before that is taken as it ran, and its events after it only when
// the closure needs them. The closure's cost grows with it, and so does
// what it can leave out: a write between the start and the block that
// would spoil a read the block needs. Until 2026-11-29 this was the
// distance to the mark before the first chosen event, 0 to 255 steps
// with marks every 256; with finer marks (greedy.NewBase) that distance
// shrank and the stage found a tenth of what it had on the lock-heavy
// STD member of 100K events.
const lazyReach = 256

// blockOf is q's chosen events when its pattern is one `||` block.
func blockOf(q *Query) ([]trace.EventRef, bool) {
	if !q.IsChain || len(q.Chain.Groups) != 1 || len(q.Chain.Groups[0]) < 2 {
		return nil, false
	}
	return q.Chain.Groups[0], true
}

// reordered proposes the reordering find builds for q, kept if the
// replay validator accepts it.
func reordered(f *Facts, q *Query, find func(*reorder.Clocks, []trace.EventRef) (int, []replay.Step, bool)) (Decision, bool) {
	block, ok := blockOf(q)
	clocks := f.Clocks()
	if !ok || clocks == nil {
		return Decision{}, false
	}
	from, steps, ok := find(clocks, block)
	if !ok || !f.ValidFrom(q.Cand, from, steps) {
		return Decision{}, false
	}
	return Decision{Verdict: Sat, Schedule: steps, From: from, Validated: true}, true
}

// MarkAtOrBefore is the position of the last validator mark at or before
// base position pos (0 when there is none): a witness whose first steps
// are the base order's, up to pos or further, is validated from there
// (ValidFrom), so it costs what lies after the mark, not the trace.
func (f *Facts) MarkAtOrBefore(pos int) int {
	k, found := slices.BinarySearchFunc(f.marks, pos, func(m replay.Mark, n int) int { return cmp.Compare(m.Steps, n) })
	if found {
		return pos
	}
	if k == 0 {
		return 0
	}
	return f.marks[k-1].Steps
}

// supplied refutes q when a needed read can get its value from no write
// that can come before the block (package supply).
func supplied(f *Facts, q *Query) (Decision, bool) {
	block, ok := blockOf(q)
	if !ok {
		return Decision{}, false
	}
	if why, refuted := f.Supply().Refute(block, supply.DefaultConfig()); refuted {
		return Decision{Verdict: Unsat, Reason: why}, true
	}
	return Decision{}, false
}

// GivenStage is the name of the stage that asks package prefilter's
// rules given the chosen events (the engine counts what it refutes as
// pre-filtered).
const GivenStage = "given"

// given refutes q by the pre-filter's rules given its chosen events.
func given(f *Facts, q *Query) (Decision, bool) {
	if f.Prefilter().Given(q.Cand.Alt, q.Cand.Choice) {
		return Decision{Verdict: Unsat, Reason: "the pattern's order contradicts what must happen before once the chosen events are scheduled"}, true
	}
	return Decision{}, false
}
