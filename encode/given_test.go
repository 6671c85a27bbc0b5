package encode

import (
	"math/rand"
	"strings"
	"testing"

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
		every.condEdges = everyInitialReadEdge(x)
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
			for _, a := range allRefs(tr) {
				for _, b := range allRefs(tr) {
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

// everyInitialReadEdge is computeCondEdges with the rule for a read of an
// initial value that no write writes giving an order to every write that
// need not precede the read.
func everyInitialReadEdge(x *Index) [][]condEdge {
	tr := x.Trace
	out := make([][]condEdge, len(tr.Threads))
	for t, th := range tr.Threads {
		for i := range th.Events {
			ev := &th.Events[i]
			if ev.Op != trace.OpRead {
				continue
			}
			r := trace.EventRef{Thread: th.ID, Index: uint32(i)}
			if w, ok := x.uniqueSource(r, ev); ok {
				out[t] = append(out[t], condEdge{read: uint32(i), from: w, to: r})
			} else if ev.Val == tr.InitValue(ev.Obj) && len(x.byVal.of(varVal{ev.Obj, ev.Val})) == 0 {
				for _, w := range x.writesVar[ev.Obj] {
					if !x.Before(w, r) {
						out[t] = append(out[t], condEdge{read: uint32(i), from: r, to: w})
					}
				}
			}
		}
	}
	return out
}

func allRefs(tr *trace.Trace) []trace.EventRef {
	var out []trace.EventRef
	for _, th := range tr.Threads {
		for i := range th.Events {
			out = append(out, trace.EventRef{Thread: th.ID, Index: uint32(i)})
		}
	}
	return out
}
