package encode

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/internal/tracegen"
	"gpredict/trace"
)

// fullClocks computes every event's clock in full, one slice per event,
// the plain way the compressed store (clock.go) must agree with: an
// event's clock is the join of its predecessor's, its forker's, its
// joined thread's last event's and its extra edges' sources', plus
// itself; events left without one (a cycle) know only their own thread.
func fullClocks(tr *trace.Trace, extra edgeTable) [][][]uint32 {
	n := len(tr.Threads)
	full := make([][][]uint32, n)
	for t, th := range tr.Threads {
		full[t] = make([][]uint32, len(th.Events))
	}
	known := func(r trace.EventRef) bool { return full[r.Thread][r.Index] != nil }
	for progress := true; progress; {
		progress = false
		for t, th := range tr.Threads {
			for i := range th.Events {
				if full[t][i] != nil {
					continue
				}
				var deps []trace.EventRef
				if i > 0 {
					deps = append(deps, trace.EventRef{Thread: th.ID, Index: uint32(i - 1)})
				} else if th.HasFork {
					deps = append(deps, th.ForkedBy)
				}
				deps = append(deps, extra.into(trace.EventRef{Thread: th.ID, Index: uint32(i)})...)
				if ev := &th.Events[i]; ev.Op == trace.OpJoin {
					child, _ := tr.ThreadByName(tr.Str(ev.Obj))
					if k := len(tr.Threads[child].Events); k > 0 {
						deps = append(deps, trace.EventRef{Thread: child, Index: uint32(k - 1)})
					}
				}
				c := make([]uint32, n)
				ok := true
				for _, d := range deps {
					if !known(d) {
						ok = false
						break
					}
					for u, v := range full[d.Thread][d.Index] {
						c[u] = max(c[u], v)
					}
				}
				if !ok {
					continue
				}
				c[t] = uint32(i + 1)
				full[t][i], progress = c, true
			}
		}
	}
	for t, th := range tr.Threads {
		for i := range th.Events {
			if full[t][i] == nil {
				full[t][i] = make([]uint32, n)
				full[t][i][t] = uint32(i + 1)
			}
		}
	}
	return full
}

// TestCompressedClocksAreTheFullOnes compares Clock, ClockAt and Before
// with fullClocks on random traces, for the plain index and both branch
// models' (whose must-read-from edges make many segments), with hb facts
// and many threads among them.
func TestCompressedClocksAreTheFullOnes(t *testing.T) {
	r := rand.New(rand.NewSource(24))
	checked, multi := 0, 0
	for n := range 300 {
		cfg := tracegen.Config{HBFacts: n % 4, JoinWeight: 1 + n%3, ForkWeight: 1 + n%2}
		if n%2 == 0 {
			cfg.Values = 12 // mostly unique written values: must-read-from edges
		}
		if n%5 == 0 {
			cfg.Threads, cfg.Events = 6, 40
		}
		tr := tracegen.Random(r, cfg)
		indexes := map[string]*Index{
			"fork/join": NewIndex(tr),
			"implicit":  NewModelIndex(tr, trace.BranchesImplicit),
			"explicit":  NewModelIndex(tr, trace.BranchesExplicit),
		}
		if cyc := NewIndex(tr); cycle(cyc) {
			indexes["cycle"] = cyc // the events past the cycle know only their thread
		}
		for name, x := range indexes {
			full := fullClocks(tr, x.edges)
			for _, th := range tr.Threads {
				for i := range th.Events {
					e := trace.EventRef{Thread: th.ID, Index: uint32(i)}
					want := full[th.ID][i]
					if got := x.Clock(e); !slices.Equal(got, want) {
						t.Fatalf("trace %d, %s index: Clock(%s) = %v, want %v\n%s", n, name, tr.ID(e), got, want, traceText(tr))
					}
					joined := make([]int, len(tr.Threads))
					if grew := JoinClock(x, joined, e); !grew || !slices.Equal(joined, intClock(want)) {
						t.Fatalf("trace %d, %s index: JoinClock(%s) = %v (grew %v), want %v", n, name, tr.ID(e), joined, grew, want)
					}
					for u := range tr.Threads {
						if got := x.ClockAt(e, trace.ThreadID(u)); got != want[u] {
							t.Fatalf("trace %d, %s index: ClockAt(%s, %d) = %d, want %d", n, name, tr.ID(e), u, got, want[u])
						}
						for j := range tr.Threads[u].Events {
							a := trace.EventRef{Thread: trace.ThreadID(u), Index: uint32(j)}
							if a == e {
								continue
							}
							wantBefore := want[u] > uint32(j)
							if got := x.Before(a, e); got != wantBefore {
								t.Fatalf("trace %d, %s index: Before(%s, %s) = %v, want %v", n, name, tr.ID(a), tr.ID(e), got, wantBefore)
							}
						}
					}
					checked++
				}
			}
			if x.clk.segments() > len(tr.Threads) {
				multi++
			}
		}
	}
	if multi < 100 {
		t.Fatalf("only %d indexes had a thread with several segments: the sweep does not exercise the compression", multi)
	}
	t.Logf("%d event clocks checked, %d indexes with several segments in a thread", checked, multi)
}

// cycle recomputes x's clocks with extra edges that close a cycle
// between the second events of its first two threads, when they have
// them, and reports whether it did.
func cycle(x *Index) bool {
	tr := x.Trace
	if len(tr.Threads) < 2 || len(tr.Threads[0].Events) < 3 || len(tr.Threads[1].Events) < 3 {
		return false
	}
	extra := make([][][]trace.EventRef, len(tr.Threads))
	for t := range 2 {
		extra[t] = make([][]trace.EventRef, len(tr.Threads[t].Events))
		extra[t][1] = []trace.EventRef{{Thread: trace.ThreadID(1 - t), Index: 1}}
	}
	if x.computeClocks(extra) {
		panic("a cycle of edges gave every event a clock")
	}
	x.edges = compactEdges(extra)
	return true
}

// TestClocksCompress checks that the store keeps one clock per change:
// two threads forked at the start that never synchronise again have one
// segment each however long they run, and a join adds one.
func TestClocksCompress(t *testing.T) {
	var b strings.Builder
	b.WriteString("T1 fork T2\n")
	for i := range 1000 {
		fmt.Fprintf(&b, "T1 write x %d\nT2 write y %d\n", i, i)
	}
	b.WriteString("T1 join T2\nT1 read y 999\n")
	tr := testtrace.Text(t, b.String())
	x := NewIndex(tr)
	// T1: its start, and the join; T2: its start.
	if got := x.clk.segments(); got != 3 {
		t.Fatalf("%d stored clocks, want 3", got)
	}
	last := trace.EventRef{Thread: 0, Index: uint32(len(tr.Threads[0].Events) - 1)}
	if got, want := x.Clock(last), []uint32{1003, 1000}; !slices.Equal(got, want) {
		t.Fatalf("clock of the last event %v, want %v", got, want)
	}
}

// traceText is the trace's text, for a failure message.
func traceText(tr *trace.Trace) string {
	var b strings.Builder
	for _, th := range tr.Threads {
		for i := range th.Events {
			r := trace.EventRef{Thread: th.ID, Index: uint32(i)}
			fmt.Fprintf(&b, "%s %s\n", tr.ID(r), tr.EventText(r))
		}
	}
	return b.String()
}

func intClock(c []uint32) []int {
	out := make([]int, len(c))
	for u, v := range c {
		out[u] = int(v)
	}
	return out
}
