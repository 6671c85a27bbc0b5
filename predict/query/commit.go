package query

import (
	"fmt"

	"gpredict/encode"
	"gpredict/trace"
)

// Commit points. Under TSO and PSO (docs/semantics.md, rule 6) a write
// has a second step, its commit, where it becomes visible to the other
// threads; a query may name it ("T1#1.commit < T2#2": can T2#2 come
// before T1#1 is visible?). Only a write to a variable that is not
// volatile has one, and only under a relaxed model.

// commitPoint says why event ev (id) has no commit step, nil if it has
// one under a relaxed model.
func commitPoint(tr *trace.Trace, id string, ev *trace.Event) error {
	switch {
	case ev.Op != trace.OpWrite:
		return fmt.Errorf("%s is %s, not a write: only a write has a commit step (.commit)", id, withArticle(ev.Op))
	case tr.Volatile[ev.Obj]:
		return fmt.Errorf("%s writes volatile %s, which is visible at once: it has no commit step", id, tr.Str(ev.Obj))
	}
	return nil
}

// CheckModel reports a commit point of q under a memory model that has
// no store buffers.
func (q *Query) CheckModel(tr *trace.Trace, mem trace.MemoryModel) error {
	if mem.Relaxed() {
		return nil
	}
	for _, o := range q.Orders {
		for _, p := range []Point{o.A, o.B} {
			if p.Part == encode.Commit {
				return fmt.Errorf("--order %q: %s names a commit step, which only --memory-model tso or pso has", o.Text, pointName(tr, p))
			}
		}
	}
	return nil
}
