package predict

import (
	"sync"

	"gpredict/trace"
)

// job is one distinct solver question with the bindings that ask it. A
// run over a million events keeps about a million jobs until its end
// (docs/engine.md, Limits), so a job is 48 bytes without a pointer, kept
// in the chunks of its run's jobStore (no allocation of its own, nothing
// for the collector to scan): the choice's first two events inline (most
// properties choose two; the rest in the store), the plan, the first
// binding and the group by their index in the store, the witness by
// where the run's witness store keeps it, and of its Decision the
// verdict and two flags; the reason of an unknown job, and the bindings
// after the first, are in the store's side tables, which the few jobs
// that have them use (TestJobRoundTrip, TestKeptPerCandidateIsSmall).
type job struct {
	// choice holds the first two chosen events; a longer choice's
	// others are the store's more[rest : rest+n-2].
	choice [2]trace.EventRef
	// witness is the decision's schedule, compacted once validated and
	// kept by the run's witness store (the zero witnessRef: none kept).
	witness witnessRef
	rest    int32
	// binding is the index of the first binding that asks the job in
	// the store's bindings (the later ones: the store's moreBindings).
	binding int32
	// group is the job's location group (noGroup with Options.All).
	group int32
	plan  uint16 // index in the store's plans
	n     uint8  // the choice's length
	// verdict and the flags are what the job keeps of its Decision: a
	// run over a million events keeps about a million jobs until the
	// end, so the rest (the schedule, what stages derived) is dropped as
	// soon as the job is decided (TestKeptPerCandidateIsSmall).
	verdict Verdict
	flags   jobFlags
}

type jobFlags uint8

const (
	// jobDone: the job was decided (or skipped) before the run ended.
	jobDone jobFlags = 1 << iota
	// jobSkipped: not decided because its group had an earlier violation.
	jobSkipped
	// jobGiven: decided by stage.GivenStage.
	jobGiven
)

func (j *job) is(f jobFlags) bool { return j.flags&f != 0 }

// noGroup is the group of a job when groups are not tracked (--all).
const noGroup = -1

// jobChunkBits sets the jobs of a chunk: 4,096, 192 KiB.
const jobChunkBits = 12

// jobStore holds the jobs of one run, in production order (a job's seq
// is its place), in chunks that never move, so that a worker holds a
// *job while the producer adds more. The producer alone adds jobs,
// plans, bindings and choices; the workers set a job's decision and
// witness, and the reasons of unknown ones (under mu); a worker reads
// another's job only through at, under the groups' mutex.
type jobStore struct {
	mu     sync.RWMutex // guards chunks' growth against at
	chunks [][]job
	n      int
	// plans, bindings, more and moreBindings are the producer's until
	// the workers are done.
	plans        []*altPlan
	bindings     [][]trace.Sym
	more         []trace.EventRef
	moreBindings map[int32][]int32 // by seq: the bindings after the first
	// reasons are the reasons of the unknown jobs, by seq (the workers').
	reasonMu sync.Mutex
	reasons  map[int32]string
}

func newJobStore() *jobStore {
	return &jobStore{moreBindings: map[int32][]int32{}, reasons: map[int32]string{}}
}

// len is the number of jobs added.
func (s *jobStore) len() int { return s.n }

// add appends the job of choice for plan and binding (their indexes) in
// group, and returns it with its seq.
func (s *jobStore) add(plan int, choice []trace.EventRef, binding int32, group int32) (*job, int32) {
	if s.n>>jobChunkBits == len(s.chunks) {
		s.mu.Lock()
		s.chunks = append(s.chunks, make([]job, 1<<jobChunkBits))
		s.mu.Unlock()
	}
	seq := int32(s.n)
	j := &s.chunks[s.n>>jobChunkBits][s.n&(1<<jobChunkBits-1)]
	s.n++
	j.plan, j.n, j.binding, j.group = uint16(plan), uint8(len(choice)), binding, group
	copy(j.choice[:], choice)
	if len(choice) > len(j.choice) {
		j.rest = int32(len(s.more))
		s.more = append(s.more, choice[len(j.choice):]...)
	}
	return j, seq
}

// at is the job of seq.
func (s *jobStore) at(seq int32) *job {
	s.mu.RLock()
	c := s.chunks[seq>>jobChunkBits]
	s.mu.RUnlock()
	return &c[seq&(1<<jobChunkBits-1)]
}

// choiceOf appends j's chosen events to dst. The producer calls it
// while it adds jobs; others once the producer is done.
func (s *jobStore) choiceOf(dst []trace.EventRef, j *job) []trace.EventRef {
	n := int(j.n)
	dst = append(dst, j.choice[:min(n, len(j.choice))]...)
	if n > len(j.choice) {
		dst = append(dst, s.more[j.rest:j.rest+int32(n-len(j.choice))]...)
	}
	return dst
}

// addBinding records that binding (an index in bindings) asks the job of
// seq too. (The job itself is not touched: a worker may be deciding it.)
func (s *jobStore) addBinding(seq int32, binding int32) {
	s.moreBindings[seq] = append(s.moreBindings[seq], binding)
}

// bindingsOf calls f with every binding that asks the job of seq, the
// first first.
func (s *jobStore) bindingsOf(j *job, seq int32, f func([]trace.Sym)) {
	f(s.bindings[j.binding])
	for _, b := range s.moreBindings[seq] {
		f(s.bindings[b])
	}
}

// numBindings is the number of bindings that ask the job of seq.
func (s *jobStore) numBindings(seq int32) int {
	return 1 + len(s.moreBindings[seq])
}

// setReason keeps the reason of the unknown job of seq.
func (s *jobStore) setReason(seq int32, reason string) {
	s.reasonMu.Lock()
	s.reasons[seq] = reason
	s.reasonMu.Unlock()
}

// each calls f with every job, in production order, once the workers
// are done.
func (s *jobStore) each(f func(seq int32, j *job)) {
	for c, chunk := range s.chunks {
		for i := range chunk {
			seq := c<<jobChunkBits | i
			if seq >= s.n {
				return
			}
			f(int32(seq), &chunk[i])
		}
	}
}
