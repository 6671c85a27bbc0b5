package encode

import (
	"slices"

	"gpredict/trace"
)

// FamHB is the family of the trace's hb facts (docs/trace-format.md).
const FamHB Family = "hb"

// hbEdges lists the trace's hb facts as extra clock edges, indexed like
// readFromEdges (edges[t][i] = the sources of facts into event i of t),
// or nil if the trace has none. Unlike must-read-from edges they hold in
// every schedule unconditionally, at the target itself: whenever the
// target is scheduled, the source is scheduled before it.
func hbEdges(tr *trace.Trace) [][][]trace.EventRef {
	facts := tr.HB()
	if len(facts) == 0 {
		return nil
	}
	edges := make([][][]trace.EventRef, len(tr.Threads))
	for _, f := range facts {
		t := f.To.Thread
		if edges[t] == nil {
			edges[t] = make([][]trace.EventRef, len(tr.Threads[t].Events))
		}
		edges[t][f.To.Index] = append(edges[t][f.To.Index], f.From)
	}
	return edges
}

// mergeEdges returns the union of two edge sets in the layout of
// readFromEdges (either may be nil).
func mergeEdges(a, b [][][]trace.EventRef) [][][]trace.EventRef {
	if a == nil {
		return b
	}
	if b == nil {
		return a
	}
	out := make([][][]trace.EventRef, len(a))
	for t := range a {
		switch {
		case a[t] == nil:
			out[t] = b[t]
		case b[t] == nil:
			out[t] = a[t]
		default:
			out[t] = make([][]trace.EventRef, len(a[t]))
			for i := range a[t] {
				out[t][i] = append(append([]trace.EventRef(nil), a[t][i]...), b[t][i]...)
			}
		}
	}
	return out
}

// encodeHB adds rule 2 for the trace's hb facts: the source's last step
// before the target's first. Like program order the constraint is
// unconditional: with the target in the schedule the source is too, and
// with both out of it any order consistent with the facts will do (the
// reader rejects facts that close a cycle). A fact into the slice brings
// its source into it (slice.go), so both steps have variables.
func (p *Problem) encodeHB() {
	tr := p.Trace
	for _, f := range tr.HB() {
		if p.stopped() {
			return
		}
		if !p.inSlice(f.To) {
			continue
		}
		p.add(Lt(p.Var(lastStep(tr, f.From)), p.Var(firstStep(tr, f.To))), FamHB,
			tr.ID(f.From)+" happens before "+tr.ID(f.To)+" (hb fact of the trace)", f.From, f.To)
	}
}

// encodeFacts asserts the derived must-happen-before edges of the index
// (readFromEdges, exhaust, strengthen; the trace's hb facts, also among
// the index's edges, are encodeHB's) into the slice: the source's last
// step before the target's first, unconditional like the hb facts. They
// hold in every feasible schedule with the target on it, so asserting
// them loses no schedule; and they must be asserted, because other
// families drop constraints that the clocks show satisfied (lock.go drops
// the clause of two holds the clocks order), and some derived orders come
// from exactly such a constraint (strengthen's exclusion rule): without
// the edge, the dropped clause would be justified by itself. The reduced
// encoding asserts the clocks among its kept events already.
func (p *Problem) encodeFacts() {
	tr := p.Trace
	for t, n := range p.Slice.Prefix {
		if !p.idx.edges.hasInto(trace.ThreadID(t)) {
			continue
		}
		for i := 0; i < n; i++ {
			if p.stopped() {
				return
			}
			to := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)}
			for _, from := range p.idx.edges.into(to) {
				if slices.Contains(tr.HBSources(to), from) {
					continue // encodeHB asserts the trace's own hb facts
				}
				if !p.inSlice(from) {
					continue // derived facts bring their sources (read values, contended holds); see slice.go
				}
				p.add(Lt(p.Var(lastStep(tr, from)), p.Var(firstStep(tr, to))), FamMHB,
					tr.ID(from)+" must happen before "+tr.ID(to), from, to)
			}
		}
	}
}
