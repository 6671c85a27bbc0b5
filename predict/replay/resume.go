package replay

import (
	"errors"
	"maps"
	"slices"

	"gpredict/internal/history"
	"gpredict/trace"
)

// A Mark is the validator's state after a prefix of one fixed schedule
// (the base), so that schedules starting with that prefix are validated
// from the mark on instead of from the start: on a long recording most
// witnesses share a prefix of hundreds of thousands of steps.
//
// Only a clean state makes a mark: no thread inside a wait (which notify
// wakes depends on later steps) and every read so far consistent (whether
// an inconsistent read is required depends on later steps). The rest of
// the state is then a function of the prefix alone, so validating prefix +
// suffix from the start and validating the suffix from the mark give the
// same answer.
type Mark struct {
	// Steps is the length of the prefix.
	Steps int
	// Clean says the state allowed a mark; a mark that is not clean
	// cannot be resumed from.
	Clean bool
	state *replayer
}

// Marks replays base and takes a mark after each of its first at[k]
// steps (at ascending, each ≤ len(base)). When base itself breaks a rule
// at some step, the marks from there on are not clean.
//
// The replay records every change it makes to the last writes and the
// lock holders, once, with its step (internal/history); a mark keeps
// what it needs per thread and per channel and reads those two from the
// history at its step, so marks can be many on a recording of a million
// variables.
func (c *Checker) Marks(base []Step, at []int) []Mark {
	out := make([]Mark, len(at))
	r := newReplayer(c, base)
	// A mark needs no reads (a clean one has only consistent reads), and
	// the base has millions of them.
	r.reads = nil
	var lastRec history.Recorder[writeFact]
	var lockRec history.Recorder[lockHold]
	r.last, r.locks = denseTable(c.vars, r.last.zero), denseTable(c.syncs, r.locks.zero)
	r.last.rec, r.locks.rec = &lastRec, &lockRec
	// What a mark copies depends on the run (the sends waiting in the
	// channels, the shared holds): once the marks kept pass markBudget,
	// every other one is dropped and only every other one asked for is
	// taken from then on, so the marks stay evenly spread within it.
	stride, size := 1, 0
	k, broken := 0, false
	for i := 0; i <= len(base) && k < len(at); i++ {
		for k < len(at) && at[k] == i {
			out[k] = Mark{Steps: i, Clean: !broken && r.clean() && k%stride == 0}
			if out[k].Clean {
				out[k].state = r.snapshot()
				size += out[k].state.markBytes()
				for size > markBudget && stride < len(at) {
					stride *= 2
					size = thin(out[:k+1], stride)
				}
			}
			k++
		}
		if i < len(base) && !broken {
			r.last.now, r.locks.now, r.marking = i, i, i+1
			broken = r.step(i, base[i]) != nil
			r.reads, r.recvs = r.reads[:0], r.recvs[:0]
		}
	}
	last, locks := lastRec.Freeze(c.vars), lockRec.Freeze(c.syncs)
	for _, m := range out {
		if m.state != nil {
			m.state.last.hist, m.state.locks.hist = last, locks
		}
	}
	return out
}

// markBudget bounds what the validator's marks copy together (bytes).
const markBudget = 64 << 20

// thin drops the marks whose place is not a multiple of stride and
// returns what the others copy.
func thin(marks []Mark, stride int) int {
	size := 0
	for k := range marks {
		switch {
		case k%stride != 0:
			marks[k].Clean, marks[k].state = false, nil
		case marks[k].state != nil:
			size += marks[k].state.markBytes()
		}
	}
	return size
}

// markBytes estimates what a mark's snapshot copies.
func (r *replayer) markBytes() int {
	n := 40*len(r.started) + 48*len(r.chq) + 40*len(r.sendPos) + 48*len(r.inner)
	for _, q := range r.chq {
		n += 40 * len(q.sends)
	}
	for _, m := range r.shared {
		n += 48 * len(m)
	}
	for _, m := range r.writers {
		n += 48 * len(m)
	}
	return n
}

// clean reports whether no thread is inside a wait and every read so far
// saw its recorded value.
func (r *replayer) clean() bool {
	for t := range r.inWait {
		if r.inWait[t] != Whole || r.hasBad[t] {
			return false
		}
	}
	return len(r.departed) == 0
}

// snapshot copies the state a clean mark needs: no reads (all were
// consistent), no waits (none in progress). Of a replay that records its
// changes (Marks), the last writes and lock holders are not copied: the
// snapshot reads them from the history at its step once Marks has frozen
// it. Of a mark's snapshot (resume), they are shared under a set of their
// own.
func (r *replayer) snapshot() *replayer {
	s := &replayer{
		tr: r.tr, c: r.c,
		started: append([]uint32(nil), r.started...), inWait: append([]Part(nil), r.inWait...),
		savedDepth: make([]int, len(r.savedDepth)),
		shared:     map[int32]map[trace.ThreadID]int{}, inner: map[threadLock]int{},
		writers: map[int32]map[trace.ThreadID]trace.EventRef{},
		waiting: map[int32][]trace.ThreadID{}, woken: make([]bool, len(r.woken)),
		firstBad: make([]trace.EventRef, len(r.firstBad)),
		hasBad:   make([]bool, len(r.hasBad)), lastBrIdx: append([]int(nil), r.lastBrIdx...),
		chq: cloneChans(r.chq), sendPos: maps.Clone(r.sendPos),
		recvWaits: slices.Clone(r.recvWaits),
	}
	if r.last.rec != nil {
		// Recording (Marks): the history up to the current step.
		s.last = table[writeFact]{at: r.marking, zero: r.last.zero}
		s.locks = table[lockHold]{at: r.marking, zero: r.locks.zero}
	} else {
		s.last, s.locks = r.last.fork(), r.locks.fork()
	}
	for l, m := range r.shared {
		if len(m) > 0 {
			s.shared[l] = maps.Clone(m)
		}
	}
	for l, m := range r.writers {
		if len(m) > 0 {
			s.writers[l] = maps.Clone(m)
		}
	}
	for k, n := range r.inner {
		if n != 0 {
			s.inner[k] = n
		}
	}
	return s
}

// ValidateFrom is Validate for the schedule made of the mark's prefix of
// the base followed by suffix; m must be clean. Steps are numbered in the
// whole schedule (the first of suffix is step m.Steps+1 in messages).
func (c *Checker) ValidateFrom(model trace.BranchModel, m Mark, suffix []Step) error {
	if err := checkModel(model); err != nil {
		return err
	}
	if !m.Clean || m.state.c != c {
		return errors.New("replay: resuming from a mark that is not clean, or of another checker")
	}
	r := m.state.resume(suffix, m.Steps)
	for i, s := range suffix {
		if err := r.step(m.Steps+i, s); err != nil {
			return err
		}
	}
	return r.checkReads(model)
}

// resume is a fresh replayer in the snapshot's state, for suffix, whose
// first step is step offset of the whole schedule.
func (s *replayer) resume(suffix []Step, offset int) *replayer {
	r := s.snapshot()
	r.sched, r.offset = suffix, offset
	r.reads = make([]readFact, 0, len(suffix))
	r.recvs = nil
	r.wakeAt = map[trace.EventRef]int{}
	r.wakeEnd = offset + len(suffix)
	for i, st := range suffix {
		if st.Part == Wake {
			if _, dup := r.wakeAt[st.Ref]; !dup {
				r.wakeAt[st.Ref] = offset + i
			}
		}
	}
	return r
}
