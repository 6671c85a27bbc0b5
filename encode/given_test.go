package encode

import (
	"math/rand"
	"strings"
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/internal/tracegen"
	"gpredict/trace"
)

// TestInitialReadEdgesKeepGiven checks that Given.Before answers the same
// with initialReadEdges' orders (a read of an initial value that no write
// writes comes before the first write of each thread that need not
// precede it) as with an order to every such write, which is what the
// rule says and what the edges were until they were found quadratic: on
// random traces, for every pair of events, given the whole trace and
// given each thread's first half.
func TestInitialReadEdgesKeepGiven(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	dropped := 0 // orders of the rule to a later write of a thread: what the change leaves out
	for n := 0; n < 300; n++ {
		tr := tracegen.Random(r, tracegen.Config{Threads: 3 + n%2, Events: 18, Vars: 2, Values: 2, Locks: 1 + n%2})
		x := NewModelIndex(tr, trace.BranchesImplicit)
		every := *x
		every.condEdges = x.condEdgesWith(x.everyWrite)
		for t := range x.condEdges {
			dropped += len(every.condEdges[t]) - len(x.condEdges[t])
		}
		whole, half := &Slice{}, &Slice{}
		for _, th := range tr.Threads {
			whole.Prefix = append(whole.Prefix, len(th.Events))
			half.Prefix = append(half.Prefix, len(th.Events)/2)
		}
		for _, s := range []*Slice{whole, half} {
			got, want := x.Given(s), every.Given(s)
			for _, a := range testtrace.All(tr) {
				for _, b := range testtrace.All(tr) {
					if a != b && got.Before(a, b) != want.Before(a, b) {
						var text strings.Builder
						trace.WriteText(&text, tr)
						t.Fatalf("trace %d, given %v: Before(%s, %s) = %v with the first write of each thread, %v with every write\n%s",
							n, s.Prefix, tr.ID(a), tr.ID(b), got.Before(a, b), want.Before(a, b), text.String())
					}
				}
			}
		}
	}
	if dropped == 0 {
		t.Fatal("no order to a thread's later write was left out: the traces test nothing")
	}
}

// everyWrite is initialReadEdges with an order to every write that need
// not precede the read.
func (x *Index) everyWrite(es []condEdge, i uint32, r trace.EventRef, ws []trace.EventRef) []condEdge {
	for _, w := range ws {
		if !x.Before(w, r) {
			es = append(es, condEdge{read: i, from: r, to: w})
		}
	}
	return es
}
