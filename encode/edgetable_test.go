package encode

import (
	"math/rand/v2"
	"slices"
	"testing"

	"gpredict/trace"
)

// TestEdgeTable: an edgeTable lists the sources into every event as the
// per-event slices it was made from, for threads with edges and without,
// and an empty set of edges is none.
func TestEdgeTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for round := range 50 {
		threads := 1 + rng.IntN(5)
		edges := make([][][]trace.EventRef, threads)
		for th := range edges {
			if rng.IntN(3) == 0 {
				continue // no edge into this thread
			}
			edges[th] = make([][]trace.EventRef, 1+rng.IntN(20))
			for i := range edges[th] {
				for range rng.IntN(4) / 2 {
					edges[th][i] = append(edges[th][i], trace.EventRef{Thread: trace.ThreadID(rng.IntN(threads)), Index: uint32(rng.IntN(30))})
				}
			}
		}
		e := compactEdges(edges)
		for th := range edges {
			some := false
			for i := range edges[th] {
				r := trace.EventRef{Thread: trace.ThreadID(th), Index: uint32(i)}
				if got := e.into(r); !slices.Equal(got, edges[th][i]) {
					t.Fatalf("round %d: into %v: %v, want %v", round, r, got, edges[th][i])
				}
				some = some || len(edges[th][i]) > 0
			}
			if e.hasInto(trace.ThreadID(th)) != some {
				t.Fatalf("round %d: hasInto(%d) = %v, want %v", round, th, !some, some)
			}
		}
	}
	if e := compactEdges(nil); e.hasInto(0) || e.into(trace.EventRef{}) != nil {
		t.Fatal("no edges give some")
	}
}
