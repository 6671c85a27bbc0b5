// Package reuse proposes witnesses for races from the witnesses found
// before them. A witness the solver found is a schedule that reorders
// the recording, often far from the recorded order: the critical
// sections of the threads interleave otherwise, and values reach other
// reads. Along such a schedule, at every point, each thread's next event
// can go next. When two threads can each put an access to the same
// variable next, one of them a write, that pair is a race, and the
// schedule up to that point, followed by the pair, is its witness. A
// thread may also run on alone for a few events first (its reads seeing
// what the variables hold there, its lock acquires finding the lock
// free), as long as nothing else has to move.
//
// Measured on the lock-heavy family with values (bench/gentrace -shape
// locks, DataRace, --jobs 1), where the candidates that reach the solver
// are mostly decided by one Z3 check each: of the 1,417 races Z3 found
// on the 16-thread member with seed 9595, 733 were proposed here from the
// witnesses of races decided before them in the same session, and the
// run took 64 s instead of 92 s.
//
// A Pool only proposes: every schedule goes to the replay validator,
// and a proposal it rejects costs a look, never a false report. The
// caller keeps one pool per solver session (it is reset with the
// solver's state), so which witness is proposed depends only on the
// candidates decided before in that session, in their fixed order.
package reuse

import (
	"iter"

	"gpredict/encode"
	"gpredict/predict/replay"
	"gpredict/trace"
)

// MaxSchedule is the longest schedule a pool harvests. Harvesting costs
// a look at every point of the schedule for each thread; the witnesses
// that gain from it are those of the exact stages over small slices (a
// few thousand events), and a longer one, from a recording of a million
// events, would cost more than the checks it could save.
const MaxSchedule = 4096

// maxRun bounds how far one thread runs on alone from a point.
const maxRun = 48

// maxSpots bounds the proposals kept for one pair: a proposal the
// validator rejects (a read that needed another value on the way, a
// thread the run let through too early) leaves the next.
const maxSpots = 2

// Pool holds the pairs of accesses found next to each other along the
// schedules harvested so far, each with where to find its witness.
type Pool struct {
	x      *encode.Index
	scheds [][]replay.Step
	spots  map[pair][]spot
}

// pair is two events of different threads, the lower thread first.
type pair [2]trace.EventRef

func pairOf(a, b trace.EventRef) pair {
	if b.Thread < a.Thread {
		a, b = b, a
	}
	return pair{a, b}
}

// spot is where a pair's witness lies: the first cut steps of schedule
// sched, then events from..to-1 of thread run, then the pair.
type spot struct {
	sched, cut int
	run        trace.ThreadID
	from, to   uint32
}

// New returns an empty pool over x's trace.
func New(x *encode.Index) *Pool {
	return &Pool{x: x, spots: map[pair][]spot{}}
}

// Len is the number of pairs the pool can propose a witness for.
func (p *Pool) Len() int { return len(p.spots) }

// Proposals yields schedules that may show events a and b racing: each
// ends with a then b. The caller validates them.
func (p *Pool) Proposals(a, b trace.EventRef) iter.Seq[[]replay.Step] {
	return func(yield func([]replay.Step) bool) {
		if a.Thread == b.Thread {
			return
		}
		for _, sp := range p.spots[pairOf(a, b)] {
			src := p.scheds[sp.sched]
			sched := make([]replay.Step, 0, sp.cut+int(sp.to-sp.from)+2)
			sched = append(sched, src[:sp.cut]...)
			for j := sp.from; j < sp.to; j++ {
				sched = append(sched, replay.Step{Ref: trace.EventRef{Thread: sp.run, Index: j}})
			}
			sched = append(sched, replay.Step{Ref: a}, replay.Step{Ref: b})
			if !yield(sched) {
				return
			}
		}
	}
}
