package encode

import "gpredict/trace"

// valWrites lists the writes of each (variable, value) pair, and of those
// each thread's first, thread by thread and in thread order within each
// (the order of the trace's threads and events). A recording can write a
// value of its own at every write (an STD recording does), so the lists
// are spans of two arrays, one entry a write, and the map holds four
// numbers a pair: a map of slices took a slice header and an allocation
// of its own per pair and per list, more than twice the bytes
// (docs/engine.md, Limits; TestValWrites).
type valWrites struct {
	at     map[varVal]valSpan
	writes []trace.EventRef
	firsts []trace.EventRef
}

// valSpan is where a pair's lists are: writes[w0:w1], firsts[f0:f1].
type valSpan struct{ w0, w1, f0, f1 uint32 }

// newValWrites indexes the writes of tr.
func newValWrites(tr *trace.Trace) valWrites {
	// First pass: count each pair's writes and first writes (f0 holds
	// the thread of its last write so far, plus one), noting the pairs
	// in the order first met.
	at := map[varVal]valSpan{}
	var order []varVal
	each := func(f func(k varVal, r trace.EventRef)) {
		for _, th := range tr.Threads {
			for i := range th.Events {
				if ev := &th.Events[i]; ev.Op == trace.OpWrite {
					f(varVal{ev.Obj, ev.Val}, trace.EventRef{Thread: th.ID, Index: uint32(i)})
				}
			}
		}
	}
	each(func(k varVal, r trace.EventRef) {
		s, ok := at[k]
		if !ok {
			order = append(order, k)
		}
		s.w1++
		if s.f0 != uint32(r.Thread)+1 {
			s.f1++
			s.f0 = uint32(r.Thread) + 1
		}
		at[k] = s
	})
	// Place the spans; w1 and f1 are where the next entries go.
	var nw, nf uint32
	for _, k := range order {
		n := at[k]
		at[k] = valSpan{w0: nw, w1: nw, f0: nf, f1: nf}
		nw, nf = nw+n.w1, nf+n.f1
	}
	v := valWrites{at: at, writes: make([]trace.EventRef, nw), firsts: make([]trace.EventRef, nf)}
	each(func(k varVal, r trace.EventRef) {
		s := at[k]
		v.writes[s.w1] = r
		s.w1++
		if s.f1 == s.f0 || v.firsts[s.f1-1].Thread != r.Thread {
			v.firsts[s.f1] = r
			s.f1++
		}
		at[k] = s
	})
	return v
}

// of lists the writes of variable v with value val (nil: none). The slice
// must not be modified.
func (v *valWrites) of(k varVal) []trace.EventRef {
	s, ok := v.at[k]
	if !ok {
		return nil
	}
	return v.writes[s.w0:s.w1:s.w1]
}

// firstOf lists, for each thread that writes val to v, its first such
// write. The slice must not be modified.
func (v *valWrites) firstOf(k varVal) []trace.EventRef {
	s, ok := v.at[k]
	if !ok {
		return nil
	}
	return v.firsts[s.f0:s.f1:s.f1]
}
