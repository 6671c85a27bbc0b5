package encode

import "gpredict/trace"

// accessKey names the accesses of one thread to one variable.
type accessKey struct {
	v trace.Sym
	t trace.ThreadID
}

// computeAccesses lists, per thread and variable, the indices of its
// reads and of its writes in thread order.
func (x *Index) computeAccesses() {
	x.readsOf = map[accessKey][]uint32{}
	x.writesOf = map[accessKey][]uint32{}
	for _, th := range x.Trace.Threads {
		for i := range th.Events {
			switch ev := &th.Events[i]; ev.Op {
			case trace.OpRead:
				k := accessKey{ev.Obj, th.ID}
				x.readsOf[k] = append(x.readsOf[k], uint32(i))
			case trace.OpWrite:
				k := accessKey{ev.Obj, th.ID}
				x.writesOf[k] = append(x.writesOf[k], uint32(i))
			}
		}
	}
}

// WritesOf lists the indices of thread u's writes of variable v in
// increasing order. The slice must not be modified.
func (x *Index) WritesOf(v trace.Sym, u trace.ThreadID) []uint32 {
	return x.writesOf[accessKey{v, u}]
}

// ReadsOf lists the indices of thread u's reads of variable v in
// increasing order. The slice must not be modified.
func (x *Index) ReadsOf(v trace.Sym, u trace.ThreadID) []uint32 {
	return x.readsOf[accessKey{v, u}]
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

// Source says what read r (an event of kind read) can take its value
// from when it is required (SPEC 3.2 rule 5), and the write for OneWrite.
func (x *Index) Source(r trace.EventRef) (trace.EventRef, SourceKind) {
	ev := x.Trace.Event(r)
	ws := x.writesVal[varVal{ev.Obj, ev.Val}]
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
