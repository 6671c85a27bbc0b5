package encode

import (
	"fmt"
	"sort"

	"gpredict/trace"
)

// The reduced encoding gives the solver only the events a candidate can
// need. Over a closed slice it builds the lock, signal and read-write
// constraints as NewProblem does, except that trivially consistent reads
// (trivial.go) get no rule-5 clause. An event is *kept* when some of
// those constraints mentions it (including "not in the schedule" atoms),
// when it is chosen, when it stands right before or after the `||` block
// in a thread with block members, or when a kept forcedWrite read needs it
// (its source and successor, for the clause "s ∉ π ∨ src < r"). Every
// other event of the slice is *dropped*: it has no order variable in any
// constraint.
//
// Program order and the other must-happen-before facts (fork, join,
// must-read-from edges: MHB) are asserted among the kept events only, with
// vector clocks: for each kept event e and each thread u, one atom from the
// latest kept event of u that must happen before e (skipped when the
// previous kept event of e's thread has the same one), plus program order
// between consecutive kept events of a thread. By transitivity through the
// program-order atoms these imply a < b for every kept a MHB b.
//
// Exactness. (⇒) A feasible schedule π satisfies MHB and every constraint
// of NewProblem; dropping the clauses of trivial reads and the variables
// of dropped events only removes constraints, and "s ∉ π ∨ src < r" holds
// because r is consistent when s is in π and src is its only possible
// source. (⇐) complete turns a model over the kept events into a schedule:
// the kept steps below the cut in model order, each preceded by the
// dropped events that must happen before it and are not yet placed (in an
// order respecting MHB and, for a dropped forcedWrite read, its source
// first). This is a prefix of a linear extension of MHB in which every
// source precedes its trivial read, so trivial reads are consistent
// (trivial.go); every other constraint mentions kept events only, whose
// order is the model's. Dropped events are placed before the block when
// a block member needs them: one that must happen after a block member
// and before another is ruled out exactly (blockSeparated), and one that
// merely follows a member is placed after the block, where every kept
// event needing it lies too (it is not inside the block by the
// contiguity clauses over kept steps, and not before it, being after a
// member).

// NewReducedProblem builds the reduced causal constraints of slice sl.
// Candidates are then encoded with Pattern and witnesses completed by
// Encoding.Witness. It requires an index from NewModelIndex (for the trivial reads
// and the read-from edges it asserts); with NewIndex it only drops events.
func NewReducedProblem(idx *Index, model trace.BranchModel, sl *Slice) *Problem {
	p, _ := NewReducedProblemWithin(idx, model, sl, Limits{}) // without limits it cannot fail
	return p
}

// NewReducedProblemWithin is NewReducedProblem looking at lim as it
// builds (NewProblemWithin).
//
// A trace with channels gets the full problem (NewProblemWithin): the
// channel family (chan.go) speaks of every operation of a channel and
// of each sender's next event, which a reduced problem would drop.
func NewReducedProblemWithin(idx *Index, model trace.BranchModel, sl *Slice, lim Limits) (*Problem, error) {
	return buildProblem(idx, model, sl, true, nil, lim)
}

// keepMentioned marks the events the reduced problem keeps: those its
// constraints mention, and what their trivial reads need (closeTrivial).
func (p *Problem) keepMentioned() {
	sl := p.Slice
	p.keptVar = make([]bool, p.Cut)
	var work []trace.EventRef
	mark := func(r trace.EventRef) bool {
		v := p.Var(firstStep(p.Trace, r))
		if p.keptVar[v] {
			return false
		}
		for _, s := range steps(p.Trace, r) {
			p.keptVar[p.Var(s)] = true
		}
		return true
	}
	for _, c := range p.Causal {
		if p.stopped() {
			return
		}
		p.eventsOf(c.F, func(r trace.EventRef) {
			if mark(r) {
				work = append(work, r)
			}
		})
	}
	p.Causal = append(p.Causal, p.closeTrivial(work, mark)...)
	p.keptIdx = make([][]uint32, len(sl.Prefix))
	for v, s := range p.Steps {
		if p.keptVar[v] && s.Part <= Release {
			p.keptIdx[s.Ref.Thread] = append(p.keptIdx[s.Ref.Thread], s.Ref.Index)
		}
	}
}

// eventsOf calls fn for the event of every step an atom of f mentions.
func (p *Problem) eventsOf(f *F, fn func(trace.EventRef)) {
	switch f.Kind {
	case KLt:
		for _, v := range []Var{f.A, f.B} {
			if v < p.Cut {
				fn(p.Steps[v].Ref)
			}
		}
	case KAnd, KOr:
		for _, k := range f.Kids {
			p.eventsOf(k, fn)
		}
	}
}

// closeTrivial adds, for every forcedWrite read among work (and among the
// events this makes kept), the clause "s ∉ π ∨ src < r"; mark keeps an
// event and reports whether it was new.
func (p *Problem) closeTrivial(work []trace.EventRef, mark func(trace.EventRef) bool) []Constraint {
	tr := p.Trace
	var out []Constraint
	for len(work) > 0 && !p.stopped() {
		r := work[len(work)-1]
		work = work[:len(work)-1]
		if tr.Event(r).Op != trace.OpRead {
			continue
		}
		tv := p.idx.trivialOf(r)
		s := trace.EventRef{Thread: r.Thread, Index: r.Index + 1}
		if tv.kind != forcedWrite || !p.inSlice(s) {
			continue
		}
		f := Or(p.out(firstStep(tr, s)), Lt(p.Var(Step{Ref: tv.src, Part: Whole}), p.Var(Step{Ref: r, Part: Whole})))
		out = append(out, Constraint{F: f, Origin: Origin{Family: FamReadWrite, Events: []trace.EventRef{r, tv.src, s},
			Why: tr.ID(r) + " can only read its value from " + tr.ID(tv.src) + " once " + tr.ID(s) + " is scheduled"}})
		for _, e := range []trace.EventRef{tv.src, s} {
			if mark(e) {
				work = append(work, e)
			}
		}
	}
	return out
}

// latestBefore returns the index of the latest event of thread u that
// must happen before r (-1 if none) among the problem's kept events and
// extra.
func (p *Problem) latestBefore(u int, r trace.EventRef, extra []trace.EventRef) int {
	limit := int(r.Index) // own thread: strictly earlier
	if u != int(r.Thread) {
		limit = int(p.idx.ClockAt(r, trace.ThreadID(u)))
	}
	best := -1
	ks := p.keptIdx[u]
	if k := sort.Search(len(ks), func(i int) bool { return int(ks[i]) >= limit }); k > 0 {
		best = int(ks[k-1])
	}
	for _, e := range extra {
		if int(e.Thread) == u && int(e.Index) < limit && int(e.Index) > best {
			best = int(e.Index)
		}
	}
	return best
}

// earliestAfter returns the index of the earliest event of thread u that
// must happen after r (-1 if none) among the problem's kept events and
// extra.
func (p *Problem) earliestAfter(u int, r trace.EventRef, extra []trace.EventRef) int {
	after := func(j int) bool {
		if u == int(r.Thread) {
			return j > int(r.Index)
		}
		return p.idx.ClockAt(trace.EventRef{Thread: trace.ThreadID(u), Index: uint32(j)}, r.Thread) > r.Index
	}
	best := -1
	ks := p.keptIdx[u]
	if k := sort.Search(len(ks), func(i int) bool { return after(int(ks[i])) }); k < len(ks) {
		best = int(ks[k])
	}
	for _, e := range extra {
		if int(e.Thread) == u && after(int(e.Index)) && (best < 0 || int(e.Index) < best) {
			best = int(e.Index)
		}
	}
	return best
}

func (p *Problem) waitParts(r trace.EventRef, add func(*F, string)) {
	ss := steps(p.Trace, r)
	for k := 1; k < len(ss); k++ {
		add(Lt(p.Var(ss[k-1]), p.Var(ss[k])), "the parts of wait "+p.Trace.ID(r)+" happen in order")
	}
}

// encodeClockMHB asserts must-happen-before among the kept events.
func (p *Problem) encodeClockMHB() {
	tr := p.Trace
	add := func(f *F, why string) { p.add(f, FamMHB, why) }
	for t, ks := range p.keptIdx {
		lastPred := make([]int, len(p.keptIdx))
		for u := range lastPred {
			lastPred[u] = -1
		}
		for k, i := range ks {
			if p.stopped() {
				return
			}
			r := trace.EventRef{Thread: trace.ThreadID(t), Index: i}
			p.waitParts(r, add)
			if k > 0 {
				prev := trace.EventRef{Thread: r.Thread, Index: ks[k-1]}
				add(Lt(p.Var(lastStep(tr, prev)), p.Var(firstStep(tr, r))), tr.ID(prev)+" precedes "+tr.ID(r)+" in program order")
			}
			for u := range p.keptIdx {
				if u == t {
					continue
				}
				j := p.latestBefore(u, r, nil)
				if j < 0 || j == lastPred[u] {
					continue
				}
				lastPred[u] = j
				a := trace.EventRef{Thread: trace.ThreadID(u), Index: uint32(j)}
				add(Lt(p.Var(lastStep(tr, a)), p.Var(firstStep(tr, r))), tr.ID(a)+" must happen before "+tr.ID(r))
			}
		}
	}
}

// extend keeps the events evs for the encoding's candidate (those the
// problem does not keep already) and returns the constraints that place
// them: the trivial-read clauses they bring and their must-happen-before
// atoms.
func (e *Encoding) extend(evs []trace.EventRef) []Constraint {
	p := e.Problem
	tr := p.Trace
	e.extraSet = map[trace.EventRef]bool{}
	var work []trace.EventRef
	mark := func(r trace.EventRef) bool {
		if e.kept(r) {
			return false
		}
		e.extraSet[r] = true
		e.extra = append(e.extra, r)
		return true
	}
	for _, r := range evs {
		if mark(r) {
			work = append(work, r)
		}
	}
	out := p.closeTrivial(work, mark)
	add := func(f *F, why string) {
		out = append(out, Constraint{F: f, Origin: Origin{Family: FamMHB, Why: why}})
	}
	for _, r := range e.extra {
		p.waitParts(r, add)
		for u := range p.keptIdx {
			if j := p.latestBefore(u, r, e.extra); j >= 0 {
				a := trace.EventRef{Thread: trace.ThreadID(u), Index: uint32(j)}
				add(Lt(p.Var(lastStep(tr, a)), p.Var(firstStep(tr, r))), tr.ID(a)+" must happen before "+tr.ID(r))
			}
			if j := p.earliestAfter(u, r, e.extra); j >= 0 {
				b := trace.EventRef{Thread: trace.ThreadID(u), Index: uint32(j)}
				add(Lt(p.Var(lastStep(tr, r)), p.Var(firstStep(tr, b))), tr.ID(r)+" must happen before "+tr.ID(b))
			}
		}
	}
	return out
}

// blockSeparated reports whether some event outside the block must happen
// after one block event and before another: it would have to be scheduled
// inside the block, so the block cannot be contiguous (exact). Per thread
// u only the earliest non-block event of u after a needs checking: a later
// one of u precedes b only if that one does.
func (p *Problem) blockSeparated(block []trace.EventRef) bool {
	tr := p.Trace
	in := map[trace.EventRef]bool{}
	for _, r := range block {
		in[r] = true
	}
	for _, a := range block {
		for _, b := range block {
			if a == b || !p.idx.Before(a, b) {
				continue
			}
			for u, th := range tr.Threads {
				j := int(a.Index) + 1
				if u != int(a.Thread) {
					j = sort.Search(len(th.Events), func(i int) bool {
						return p.idx.ClockAt(trace.EventRef{Thread: trace.ThreadID(u), Index: uint32(i)}, a.Thread) > a.Index
					})
				}
				for j < len(th.Events) && in[trace.EventRef{Thread: trace.ThreadID(u), Index: uint32(j)}] {
					j++
				}
				if j < len(th.Events) {
					e := trace.EventRef{Thread: trace.ThreadID(u), Index: uint32(j)}
					if e != b && p.idx.Before(e, b) {
						return true
					}
				}
			}
		}
	}
	return false
}

// complete turns the witness over kept steps (from schedule) into a full
// schedule by inserting the dropped events that must happen before the
// scheduled ones (see the comment at the top of this file). For a problem
// from NewProblem it returns sched unchanged.
//
// The search walks must-happen-before backwards from each scheduled step;
// its stack is a chain of predecessors, so on a trace whose
// must-happen-before is a partial order it never holds more events than
// the slice. A longer stack can only come from a cycle (a thread forked
// by a thread it forks, say), which no schedule can place: complete then
// fails rather than grow without bound, and looks at w's limits as it
// goes (w.err once one is reached).
func (e *Encoding) complete(sched []Step, w *watch) ([]Step, error) {
	p := e.Problem
	if !p.reduced {
		return sched, nil
	}
	tr := p.Trace
	limit := p.Slice.Size()
	done := make([]int, len(tr.Threads)) // events of each thread placed
	out := make([]Step, 0, len(sched))
	var stack []trace.EventRef
	// preds calls fn for the direct must-happen-before predecessors of r
	// (and the source of a dropped forcedWrite read).
	preds := func(r trace.EventRef, fn func(trace.EventRef) bool) bool {
		th := tr.Threads[r.Thread]
		if r.Index > 0 {
			if fn(trace.EventRef{Thread: r.Thread, Index: r.Index - 1}) {
				return true
			}
		} else if th.HasFork && fn(th.ForkedBy) {
			return true
		}
		ev := tr.Event(r)
		if ev.Op == trace.OpJoin {
			child, _ := tr.ThreadByName(tr.Str(ev.Obj))
			if k := len(tr.Threads[child].Events); k > 0 && fn(trace.EventRef{Thread: child, Index: uint32(k - 1)}) {
				return true
			}
		}
		for _, src := range p.idx.edges.into(r) {
			if fn(src) {
				return true
			}
		}
		if ev.Op == trace.OpRead && !e.kept(r) {
			if tv := p.idx.trivialOf(r); tv.kind == forcedWrite && fn(tv.src) {
				return true
			}
		}
		return false
	}
	// placeBefore places every unplaced dropped predecessor of r, each
	// after its own predecessors.
	placeBefore := func(r trace.EventRef) error {
		stack = append(stack[:0], r)
		for len(stack) > 0 {
			if w.stopped() {
				return w.err
			}
			if len(stack) > limit+1 {
				return fmt.Errorf("must-happen-before has a cycle through %s: no schedule can place it", tr.ID(r))
			}
			top := stack[len(stack)-1]
			if top != r && int(top.Index) < done[top.Thread] {
				stack = stack[:len(stack)-1]
				continue
			}
			pushed := preds(top, func(q trace.EventRef) bool {
				if int(q.Index) < done[q.Thread] || e.kept(q) {
					return false
				}
				stack = append(stack, q)
				return true
			})
			if pushed {
				continue
			}
			stack = stack[:len(stack)-1]
			if top != r {
				out = append(out, Step{Ref: top, Part: Whole}) // dropped events are never waits
				done[top.Thread] = int(top.Index) + 1
			}
		}
		return nil
	}
	blockStarted := false
	for _, s := range sched {
		if !blockStarted && e.blockEvents[s.Ref] {
			blockStarted = true
			for _, b := range e.blockList {
				if err := placeBefore(b); err != nil {
					return nil, err
				}
			}
		}
		if s.Part <= Release {
			if err := placeBefore(s.Ref); err != nil {
				return nil, err
			}
			done[s.Ref.Thread] = int(s.Ref.Index) + 1
		}
		out = append(out, s)
	}
	return out, nil
}
