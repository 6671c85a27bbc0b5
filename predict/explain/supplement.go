package explain

import (
	"gpredict/encode"
	"gpredict/trace"
)

// The encoding leaves out of a read's possible sources the writes that
// must-happen-before already excludes (encode/readwrite.go): a write that
// comes after the read, and a write that another write of the variable
// overwrites before the read. A core then holds no constraint that says
// so, and a reader of "T1#6 reads x = 0, which also T1#4 writes" would
// not see why T1#4 cannot give it. supplement states those facts after
// the read's own, with the chain of program order, fork and join behind
// each order between different threads.

// supplement returns facts with, after each read fact, the facts that
// rule out its other possible sources. idx is the index the problem was
// built from (its clocks are program order, fork and join).
func supplement(idx *encode.Index, facts []Fact) []Fact {
	tr := idx.Trace
	var out []Fact
	chain := func(a, b trace.EventRef) {
		if a.Thread == b.Thread {
			return // the sentence's "in program order" says it
		}
		if c, ok := MustPrecede(idx, a, b, false); ok {
			out = append(out, c...)
		}
	}
	for _, f := range facts {
		out = append(out, f)
		if f.Kind != AskedRead && f.Kind != ReadValue {
			continue
		}
		r := f.Events[0]
		writes := append(append([]trace.EventRef(nil), f.Writers...), f.Others...)
		for _, w := range f.Writers {
			if idx.Before(r, w) {
				out = append(out, rendered(tr, Fact{Kind: WriteAfter, Events: []trace.EventRef{r, w}}))
				chain(r, w)
				continue
			}
			for _, w2 := range writes {
				if w2 != w && idx.Before(w, w2) && idx.Before(w2, r) {
					out = append(out, rendered(tr, Fact{Kind: Overwritten, Events: []trace.EventRef{w, w2, r},
						Var: f.Var, Value: tr.Str(tr.Event(w2).Val)}))
					chain(w, w2)
					chain(w2, r)
					break
				}
			}
		}
	}
	return dedupe(out)
}

func rendered(tr *trace.Trace, f Fact) Fact {
	f.render(tr)
	return f
}
