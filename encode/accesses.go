package encode

import (
	"sort"

	"gpredict/trace"
)

// computeAccesses numbers the variables and the locks of the trace and
// lists, per variable and thread, the indices of the thread's reads and of
// its writes in thread order. The numbers let per-candidate work (package
// greedy's simulation) keep its state in arrays rather than maps.
func (x *Index) computeAccesses() {
	tr := x.Trace
	n := len(tr.Threads)
	x.varNum, x.lockNum = map[trace.Sym]int32{}, map[trace.Sym]int32{}
	x.objNum = make([][]int32, n)
	number := func(m map[trace.Sym]int32, s trace.Sym) int32 {
		id, ok := m[s]
		if !ok {
			id = int32(len(m))
			m[s] = id
		}
		return id
	}
	for t, th := range tr.Threads {
		nums := make([]int32, len(th.Events))
		for i := range th.Events {
			nums[i] = -1
			switch ev := &th.Events[i]; ev.Op {
			case trace.OpRead, trace.OpWrite:
				nums[i] = number(x.varNum, ev.Obj)
			case trace.OpAcquire, trace.OpRelease, trace.OpRAcquire, trace.OpRRelease, trace.OpWait:
				nums[i] = number(x.lockNum, ev.Obj)
			}
		}
		x.objNum[t] = nums
	}
	// Threads in order, so each variable's list is sorted by thread.
	x.accOf = make([][]VarAccesses, len(x.varNum))
	for t, th := range tr.Threads {
		for i := range th.Events {
			op := th.Events[i].Op
			if op != trace.OpRead && op != trace.OpWrite {
				continue
			}
			v := x.objNum[t][i]
			acc := x.accOf[v]
			if len(acc) == 0 || acc[len(acc)-1].Thread != th.ID {
				acc = append(acc, VarAccesses{Thread: th.ID})
				x.accOf[v] = acc
			}
			a := &acc[len(acc)-1]
			if op == trace.OpRead {
				start := uint32(len(a.Reads))
				if k := len(a.Reads) - 1; k >= 0 && th.Events[a.Reads[k]].Val == th.Events[i].Val {
					start = a.runStart[k]
				}
				a.Reads = append(a.Reads, uint32(i))
				a.runStart = append(a.runStart, start)
			} else {
				a.Writes = append(a.Writes, uint32(i))
			}
		}
	}
}

// VarAccesses are one thread's reads and writes of one variable, by
// index in thread order.
type VarAccesses struct {
	Thread        trace.ThreadID
	Reads, Writes []uint32
	// runStart[k] is the position in Reads of the first read of the run
	// of consecutive reads returning read k's value that holds read k:
	// the latest earlier read of another value is at runStart[k]-1, found
	// without walking back over the run (the strengthening rules ask it
	// for every read; a recording's flag polled a million times made
	// that walk quadratic).
	runStart []uint32
	// Pinned are the indices of the reads whose Source is OneWrite or
	// Initial, in thread order: the only ones that a write by another
	// thread can spoil whatever else is scheduled (computeReadLookups).
	Pinned []uint32
	// byValue are the reads sorted by value, then by index, as valueKey
	// (FirstReadOfValue).
	byValue []uint64
}

// Accessors lists the accesses of variable number v of each thread that
// accesses it, by thread: a walk over the threads that may read or write
// v, not over every thread. The slice must not be modified.
func (x *Index) Accessors(v int32) []VarAccesses { return x.accOf[v] }

// lastOtherRead is the position in thread u's reads of variable v of the
// latest read before position k (exclusive) that does not return val, -1
// if none.
func (x *Index) lastOtherRead(v int32, u trace.ThreadID, k int, val trace.Sym) int {
	a := x.accesses(v, u)
	if a == nil || k <= 0 {
		return -1
	}
	k--
	if x.Trace.Threads[u].Events[a.Reads[k]].Val == val {
		k = int(a.runStart[k]) - 1
	}
	return k
}

// accesses is thread u's entry for variable v, nil if u never accesses v.
func (x *Index) accesses(v int32, u trace.ThreadID) *VarAccesses {
	acc := x.accOf[v]
	k := sort.Search(len(acc), func(k int) bool { return acc[k].Thread >= u })
	if k < len(acc) && acc[k].Thread == u {
		return &acc[k]
	}
	return nil
}

// WritesOfValue lists the writes of variable v that write val, thread by
// thread and in thread order within each. The slice must not be modified.
func (x *Index) WritesOfValue(v, val trace.Sym) []trace.EventRef {
	return x.byVal.of(varVal{v, val})
}

// FirstWritesOfValue lists, for each thread that writes val to v, its
// first such write (by thread). The slice must not be modified.
func (x *Index) FirstWritesOfValue(v, val trace.Sym) []trace.EventRef {
	return x.byVal.firstOf(varVal{v, val})
}

// NumVars and NumLocks are how many variables and locks the trace has.
func (x *Index) NumVars() int  { return len(x.varNum) }
func (x *Index) NumLocks() int { return len(x.lockNum) }

// ObjNum is the number of event r's variable (a read or write) or lock
// (an acquire, release, shared acquire or release, or wait), -1 for
// other events.
func (x *Index) ObjNum(r trace.EventRef) int32 { return x.objNum[r.Thread][r.Index] }

// VarNum is the number of variable v, false if the trace never accesses it.
func (x *Index) VarNum(v trace.Sym) (int32, bool) {
	id, ok := x.varNum[v]
	return id, ok
}

// WritesOf lists the indices of thread u's writes of variable v in
// increasing order. The slice must not be modified.
func (x *Index) WritesOf(v trace.Sym, u trace.ThreadID) []uint32 {
	id, ok := x.varNum[v]
	if !ok {
		return nil
	}
	return x.WritesOfNum(id, u)
}

// ReadsOf lists the indices of thread u's reads of variable v in
// increasing order. The slice must not be modified.
func (x *Index) ReadsOf(v trace.Sym, u trace.ThreadID) []uint32 {
	id, ok := x.varNum[v]
	if !ok {
		return nil
	}
	return x.ReadsOfNum(id, u)
}

// WritesOfNum and ReadsOfNum are WritesOf and ReadsOf by variable number.
func (x *Index) WritesOfNum(v int32, u trace.ThreadID) []uint32 {
	if a := x.accesses(v, u); a != nil {
		return a.Writes
	}
	return nil
}
func (x *Index) ReadsOfNum(v int32, u trace.ThreadID) []uint32 {
	if a := x.accesses(v, u); a != nil {
		return a.Reads
	}
	return nil
}

// SourceKind says what a required read can read from.
type SourceKind uint8

const (
	// Ambiguous: several writes give the read's value (or its value is
	// the initial one and some write gives it too).
	Ambiguous SourceKind = iota
	// OneWrite: exactly one write gives the value, and it is not the
	// variable's initial value: a required read reads from that write.
	OneWrite
	// Initial: the value is the variable's initial value and no write
	// gives it: a required read comes before every write of its variable.
	Initial
	// Impossible: no write gives the value and it is not the initial
	// value: the read can never be consistent.
	Impossible
)

// Source says what read r (an event of kind read) can take its value from
// when it is required (docs/semantics.md rule 5), and the write for
// OneWrite.
func (x *Index) Source(r trace.EventRef) (trace.EventRef, SourceKind) {
	s := x.sources[r.Thread][r.Index]
	return s.w, s.kind
}

// source is what Source answers for one read.
type source struct {
	w    trace.EventRef
	kind SourceKind
}

// computeSources records Source for every read: the simulation of
// package greedy asks it at every write it schedules.
func (x *Index) computeSources() {
	x.sources = make([][]source, len(x.Trace.Threads))
	for t, th := range x.Trace.Threads {
		x.sources[t] = make([]source, len(th.Events))
		for i := range th.Events {
			if th.Events[i].Op == trace.OpRead {
				w, k := x.sourceOf(trace.EventRef{Thread: th.ID, Index: uint32(i)})
				x.sources[t][i] = source{w, k}
			}
		}
	}
}

func (x *Index) sourceOf(r trace.EventRef) (trace.EventRef, SourceKind) {
	ev := x.Trace.Event(r)
	ws := x.byVal.of(varVal{ev.Obj, ev.Val})
	initial := ev.Val == x.Trace.InitValue(ev.Obj)
	switch {
	case len(ws) == 1 && !initial:
		return ws[0], OneWrite
	case len(ws) == 0 && initial:
		return trace.EventRef{}, Initial
	case len(ws) == 0:
		return trace.EventRef{}, Impossible
	}
	return trace.EventRef{}, Ambiguous
}

// Requirer is the index of the first event of r's thread whose scheduling
// makes read r required (its successor under the implicit model, the next
// branch under the explicit one), or -1 if none.
func (x *Index) Requirer(r trace.EventRef) int {
	return requirer(x.Trace.Threads[r.Thread], int(r.Index), x.model())
}

// Explicit reports whether the index was built for the explicit branch
// model.
func (x *Index) Explicit() bool { return x.explicit }
