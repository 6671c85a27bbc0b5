package encode

import "gpredict/trace"

// edgeTable is a set of edges (the sources into each event) as the index
// keeps it once built: per thread, the sources into its event i are
// src[t][off[t][i]:off[t][i+1]], four bytes an event and eight an edge.
// The rounds that derive edges build them as a slice per event
// (edges[t][i]), twenty-four bytes an event and an allocation per event
// with edges; the index kept two such sets for the whole run (its own
// and its read-from view's), 53 MB on the 1M member (docs/engine.md,
// Limits; TestEdgeTable).
type edgeTable struct {
	off [][]uint32         // nil for a thread no edge goes into
	src [][]trace.EventRef //
}

// compactEdges is edges (edges[t][i]: the sources into event i of thread
// t; nil: none) as an edgeTable.
func compactEdges(edges [][][]trace.EventRef) edgeTable {
	var e edgeTable
	for t, into := range edges {
		n := 0
		for _, srcs := range into {
			n += len(srcs)
		}
		if n == 0 {
			continue
		}
		if e.off == nil {
			e.off, e.src = make([][]uint32, len(edges)), make([][]trace.EventRef, len(edges))
		}
		off, src := make([]uint32, len(into)+1), make([]trace.EventRef, 0, n)
		for i, srcs := range into {
			src = append(src, srcs...)
			off[i+1] = uint32(len(src))
		}
		e.off[t], e.src[t] = off, src
	}
	return e
}

// hasInto reports whether some edge goes into an event of thread t.
func (e edgeTable) hasInto(t trace.ThreadID) bool {
	return int(t) < len(e.off) && e.off[t] != nil
}

// into lists the sources of the edges into r. The slice must not be
// modified.
func (e edgeTable) into(r trace.EventRef) []trace.EventRef {
	if !e.hasInto(r.Thread) {
		return nil
	}
	off := e.off[r.Thread]
	a, b := off[r.Index], off[r.Index+1]
	return e.src[r.Thread][a:b:b]
}
