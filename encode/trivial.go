package encode

import "gpredict/trace"

// trivKind classifies a read for the reduced encoding (reduce.go).
type trivKind uint8

const (
	// notTrivial: the read needs its rule-5 clause.
	notTrivial trivKind = iota
	// neverRequired: the last event of its thread; under the implicit
	// model no event of π follows it in its thread, so rule 5 never asks
	// it for a value.
	neverRequired
	// forcedInit: it returns x's initial value, no write writes that
	// value, and every write of x must happen after it: whenever it is in
	// π, no write of x precedes it.
	forcedInit
	// forcedWrite: exactly one write w gives its value (src), w must
	// happen before the read's successor s, every other write of x must
	// happen before w or after the read, and every read before w in w's
	// thread is trivial too. Whenever s is in π, w is in π and, provided
	// w precedes the read, the read is consistent: see computeTrivial.
	forcedWrite
)

type trivRead struct {
	kind trivKind
	src  trace.EventRef // forcedWrite only
}

// computeTrivial classifies the reads of the trace under the implicit
// branch model, with the clocks (including the must-read-from edges)
// already complete.
//
// Soundness. Let π be any schedule that is a prefix of a linear extension
// of must-happen-before (MHB) and in which, for every forcedWrite read r
// whose successor s is in π, src(r) precedes r. Then every forcedWrite or
// forcedInit read whose successor is in π is consistent (rule 5), by
// induction over the position of s in the topological order topo:
//   - forcedInit: every write of x must happen after r, so none precedes r
//     in π and r reads the initial value, which is its value;
//   - forcedWrite: w = src(r) precedes r; every other write of x is MHB
//     before w or after r, so none lies between them and r reads w's
//     value, its own. w is concrete: every read r' before w in w's thread
//     has its successor (at most w, so in π) and is trivial, and its
//     successor comes before w ≺ s in topo, so r' is consistent by
//     induction.
//
// The reduced encoding asserts MHB among the events it keeps, asserts
// "s ∉ π ∨ w < r" for a kept forcedWrite read, and places the events it
// drops so that both conditions hold (Encoding.Witness); the trivial reads
// then need neither a `cons` literal nor a clause.
func (x *Index) computeTrivial() {
	tr := x.Trace
	if x.topo == nil {
		return
	}
	x.triv = make([][]trivRead, len(tr.Threads))
	// firstOpen[u] is the index of the first non-trivial read of thread u
	// decided so far (len+1 if none). Reads of a thread are decided in
	// thread order, because their successors are.
	firstOpen := make([]int, len(tr.Threads))
	for t, th := range tr.Threads {
		x.triv[t] = make([]trivRead, len(th.Events))
		firstOpen[t] = len(th.Events) + 1
		if n := len(th.Events); n > 0 && th.Events[n-1].Op == trace.OpRead {
			x.triv[t][n-1].kind = neverRequired
		}
	}
	// A read is decided when its successor s gets its turn in topo: every
	// read its decision depends on has a successor that precedes s.
	for _, s := range x.topo {
		if s.Index == 0 {
			continue
		}
		r := trace.EventRef{Thread: s.Thread, Index: s.Index - 1}
		ev := tr.Event(r)
		if ev.Op != trace.OpRead {
			continue
		}
		k := x.classify(r, s, ev, firstOpen)
		x.triv[r.Thread][r.Index] = k
		if k.kind == notTrivial && int(r.Index) < firstOpen[r.Thread] {
			firstOpen[r.Thread] = int(r.Index)
		}
	}
}

func (x *Index) classify(r, s trace.EventRef, ev *trace.Event, firstOpen []int) trivRead {
	tr := x.Trace
	ws := x.byVal.of(varVal{ev.Obj, ev.Val})
	if ev.Val == tr.InitValue(ev.Obj) {
		if len(ws) > 0 {
			return trivRead{}
		}
		for _, w := range x.writesVar[ev.Obj] {
			if !x.Before(r, w) {
				return trivRead{}
			}
		}
		return trivRead{kind: forcedInit}
	}
	if len(ws) != 1 {
		return trivRead{}
	}
	w := ws[0]
	if w == r || !x.Before(w, s) || x.Before(r, w) || firstOpen[w.Thread] < int(w.Index) {
		return trivRead{}
	}
	for _, w2 := range x.writesVar[ev.Obj] {
		if w2 != w && !x.Before(w2, w) && !x.Before(r, w2) {
			return trivRead{}
		}
	}
	return trivRead{kind: forcedWrite, src: w}
}

// trivialOf returns the classification of read r (notTrivial if none was
// computed).
func (x *Index) trivialOf(r trace.EventRef) trivRead {
	if x.triv == nil {
		return trivRead{}
	}
	return x.triv[r.Thread][r.Index]
}
