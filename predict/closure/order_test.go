package closure

import (
	"math/rand"
	"slices"
	"testing"

	"gpredict/encode"
	"gpredict/internal/tracegen"
	"gpredict/trace"
)

// TestOrderClosedAfterEveryAdd checks the incremental closure of the
// edge clocks (order.insert, spread, pastOf) against the definition, recomputed from
// scratch after every edge: an edge's clock is its source's clock joined
// with the clock of every edge whose target is at or before its source,
// to a fixpoint. Edges are added at random between events of random
// traces (whether addChecked accepts them is the same for both, since it only
// asks the closed clocks).
func TestOrderClosedAfterEveryAdd(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	added := 0
	for n := range 300 {
		tr := tracegen.Random(r, tracegen.Config{})
		x := encode.NewModelIndex(tr, trace.BranchesImplicit)
		var events []trace.EventRef
		for _, th := range tr.Threads {
			for i := range th.Events {
				events = append(events, trace.EventRef{Thread: th.ID, Index: uint32(i)})
			}
		}
		if len(events) < 2 {
			continue
		}
		o := &order{x: x}
		for range 12 {
			a, b := events[r.Intn(len(events))], events[r.Intn(len(events))]
			if a == b || !addChecked(o, a, b) {
				continue
			}
			added++
			want := fixpointClocks(x, o.edges)
			for i := range o.edges {
				if !slices.Equal(o.past(i), want[i]) {
					t.Fatalf("trace %d, after %d edges: clock of %v is %v, want %v", n, len(o.edges), o.edges[i], o.past(i), want[i])
				}
			}
			// Events' clocks brought up to date from the last time they
			// were asked: pastOf's incremental path, over one edge or
			// several.
			for _, b := range events {
				if r.Intn(3) == 0 {
					continue
				}
				if got, wantPast := o.pastOf(b).clock, pastByDefinition(x, o.edges, want, b); !slices.Equal(got, wantPast) {
					t.Fatalf("trace %d, after %d edges: pastOf(%v) = %v, want %v", n, len(o.edges), b, got, wantPast)
				}
			}
			for range 20 {
				a, b := events[r.Intn(len(events))], events[r.Intn(len(events))]
				if a != b && o.before(a, b) != beforeByDefinition(x, o.edges, want, a, b) {
					t.Fatalf("trace %d, after %d edges: before(%v, %v) = %v, want the opposite", n, len(o.edges), a, b, o.before(a, b))
				}
			}
		}
	}
	if added < 500 {
		t.Fatalf("only %d edges added: the test no longer exercises the closure", added)
	}
}

// addChecked records a → b as saturation.edge does, asking its two
// questions first; it reports false when they contradict each other.
func addChecked(o *order, a, b trace.EventRef) bool {
	if o.atOrBefore(b, a) {
		return false
	}
	if !o.before(a, b) {
		o.insert(a, b, reason{format: "random"})
	}
	return true
}

// beforeByDefinition is order.before from the definition, with the edge
// clocks computed by fixpointClocks and every comparison asked of the
// index.
func beforeByDefinition(x *encode.Index, edges []Edge, past [][]uint32, a, b trace.EventRef) bool {
	if x.Before(a, b) {
		return true
	}
	for i, e := range edges {
		if past[i][a.Thread] > a.Index && (e.To == b || x.Before(e.To, b)) {
			return true
		}
	}
	return false
}

// pastByDefinition is b's closed clock from the definition: its hb clock
// joined with the clocks of the edges whose targets are b or before b.
func pastByDefinition(x *encode.Index, edges []Edge, past [][]uint32, b trace.EventRef) []uint32 {
	c := append([]uint32(nil), x.Clock(b)...)
	for i, e := range edges {
		if e.To == b || x.Before(e.To, b) {
			join(c, past[i])
		}
	}
	return c
}

// fixpointClocks is the definition of the edge clocks, computed the slow
// way: every pair of edges, again and again until nothing changes.
func fixpointClocks(x *encode.Index, edges []Edge) [][]uint32 {
	past := make([][]uint32, len(edges))
	for i, e := range edges {
		past[i] = append([]uint32(nil), x.Clock(e.From)...)
	}
	for changed := true; changed; {
		changed = false
		for i, e := range edges {
			for j, f := range edges {
				if i != j && (f.To == e.From || x.Before(f.To, e.From)) && join(past[i], past[j]) {
					changed = true
				}
			}
		}
	}
	return past
}
