package deadlock

import (
	"slices"

	"gpredict/trace"
)

// The lock-order graph has one edge (t, h → b) for every resource h that
// thread t holds at a point where it waits for resource b (requests.go):
// a lock held exclusively or shared, or an rwmutex waited for. A
// deadlock needs a cycle of such edges whose threads are distinct (a
// thread waiting for itself is a candidate of its own, selfCandidates)
// and whose resources are distinct. The search below finds each such
// cycle once and then picks one request per edge — a cycle *candidate* —
// keeping only picks whose held sets are compatible: two threads cannot
// hold one lock exclusively, or one exclusively and one shared, at the
// same time, so a lock that two requests both hold that way (a guard
// lock, typically a common outer lock) rules the pick out before any
// solving. Readers may share a lock, and any number of threads may wait
// for one. A cycle longer than two threads is found like any other: the
// length of a cycle is bounded only by the number of threads.
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

// link is one thread of a cycle: its request, and the resource it holds
// that blocks the thread before it in the cycle (the last one's, for the
// first thread; its own, for a cycle of one).
type link struct {
	req lockRequest
	via resource
}

// cycle is the threads of a cycle candidate: requests of distinct
// threads, each blocked by a resource the next one holds (the last one
// by one the first holds), with compatible held sets. The first request
// is that of the thread with the smallest id, so each cycle has one
// rotation.
type cycle []link

// cycleSearch is what a bounded search found.
type cycleSearch struct {
	cands []candidate // in search order
	// beyond is the first candidate found after the candidate bound was
	// reached (nil if it was not); the search stopped there.
	beyond *candidate
	// outOfSteps is set when the step bound stopped the search.
	outOfSteps bool
}

// lockEdge is one edge of the lock-order graph with its requests (in
// thread order).
type lockEdge struct {
	thread   trace.ThreadID
	from, to resource
	reqs     []lockRequest
}

// findCandidates finds every deadlock candidate of tr within lim: the
// threads that block themselves (selfCandidates), those blocked by a
// thread that ended holding the lock (endedCandidates), then the cycles
// of the lock-order graph.
func findCandidates(tr *trace.Trace, lim cycleLimits) cycleSearch {
	holders, endLocks := endHolders(tr)
	reqs := lockRequests(tr, endLocks)
	s := &searcher{tr: tr, lim: lim, out: map[resource][]*lockEdge{}, usedRes: map[resource]bool{}}
	if !s.selfCandidates(reqs) || !s.endedCandidates(reqs, holders) {
		return s.found
	}
	byThread := s.build(reqs)
	s.usedThread = make([]bool, len(reqs))
	for t, edges := range byThread {
		s.usedThread[t] = true
		for _, e := range edges {
			s.usedRes[e.from], s.usedRes[e.to] = true, true
			ok := s.extend([]*lockEdge{e})
			delete(s.usedRes, e.from)
			delete(s.usedRes, e.to)
			if !ok {
				return s.found
			}
		}
		s.usedThread[t] = false
	}
	return s.found
}

type searcher struct {
	tr         *trace.Trace
	lim        cycleLimits
	steps      int
	out        map[resource][]*lockEdge // by the held resource
	usedThread []bool
	usedRes    map[resource]bool
	found      cycleSearch
}

// build makes the edges, indexed by their held lock and by thread, both
// in a fixed order (thread, then locks in order of first use) so that the
// search is deterministic.
func (s *searcher) build(reqs [][]lockRequest) [][]*lockEdge {
	type key struct {
		t        trace.ThreadID
		from, to resource
	}
	byKey := map[key]*lockEdge{}
	byThread := make([][]*lockEdge, len(reqs))
	for t, rs := range reqs {
		for _, r := range rs {
			for h := range r.held {
				for _, b := range r.blockedBy(s.tr) {
					if b == h {
						continue // its own resource: a candidate of its own (selfCandidates)
					}
					k := key{trace.ThreadID(t), h, b}
					e := byKey[k]
					if e == nil {
						e = &lockEdge{thread: k.t, from: h, to: b}
						byKey[k] = e
						byThread[t] = append(byThread[t], e)
						s.out[h] = append(s.out[h], e)
					}
					e.reqs = append(e.reqs, r)
				}
			}
		}
	}
	res := func(a, b resource) int {
		if a.lock != b.lock {
			return int(a.lock) - int(b.lock)
		}
		return int(a.mode) - int(b.mode)
	}
	order := func(a, b *lockEdge) int {
		if a.thread != b.thread {
			return int(a.thread) - int(b.thread)
		}
		if c := res(a.from, b.from); c != 0 {
			return c
		}
		return res(a.to, b.to)
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
		if s.usedRes[e.to] {
			continue
		}
		s.usedThread[e.thread], s.usedRes[e.to] = true, true
		ok := s.extend(append(path, e))
		s.usedThread[e.thread] = false
		delete(s.usedRes, e.to)
		if !ok {
			return false
		}
	}
	return true
}

// pick emits every choice of one request per edge of a cycle whose held
// sets are compatible.
func (s *searcher) pick(edges []*lockEdge) bool {
	chosen := make(cycle, len(edges))
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == len(edges) {
			return s.emit(candidate{links: slices.Clone(chosen)})
		}
		for _, r := range edges[i].reqs {
			if !s.step() {
				return false
			}
			if conflicting(r.held, chosen[:i]) {
				continue
			}
			// Thread i holds what blocks thread i-1: the previous
			// edge's target, which is this edge's source.
			chosen[i] = link{req: r, via: edges[i].from}
			if !rec(i + 1) {
				return false
			}
		}
		return true
	}
	return rec(0)
}

// conflicting reports whether held holds a resource that conflicts with
// one the requests of others hold.
func conflicting(held map[resource]trace.EventRef, others []link) bool {
	for _, o := range others {
		for a := range held {
			for b := range o.req.held {
				if a.conflicts(b) {
					return true
				}
			}
		}
	}
	return false
}

// emit records a candidate; false once the candidate bound is reached.
func (s *searcher) emit(c candidate) bool {
	if len(s.found.cands) >= s.lim.candidates {
		s.found.beyond = &c
		return false
	}
	s.found.cands = append(s.found.cands, c)
	return true
}
