package encode

import "gpredict/trace"

// Index holds the facts about a trace that every slice and every
// candidate reuse: who writes what, who notifies which signal, where each
// lock hold ends, and the must-happen-before relation as vector clocks.
type Index struct {
	Trace *trace.Trace

	// byVal lists the writes of a variable with a value, and per thread
	// its first such write.
	byVal     valWrites
	writesVar map[trace.Sym][]trace.EventRef // all writes of a variable
	notifies  map[trace.Sym][]trace.EventRef // notify and notifyAll by signal
	chanOps   map[trace.Sym][]trace.EventRef // channel operations by channel (chan.go)
	// holdEnd[t][i], for an event starting a lock hold (outermost acquire,
	// or a wait, whose reacquire starts one), is the index of the event
	// ending that hold (the release back to depth 0, or a wait on the same
	// lock, whose release part ends it), or -1 if the hold never ends.
	holdEnd [][]int32
	// startsHold[t][i] reports whether event i of thread t starts a hold.
	startsHold [][]bool
	// sharedHold[t][i] reports whether the hold starting there is a
	// shared one (rwlock.go); nil when the trace has none.
	sharedHold [][]bool
	// sharedOpen[t][i] is the earliest start of a shared hold of thread t
	// open right after its event i, -1 if none (nil for a thread without
	// shared holds): OpenAfter lists exclusive holds only.
	sharedOpen [][]int32
	// openAfter[t][i] names (in openSets) the starts of the holds of
	// thread t open right after its event i; holdsOf[l] lists the
	// starts of the holds of lock l of each thread holding it (holds.go).
	openAfter [][]int32
	openSets  [][]uint32
	holdsOf   map[trace.Sym][]ThreadHolds
	// varNum and lockNum number the variables and locks, objNum[t][i]
	// is the number of event i's variable or lock (-1 if none);
	// accOf[v] lists the reads and writes of variable number v of each
	// thread that accesses it, by thread (accesses.go): sparse, since a
	// recording has many variables each touched by a few threads.
	varNum, lockNum map[trace.Sym]int32
	objNum          [][]int32
	accOf           [][]VarAccesses
	// sources[t][i] is what read i of thread t reads from (Source).
	sources [][]source
	// holdReach[t][i] is the latest end (holdEnd) of the holds of thread t
	// starting at or before event i, -1 if none ends: a prefix of k events
	// is inside an unfinished hold iff holdReach[t][k-1] >= k.
	holdReach [][]int32
	// clk holds the vector clocks of the events (Clock): entry u of
	// event i's clock is the number of events of thread u that must
	// happen before (or be) event i: program order, fork, join and the
	// must-read-from edges. Stored compressed (clock.go).
	clk *clocks
	// edges are the must-read-from edges the clocks include (nil if none);
	// topo lists the events in an order that respects every edge of vc
	// (the order computeClocks gave them their clocks), nil if the clocks
	// are incomplete.
	edges edgeTable
	topo  []trace.EventRef
	// readFrom is the index before strengthen.go's rules (ReadFromView),
	// nil when there were none.
	readFrom *Index
	// explicit reports the explicit branch model (index built with it).
	explicit bool
	// condEdges[t] are the orders that become facts once a read of thread
	// t is required (given.go); nil without a branch model.
	condEdges [][]condEdge
	// triv[t][i] says whether read i of thread t is trivially consistent
	// (trivial.go); only computed under the implicit branch model.
	triv [][]trivRead
	// valued says the index has a branch model: its reads keep their
	// values (rule 5), which CapReach relies on.
	valued bool
	// reach holds the tables of reach.go, made on first use; a copy of
	// the index (ReadFromView) shares them.
	reach *reachLazy
}

type varVal struct{ v, val trace.Sym }

// NewIndex computes the index of tr with must-happen-before from program
// order, fork and join only (valid under either branch model).
func NewIndex(tr *trace.Trace) *Index { return newIndex(tr, nil, false) }

// NewModelIndex is NewIndex strengthened by the must-read-from edges that
// hold under the resolved branch model (readFromEdges).
func NewModelIndex(tr *trace.Trace, model trace.BranchModel) *Index {
	return newIndex(tr, &model, true)
}

// ReadFromView is the index as it was before the rules of
// strengthen.go: the same trace and accesses, with the must-read-from
// clocks (x itself when it has no other). Package closure's zone-based
// saturation is not monotone in the clocks — a larger must-set moves its
// zones — so the saturate stage tries both (stage.saturate).
func (x *Index) ReadFromView() *Index {
	if x.readFrom != nil {
		return x.readFrom
	}
	return x
}

// NewReadFromIndex is NewModelIndex without the rules of strengthen.go:
// its clocks have the must-read-from edges only. Tests of a later stage's
// rule use it, so that the rule is what refutes their traces rather than
// facts the strengthened clocks already hold.
func NewReadFromIndex(tr *trace.Trace, model trace.BranchModel) *Index {
	return newIndex(tr, &model, false)
}

func newIndex(tr *trace.Trace, model *trace.BranchModel, strong bool) *Index {
	x := &Index{Trace: tr, byVal: newValWrites(tr),
		writesVar: map[trace.Sym][]trace.EventRef{}, notifies: map[trace.Sym][]trace.EventRef{},
		chanOps: map[trace.Sym][]trace.EventRef{}, reach: &reachLazy{}}
	for _, th := range tr.Threads {
		for i := range th.Events {
			ev := &th.Events[i]
			r := trace.EventRef{Thread: th.ID, Index: uint32(i)}
			switch ev.Op {
			case trace.OpWrite:
				x.writesVar[ev.Obj] = append(x.writesVar[ev.Obj], r)
			case trace.OpNotify, trace.OpNotifyAll:
				x.notifies[ev.Obj] = append(x.notifies[ev.Obj], r)
			case trace.OpSend, trace.OpRecv, trace.OpRecvClosed, trace.OpClose:
				x.chanOps[ev.Obj] = append(x.chanOps[ev.Obj], r)
			}
		}
	}
	x.computeHolds()
	x.computeSharedHolds()
	x.computeAccesses()
	x.computeSources()
	x.computeReadLookups()
	hb := hbEdges(tr) // unconditional facts: always in the clocks (hb.go)
	if model == nil {
		x.computeClocks(hb)
		x.edges = compactEdges(hb)
	} else if edges := mergeEdges(mergeEdges(x.readFromEdges(*model), x.recvFromEdges(*model)), hb); x.computeClocks(edges) {
		edges = x.exhaust(*model, edges)
		x.edges = compactEdges(edges)
		if rounds := strengthenRoundsFor(tr); strong && rounds > 0 {
			weak := *x // computeClocks gives x a new clock store: weak keeps this one
			x.readFrom = &weak
			edges = x.reachEdges(*model, edges)
			x.edges = compactEdges(x.strengthen(*model, edges, rounds))
		}
		if *model == trace.BranchesImplicit {
			x.computeTrivial()
		}
	} else {
		// The read-from edges close a cycle: the events on it can never
		// all be scheduled. Rather than reason about which, use none of
		// them (sound: fewer must-happen-before facts).
		x.computeClocks(hb)
		x.edges = compactEdges(hb)
	}
	if model != nil {
		x.valued = true
		x.explicit = *model == trace.BranchesExplicit
		x.computeCondEdges()
		if w := x.readFrom; w != nil {
			w.explicit, w.condEdges, w.triv = x.explicit, x.condEdges, x.triv
		}
	}
	return x
}

// readFromEdges returns must-read-from edges, which hold in every feasible
// schedule under docs/semantics.md rule 5. For a read r of x returning v such
// that exactly one write w in the whole trace writes v to x, v is not x's
// initial value, and w is in another thread (same-thread sources are
// program order already, or impossible): whenever the event s that makes r
// required is scheduled, r must read v, and the only write that can give v
// is w, so w is scheduled before r and so before s. s is r's successor in
// its thread under the implicit model and the first branch after r under
// the explicit one (every read before a scheduled branch is required; the
// "recursively" part only adds requirements). The edge goes to s, not r: r
// itself may end its thread's part of a schedule without needing a value.
// edges[t][i] lists the sources of extra edges into event i of thread t.
func (x *Index) readFromEdges(model trace.BranchModel) [][][]trace.EventRef {
	tr := x.Trace
	edges := make([][][]trace.EventRef, len(tr.Threads))
	for t, th := range tr.Threads {
		for i := range th.Events {
			ev := &th.Events[i]
			if ev.Op != trace.OpRead {
				continue
			}
			w, ok := x.uniqueSource(trace.EventRef{Thread: th.ID, Index: uint32(i)}, ev)
			if !ok {
				continue
			}
			addRequiredEdge(edges, t, th, i, model, w)
		}
	}
	return edges
}

// addRequiredEdge adds to edges an edge from src into the event of th
// (thread number t) that makes its event i required (requirer), if any.
func addRequiredEdge(edges [][][]trace.EventRef, t int, th *trace.Thread, i int, model trace.BranchModel, src trace.EventRef) {
	target := requirer(th, i, model)
	if target < 0 {
		return
	}
	if edges[t] == nil {
		edges[t] = make([][]trace.EventRef, len(th.Events))
	}
	edges[t][target] = append(edges[t][target], src)
}

// requirer is the index of the first event of th whose scheduling makes
// read i of th required (it must then return its recorded value): its
// successor under the implicit model, the first branch after it under the
// explicit one; -1 if there is none.
func requirer(th *trace.Thread, i int, model trace.BranchModel) int {
	if model != trace.BranchesExplicit {
		if i+1 < len(th.Events) {
			return i + 1
		}
		return -1
	}
	for k := i + 1; k < len(th.Events); k++ {
		if th.Events[k].Op == trace.OpBranch {
			return k
		}
	}
	return -1
}

// model is the branch model of the index's read requirements (implicit
// when it has none: every read before a scheduled event is required, the
// stronger assumption).
func (x *Index) model() trace.BranchModel {
	if x.explicit {
		return trace.BranchesExplicit
	}
	return trace.BranchesImplicit
}

// computeClocks propagates vector clocks along program order, fork, join
// and the extra edges. Threads are advanced in passes until no thread can
// progress. It reports whether every event got its clock; if not (the
// edges form a cycle), the events left keep only program order.
func (x *Index) computeClocks(extra [][][]trace.EventRef) bool {
	tr := x.Trace
	n := len(tr.Threads)
	x.clk = newClocks(tr)
	done := make([]int, n)
	x.topo = x.topo[:0]
	// cur[t] is the clock of thread t's last event given one, the
	// starting point of its next.
	cur := make([][]uint32, n)
	for t := range cur {
		cur[t] = make([]uint32, n)
	}
	ready := func(r trace.EventRef) bool { return int(r.Index) < done[r.Thread] }
	extraInto := func(r trace.EventRef) []trace.EventRef {
		if extra == nil || extra[r.Thread] == nil {
			return nil
		}
		return extra[r.Thread][r.Index]
	}
	var srcs []trace.EventRef
	for progress := true; progress; {
		progress = false
		for t, th := range tr.Threads {
			c := cur[t]
			for done[t] < len(th.Events) {
				i := done[t]
				srcs = x.immediateSources(trace.EventRef{Thread: th.ID, Index: uint32(i)}, extraInto, srcs[:0])
				if !allReady(srcs, ready) {
					break
				}
				for _, src := range srcs {
					x.clk.joinInto(c, src)
				}
				c[t] = uint32(i + 1)
				x.clk.add(th.ID, i, len(th.Events), c)
				x.topo = append(x.topo, trace.EventRef{Thread: th.ID, Index: uint32(i)})
				done[t]++
				progress = true
			}
		}
	}
	complete := true
	for t, th := range tr.Threads {
		if done[t] < len(th.Events) {
			complete, x.topo = false, nil
			c := cur[t]
			for i := done[t]; i < len(th.Events); i++ {
				clear(c)
				c[t] = uint32(i + 1)
				x.clk.add(th.ID, i, len(th.Events), c)
			}
		}
	}
	x.clk.trim()
	return complete
}

// immediateSources appends to buf the events whose clocks flow into e's
// besides its predecessor in program order: the fork of a thread's first
// event, the sources of the edges into e (extra lists them), and for a join the
// joined thread's last event. Index.computeClocks and a candidate's clocks
// (ending.go) join exactly these.
func (x *Index) immediateSources(e trace.EventRef, extra func(trace.EventRef) []trace.EventRef, buf []trace.EventRef) []trace.EventRef {
	tr := x.Trace
	th := tr.Threads[e.Thread]
	if e.Index == 0 && th.HasFork {
		buf = append(buf, th.ForkedBy)
	}
	buf = append(buf, extra(e)...)
	if ev := &th.Events[e.Index]; ev.Op == trace.OpJoin {
		child, _ := tr.ThreadByName(tr.Str(ev.Obj))
		if k := len(tr.Threads[child].Events); k > 0 {
			buf = append(buf, trace.EventRef{Thread: child, Index: uint32(k - 1)})
		}
	}
	return buf
}

// allReady reports whether every event of refs is ready.
func allReady(refs []trace.EventRef, ready func(trace.EventRef) bool) bool {
	for _, r := range refs {
		if !ready(r) {
			return false
		}
	}
	return true
}

// Clock is the vector clock of event r (see Index.clk); it must not be
// modified. It may be a copy: ClockAt reads one entry without one.
func (x *Index) Clock(r trace.EventRef) []uint32 { return x.clk.clock(r) }

// SharedClock is event r's clock without a copy: every entry but r's own
// thread's is exact (the own entry is that of the first event of r's
// segment). It must not be modified. Callers that ask many questions
// "must e happen before r?" fetch it once instead of paying a segment
// lookup per question (HBBefore).
func (x *Index) SharedClock(r trace.EventRef) []uint32 { return x.clk.stored(r) }

// HBBefore is Before(a, b) answered from b's SharedClock cb.
func HBBefore(cb []uint32, a, b trace.EventRef) bool {
	if a.Thread == b.Thread {
		return a.Index < b.Index
	}
	return cb[a.Thread] > a.Index
}

// ClockAt is entry u of event r's clock: the number of events of thread u
// that must happen before (or be) r.
func (x *Index) ClockAt(r trace.EventRef, u trace.ThreadID) uint32 { return x.clk.at(r, u) }

// Before reports whether event a must happen before event b (a ≠ b):
// whenever b is in a feasible schedule, a is in it before b.
func (x *Index) Before(a, b trace.EventRef) bool {
	if a.Thread == b.Thread {
		return a.Index < b.Index
	}
	return x.clk.at(b, a.Thread) > a.Index
}

// StepBefore is Before for steps (the parts of one wait are ordered).
func (x *Index) StepBefore(a, b Step) bool {
	if a.Ref == b.Ref {
		return a.Part < b.Part
	}
	return x.Before(a.Ref, b.Ref)
}
