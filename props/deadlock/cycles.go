package deadlock

import (
	"slices"

	"gpredict/trace"
)

// The lock-order graph has one edge (t, h → b) for every lock h that
// thread t holds at a request for lock b. A deadlock needs a cycle of
// such edges whose threads are distinct (one thread cannot wait for
// itself) and whose locks are distinct (each lock has one holder). The
// search below finds each such cycle once and then picks one request per
// edge — a cycle *candidate* — keeping only picks whose held sets are
// pairwise disjoint: two threads cannot hold one lock at the same time,
// so a lock that two requests both hold (a guard lock, typically a common
// outer lock) rules the pick out before any solving. A cycle longer than
// two threads is found like any other: the length of a cycle is bounded
// only by the number of threads.
//
// Both the number of cycles and the number of candidates per cycle can
// grow exponentially (a philosopher who loops n times gives n requests
// per edge, so n^k candidates for k philosophers), so the search is
// bounded (cycleLimits). It never stops silently: when a bound is
// reached, what was not searched is reported as unknown, with the bound
// in the reason.

// The default bounds of the search. MaxDeadlockCandidates is the number
// of cycle candidates the built-in decides (one solver question each) for
// one trace; MaxDeadlockSearchSteps bounds the work of finding them (one
// step per graph edge and per request tried), so that a lock-order graph
// with very many paths that close into no cycle cannot stall the search.
const (
	MaxDeadlockCandidates  = 10_000
	MaxDeadlockSearchSteps = 1_000_000
)

// cycleLimits are the bounds of one search.
type cycleLimits struct {
	candidates int // cycle candidates decided, at most
	steps      int // search steps, at most
}

func defaultCycleLimits() cycleLimits {
	return cycleLimits{candidates: MaxDeadlockCandidates, steps: MaxDeadlockSearchSteps}
}

// cycle is a deadlock candidate: requests of distinct threads, each for a
// lock that the next one holds (the last one's for a lock the first one
// holds), with pairwise disjoint held sets. The first request is that of
// the thread with the smallest id, so each cycle has one rotation.
type cycle []lockRequest

// heldLock is the lock the i-th thread of c holds and the one before it
// requests.
func (c cycle) heldLock(i int) trace.Sym {
	return c[(i+len(c)-1)%len(c)].lock
}

// cycleSearch is what a bounded search found.
type cycleSearch struct {
	cycles []cycle // in search order
	// beyond is the first candidate found after the candidate bound was
	// reached (nil if it was not); the search stopped there.
	beyond cycle
	// outOfSteps is set when the step bound stopped the search.
	outOfSteps bool
}

// lockEdge is one edge of the lock-order graph with its requests (in
// thread order).
type lockEdge struct {
	thread   trace.ThreadID
	from, to trace.Sym
	reqs     []lockRequest
}

// findCycles searches the lock-order graph of reqs (lockRequests) within
// lim.
func findCycles(reqs [][]lockRequest, lim cycleLimits) cycleSearch {
	s := &searcher{lim: lim, out: map[trace.Sym][]*lockEdge{}, usedLock: map[trace.Sym]bool{}}
	byThread := s.build(reqs)
	s.usedThread = make([]bool, len(reqs))
	for t, edges := range byThread {
		s.usedThread[t] = true
		for _, e := range edges {
			s.usedLock[e.from], s.usedLock[e.to] = true, true
			ok := s.extend([]*lockEdge{e})
			delete(s.usedLock, e.from)
			delete(s.usedLock, e.to)
			if !ok {
				return s.found
			}
		}
		s.usedThread[t] = false
	}
	return s.found
}

type searcher struct {
	lim        cycleLimits
	steps      int
	out        map[trace.Sym][]*lockEdge // by the held lock
	usedThread []bool
	usedLock   map[trace.Sym]bool
	found      cycleSearch
}

// build makes the edges, indexed by their held lock and by thread, both
// in a fixed order (thread, then locks in order of first use) so that the
// search is deterministic.
func (s *searcher) build(reqs [][]lockRequest) [][]*lockEdge {
	type key struct {
		t        trace.ThreadID
		from, to trace.Sym
	}
	byKey := map[key]*lockEdge{}
	byThread := make([][]*lockEdge, len(reqs))
	for t, rs := range reqs {
		for _, r := range rs {
			for h := range r.held {
				k := key{trace.ThreadID(t), h, r.lock}
				e := byKey[k]
				if e == nil {
					e = &lockEdge{thread: k.t, from: h, to: r.lock}
					byKey[k] = e
					byThread[t] = append(byThread[t], e)
					s.out[h] = append(s.out[h], e)
				}
				e.reqs = append(e.reqs, r)
			}
		}
	}
	order := func(a, b *lockEdge) int {
		if a.thread != b.thread {
			return int(a.thread) - int(b.thread)
		}
		if a.from != b.from {
			return int(a.from) - int(b.from)
		}
		return int(a.to) - int(b.to)
	}
	for _, es := range byThread {
		slices.SortFunc(es, order)
	}
	for _, es := range s.out {
		slices.SortFunc(es, order)
	}
	return byThread
}

// step counts one unit of work; false once the step bound is reached.
func (s *searcher) step() bool {
	if s.steps >= s.lim.steps {
		s.found.outOfSteps = true
		return false
	}
	s.steps++
	return true
}

// extend continues the path with every edge from its last lock by a
// thread with a larger id than the first one's (the first thread is the
// smallest of the cycle) that is not on the path yet; an edge back to the
// first lock closes a cycle. It returns false when a bound stopped the
// search.
func (s *searcher) extend(path []*lockEdge) bool {
	first, last := path[0], path[len(path)-1]
	for _, e := range s.out[last.to] {
		if !s.step() {
			return false
		}
		if e.thread <= first.thread || s.usedThread[e.thread] {
			continue
		}
		if e.to == first.from {
			if !s.pick(append(path, e)) {
				return false
			}
			continue
		}
		if s.usedLock[e.to] {
			continue
		}
		s.usedThread[e.thread], s.usedLock[e.to] = true, true
		ok := s.extend(append(path, e))
		s.usedThread[e.thread] = false
		delete(s.usedLock, e.to)
		if !ok {
			return false
		}
	}
	return true
}

// pick emits every choice of one request per edge of a cycle whose held
// sets are pairwise disjoint.
func (s *searcher) pick(edges []*lockEdge) bool {
	chosen := make(cycle, len(edges))
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == len(edges) {
			return s.emit(slices.Clone(chosen))
		}
		for _, r := range edges[i].reqs {
			if !s.step() {
				return false
			}
			if sharesHeld(r, chosen[:i]) {
				continue
			}
			chosen[i] = r
			if !rec(i + 1) {
				return false
			}
		}
		return true
	}
	return rec(0)
}

// sharesHeld reports whether r holds a lock that one of others holds.
func sharesHeld(r lockRequest, others []lockRequest) bool {
	for _, o := range others {
		for l := range r.held {
			if _, ok := o.held[l]; ok {
				return true
			}
		}
	}
	return false
}

// emit records a candidate; false once the candidate bound is reached.
func (s *searcher) emit(c cycle) bool {
	if len(s.found.cycles) >= s.lim.candidates {
		s.found.beyond = c
		return false
	}
	s.found.cycles = append(s.found.cycles, c)
	return true
}
