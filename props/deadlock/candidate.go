package deadlock

import (
	"gpredict/spec"
	"gpredict/trace"
)

// A deadlock candidate is a state that the built-in decides whether some
// feasible schedule reaches (docs/semantics.md, Deadlocks):
//
//   - a cycle of k ≥ 1 threads, each at a request point and blocked by a
//     resource the next one holds there — with k = 1, a thread that
//     blocks itself (a Go mutex it holds, an rwmutex it holds and wants
//     shared, a lock it holds shared and wants exclusively), which a
//     trace shows only as a pending request;
//   - a thread at a request point blocked by a resource that a thread
//     which has ended (its last event is `end`) holds for ever: the
//     warning "lock held at end of trace" when it is a deadlock.
type candidate struct {
	links []link // the cycle, or the blocked thread (via: what the ended thread holds)
	ended *endHolder
}

// selfCandidates emits a candidate of one thread for every request point
// that its own thread blocks; false once a bound is reached.
func (s *searcher) selfCandidates(reqs [][]lockRequest) bool {
	for _, rs := range reqs {
		for _, r := range rs {
			if via, ok := r.self(s.tr); ok {
				if !s.step() || !s.emit(candidate{links: []link{{req: r, via: via}}}) {
					return false
				}
			}
		}
	}
	return true
}

// endedCandidates emits a candidate for every request point that a thread
// which ended holding the lock blocks, when the two held sets are
// compatible; false once a bound is reached.
func (s *searcher) endedCandidates(reqs [][]lockRequest, holders []endHolder) bool {
	for i := range holders {
		h := &holders[i]
		for t, rs := range reqs {
			if trace.ThreadID(t) == h.thread {
				continue
			}
			for _, r := range rs {
				for _, b := range r.blockedBy(s.tr) {
					if _, holds := h.held[b]; !holds {
						continue
					}
					if !s.step() {
						return false
					}
					if conflicting(r.held, []link{{req: lockRequest{held: h.held}}}) {
						break
					}
					if !s.emit(candidate{links: []link{{req: r, via: b}}, ended: h}) {
						return false
					}
					break // one candidate per (request, holder)
				}
			}
		}
	}
	return true
}

// events are the events a witness of c must contain, in the order the
// decider is asked about them (choice): for each thread of c its request
// point — the stand-in of an acquire, or a pending request itself — and
// for an ended holder its `end`, first.
func (c candidate) events() []trace.EventRef {
	var out []trace.EventRef
	if c.ended != nil {
		out = append(out, c.ended.end)
	}
	for _, l := range c.links {
		out = append(out, l.req.ref)
	}
	return out
}

// standIns are the request points that are replaced by stand-ins (every
// one but a pending request, which is performed).
func (c candidate) standIns() []trace.EventRef {
	var out []trace.EventRef
	for _, l := range c.links {
		if !l.req.pending {
			out = append(out, l.req.ref)
		}
	}
	return out
}

// stop is how many events each thread of c performs in a witness: those
// before its request point (all of them, for a pending request, and for
// an ended holder); -1 for the other threads.
func (c candidate) stop(tr *trace.Trace) []int {
	cut := make([]int, len(tr.Threads))
	for i := range cut {
		cut[i] = -1
	}
	for _, l := range c.links {
		cut[l.req.ref.Thread] = int(l.req.ref.Index)
		if l.req.pending {
			cut[l.req.ref.Thread]++
		}
	}
	if c.ended != nil {
		cut[c.ended.thread] = int(c.ended.end.Index) + 1
	}
	return cut
}

// alt is the question asked of the cut trace about c (events, in that
// order). For a cycle, the events as one `||` block (reachAll): each is
// the last event of its thread in the cut trace and constrains nothing
// after it — a stand-in nothing at all, a pending request only readers
// after it, which moving it later only helps — so a schedule that has
// them all can have them side by side at its end. For an ended holder,
// its `end` then the stand-in: the `end` may have to come before a join
// of its thread, so it is not moved, but the stand-in can always be moved
// to the end of the schedule. A pending request may have to come before
// a join of its thread too, so with one the two events are only asked to
// be in the schedule (`&`).
func (c candidate) alt() *spec.Alternative {
	if c.ended == nil {
		return reachAll(len(c.links))
	}
	kind := spec.PatSeq
	if c.links[0].req.pending {
		kind = spec.PatAnd
	}
	return &spec.Alternative{
		Root: &spec.PatNode{Kind: kind, Kids: []*spec.PatNode{{Kind: spec.PatEvent, Occ: 0}, {Kind: spec.PatEvent, Occ: 1}}},
		Occs: []spec.Occurrence{{Event: "end", Decl: 2}, {Event: "request", Decl: 1}},
	}
}

// threads lists the blocked threads of c, in cycle order.
func (c candidate) threads() []trace.ThreadID {
	out := make([]trace.ThreadID, len(c.links))
	for i, l := range c.links {
		out[i] = l.req.ref.Thread
	}
	return out
}
