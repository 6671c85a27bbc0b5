package encode

import (
	"slices"

	"gpredict/trace"
)

// FamMemory is the family of the memory model's constraints (rule 6 of
// docs/semantics.md): store buffers under TSO and PSO.
const FamMemory Family = "memory"

// NewProblemIn is NewProblem under memory model mem. Under TSO and PSO
// every write of the slice to a variable that is not volatile gets a
// second step, its commit: the point at which it leaves its thread's store
// buffer and becomes visible to every thread at once. The write's own step
// (its issue) keeps its place in program order, and every other family
// (must-happen-before, locks, signals, the pattern) speaks of it; rule 5
// then reads from commits (relaxedSourcesOf). idx must not hold
// must-read-from edges (use NewIndex): they are facts of SC, where a
// write is visible when it is issued, and do not hold here.
func NewProblemIn(idx *Index, model trace.BranchModel, mem trace.MemoryModel, sl *Slice) *Problem {
	p, _ := NewProblemInWithin(idx, model, mem, sl, Limits{}) // without limits it cannot fail
	return p
}

// NewProblemInWithin is NewProblemIn looking at lim as it builds, as
// NewProblemWithin does.
func NewProblemInWithin(idx *Index, model trace.BranchModel, mem trace.MemoryModel, sl *Slice, lim Limits) (*Problem, error) {
	if !mem.Relaxed() {
		return NewProblemWithin(idx, model, sl, lim)
	}
	p := newProblemVars(idx, model, sl)
	p.Mem = mem
	for _, w := range p.bufferedWrites() {
		p.addOtherStep(Step{Ref: w, Part: Commit})
	}
	p.Cut = Var(len(p.Steps))
	p.building = &watch{lim: lim}
	return p.build(p.encodeMHB, p.encodeHB, p.encodeLocks, p.encodeSignals, p.encodeStoreBuffers, p.encodeReadWrite, p.encodeChans)
}

// bufferedWrites lists the writes of the slice that go through a store
// buffer (every write to a variable that is not volatile), thread by
// thread in program order.
func (p *Problem) bufferedWrites() []trace.EventRef {
	var out []trace.EventRef
	for t, n := range p.Slice.Prefix {
		for i := 0; i < n; i++ {
			r := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)}
			if p.buffered(r) {
				out = append(out, r)
			}
		}
	}
	return out
}

// commitVar is the variable of buffered write w's commit step.
func (p *Problem) commitVar(w trace.EventRef) Var { return p.Var(Step{Ref: w, Part: Commit}) }

func (p *Problem) buffered(r trace.EventRef) bool {
	ev := p.Trace.Event(r)
	return p.Mem.Relaxed() && ev.Op == trace.OpWrite && !p.Trace.Volatile[ev.Obj]
}

// flushes reports whether event ev needs its thread's buffer empty: a
// fence, a lock operation, wait (at its release), notify, fork, join, and
// an access to a volatile variable.
func flushes(tr *trace.Trace, ev *trace.Event) bool {
	switch ev.Op {
	case trace.OpFence, trace.OpAcquire, trace.OpRelease, trace.OpRAcquire, trace.OpRRelease,
		trace.OpWait, trace.OpNotify, trace.OpNotifyAll, trace.OpFork, trace.OpJoin,
		trace.OpSend, trace.OpRecv, trace.OpRecvClosed, trace.OpClose, trace.OpDefault:
		return true
	case trace.OpRead, trace.OpWrite:
		return tr.Volatile[ev.Obj]
	}
	return false
}

// encodeStoreBuffers adds rule 6's orders:
//
//	issue(w) < commit(w)                      for every buffered write w
//	commit(w1) < commit(w2)                   w1 before w2 in one thread; under PSO only for one variable
//	commit(w) < f                             w before a flushing event f of its thread
//	commit(w) < j                             w a write of the thread that join j joins
//
// Only the nearest pair is asserted where the order of commits implies
// the rest: the last buffered write before f (per variable under PSO).
func (p *Problem) encodeStoreBuffers() {
	tr := p.Trace
	// pending is the thread's last buffered write per variable so far, in
	// the order the variables were first written (TSO keys every variable
	// as one, NoSym): a slice, so that the constraints come in one order.
	type last struct {
		key trace.Sym
		w   trace.EventRef
	}
	key := func(w trace.EventRef) trace.Sym {
		if p.Mem == trace.TSO {
			return trace.NoSym
		}
		return tr.Event(w).Obj
	}
	lastOf := make([][]last, len(p.Slice.Prefix))
	for t, n := range p.Slice.Prefix {
		var pending []last
		for i := 0; i < n; i++ {
			r := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)}
			ev := tr.Event(r)
			if flushes(tr, ev) {
				for _, l := range pending {
					p.add(Lt(p.commitVar(l.w), p.Var(firstStep(tr, r))), FamMemory,
						tr.ID(l.w)+" is visible before "+tr.ID(r)+" ("+ev.Op.String()+") of its thread", l.w, r)
				}
				pending = pending[:0]
			}
			if !p.buffered(r) {
				continue
			}
			p.add(Lt(p.Var(Step{Ref: r, Part: Whole}), p.commitVar(r)), FamMemory, tr.ID(r)+" becomes visible after it is issued", r)
			k := slices.IndexFunc(pending, func(l last) bool { return l.key == key(r) })
			if k < 0 {
				pending = append(pending, last{key(r), r})
				continue
			}
			prev := pending[k].w
			p.add(Lt(p.commitVar(prev), p.commitVar(r)), FamMemory,
				tr.ID(prev)+" becomes visible before "+tr.ID(r)+" ("+p.Mem.String()+" keeps the order)", prev, r)
			pending[k].w = r
		}
		lastOf[t] = pending
	}
	for t, n := range p.Slice.Prefix {
		for i := 0; i < n; i++ {
			j := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)}
			ev := tr.Event(j)
			if ev.Op != trace.OpJoin {
				continue
			}
			child, ok := tr.ThreadByName(tr.Str(ev.Obj))
			if !ok {
				continue
			}
			for _, l := range lastOf[child] {
				p.add(Lt(p.commitVar(l.w), p.Var(Step{Ref: j, Part: Whole})), FamMemory,
					tr.ID(j)+" joins "+tr.ThreadName(child)+" after its write "+tr.ID(l.w)+" is visible", l.w, j)
			}
		}
	}
}

// relaxedSourcesOf is sourcesOf under TSO and PSO for a variable that is
// not volatile. Read r of x returns val when
//
//	its thread's last write w0 of x before it is still buffered and writes
//	val (and is concrete):  r < commit(w0) ∧ conc(w0)
//	or w0 (if any) is visible before r and the last write of x visible
//	before r writes val:    commit(w0) < r ∧ ∨_w (commit(w) < r ∧ conc(w) ∧
//	                        ∧_{w'≠w} (commit(w') < commit(w) ∨ r < commit(w')))
//	                        or, for x's initial value, ∧_{w'} r < commit(w')
//
// w and w' range over the writes of x in the slice that may precede r:
// must-happen-before (program order, fork, join) puts the others' issue,
// and so their commit, after r.
func (p *Problem) relaxedSourcesOf(r trace.EventRef, x, val trace.Sym, conc func(trace.EventRef) *F) *F {
	tr := p.Trace
	var writes []trace.EventRef
	own, hasOwn := trace.EventRef{}, false
	for _, w := range p.idx.writesVar[x] {
		if !p.inSlice(w) || p.idx.Before(r, w) || w == r {
			continue
		}
		writes = append(writes, w)
		if w.Thread == r.Thread && w.Index < r.Index && (!hasOwn || w.Index > own.Index) {
			own, hasOwn = w, true
		}
	}
	rv := p.Var(Step{Ref: r, Part: Whole})
	var alts []*F
	if hasOwn && tr.Event(own).Val == val {
		alts = append(alts, And(Lt(rv, p.commitVar(own)), conc(own)))
	}
	var mem []*F
	for _, w := range writes {
		if tr.Event(w).Val != val {
			continue
		}
		conj := []*F{conc(w), Lt(p.commitVar(w), rv)}
		for _, w2 := range writes {
			if w2 == w || w2.Thread == w.Thread && w2.Index < w.Index {
				continue // an earlier write of w's thread to x commits before it
			}
			conj = append(conj, Or(Lt(p.commitVar(w2), p.commitVar(w)), Lt(rv, p.commitVar(w2))))
		}
		mem = append(mem, And(conj...))
	}
	if tr.InitValue(x) == val {
		conj := []*F{}
		for _, w2 := range writes {
			conj = append(conj, Lt(rv, p.commitVar(w2)))
		}
		mem = append(mem, And(conj...))
	}
	fromMem := Or(mem...)
	if hasOwn {
		fromMem = And(Lt(p.commitVar(own), rv), fromMem)
	}
	return Or(append(alts, fromMem)...)
}
