package encode_test

import (
	"math/rand"
	"slices"
	"testing"

	"gpredict/encode"
	"gpredict/internal/explore"
	"gpredict/internal/testtrace"
	"gpredict/internal/tracegen"
	"gpredict/predict/replay"
	"gpredict/trace"
)

// TestReachOrders checks the rule of reach.go on a trace where only it
// orders a before b: once T1 stops at its read, T2 and T3 each wait for
// a value the other writes later (or T1 writes), so neither can reach its
// second write — a cycle of supply that the supplier meet, which takes
// each thread's first write of a value as a possible supplier, does not
// see.
func TestReachOrders(t *testing.T) {
	tr := testtrace.Text(t, `
T1 read x 0
T1 write y 1
T1 write z 1
T2 read y 1
T2 write z 1
T2 write q 1
T3 read z 1
T3 write y 1
T3 write r 1`)
	refs := testtrace.Refs(t, tr, "T1#1 T1#2 T2#3 T3#3")
	model := trace.BranchesImplicit // no branch: under the explicit model no read is required
	weak := encode.NewReadFromIndex(tr, model)
	strong := encode.NewModelIndex(tr, model)
	for _, b := range refs[2:] {
		if weak.Before(refs[1], b) {
			t.Fatalf("%s before %s already without the rules: the case tests nothing", tr.ID(refs[1]), tr.ID(b))
		}
		if !strong.Before(refs[1], b) {
			t.Errorf("%s is not before %s in the strengthened clocks", tr.ID(refs[1]), tr.ID(b))
		}
		if ok, sched := explore.Query(tr, model, []explore.StepOrder{{Before: replay.Step{Ref: b}, After: replay.Step{Ref: refs[1]}}}, nil); ok {
			t.Errorf("the explorer schedules %s before %s: %v", tr.ID(b), tr.ID(refs[1]), sched)
		}
	}
	// With T1 stopped at its read, T2 and T3 each take their read, and
	// no more.
	if reach, want := strong.CapReach([]trace.EventRef{refs[0]}), []int{1, 1, 1}; !slices.Equal(reach, want) {
		t.Errorf("CapReach(T1#1) = %v, want %v", reach, want)
	}
}

// TestCapReachRules checks CapReach's rules one case at a time, each
// against the explorer: the first event it leaves out of the thread
// named is in no feasible schedule in which the stopped thread takes no
// event after its stop.
func TestCapReachRules(t *testing.T) {
	tests := []struct {
		name, trace string
		model       trace.BranchModel
		stop        string
		thread      int
		want        int
	}{
		{"a read waits for a value only the stopped thread writes", `
T1 write q 1
T1 write x 1
T2 read x 1
T2 write y 1`, trace.BranchesImplicit, "T1#1", 1, 1},
		{"a read of the initial value needs no write", `
T1 write q 1
T1 write x 1
T2 read x 0
T2 write y 1`, trace.BranchesImplicit, "T1#1", 1, 2},
		{"a write after an unsupplied read supplies nothing (explicit)", `
T3 write q 1
T3 write x 1
T1 read x 1
T1 write y 1
T1 branch
T2 read y 1
T2 branch
T2 write z 1`, trace.BranchesExplicit, "T3#1", 2, 1},
		{"an unrequired read does not stop its thread (explicit)", `
T3 write q 1
T3 write x 1
T1 read x 1
T1 write y 1
T1 branch`, trace.BranchesExplicit, "T3#1", 1, 2},
		{"a thread starts with its fork", `
T1 write q 1
T1 fork T2
T2 write y 1`, trace.BranchesImplicit, "T1#1", 1, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := testtrace.Text(t, tc.trace)
			stop := testtrace.Refs(t, tr, tc.stop)[0]
			reach := encode.NewModelIndex(tr, tc.model).CapReach([]trace.EventRef{stop})
			if reach[tc.thread] != tc.want {
				t.Fatalf("CapReach(%s) = %v, want %d events of thread %d", tc.stop, reach, tc.want, tc.thread)
			}
			if tc.want == len(tr.Threads[tc.thread].Events) {
				return
			}
			out := trace.EventRef{Thread: trace.ThreadID(tc.thread), Index: uint32(tc.want)}
			if sched, ok := scheduledTogether(stopAfter(tr, stop, stop), tc.model, stop, stop, out); ok {
				t.Errorf("the explorer schedules %s with %s last of its thread: %v", tr.ID(out), tc.stop, sched)
			}
		})
	}
}

// TestCapReachSound checks CapReach against the brute-force explorer on
// random traces with few values and locks: for two events a and b of
// different threads, no feasible schedule in which a and b are the last
// events of their threads holds an event CapReach leaves out. (The
// explorer decides over the trace cut after a and b, which has exactly
// those schedules, unless some thread joins a cut thread: such pairs are
// skipped.) It also asks that CapReach leave some events out, so that it
// checks something.
func TestCapReachSound(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	n := 120
	if testing.Short() {
		n = 30
	}
	cut, asked := 0, 0
	for k := 0; k < n; k++ {
		tr := tracegen.Random(r, tracegen.Config{Threads: 3 + k%2, Events: 14, Vars: 2, Values: 2, Locks: 1 + k%2, JoinWeight: -1})
		for _, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
			x := encode.NewModelIndex(tr, model)
			all := testtrace.All(tr)
			for _, a := range all {
				for _, b := range all {
					if a.Thread >= b.Thread || joined(tr, a.Thread) || joined(tr, b.Thread) {
						continue
					}
					reach := x.CapReach([]trace.EventRef{a, b})
					stopped := stopAfter(tr, a, b)
					for _, f := range all {
						if int(f.Index) < reach[f.Thread] || f.Thread == a.Thread && f.Index > a.Index || f.Thread == b.Thread && f.Index > b.Index {
							continue
						}
						cut++
						if asked++; asked%7 != 0 {
							continue // the explorer on every seventh: the sweep stays short
						}
						if sched, ok := scheduledTogether(stopped, model, a, b, f); ok {
							t.Fatalf("trace %d (%s): CapReach(%s, %s) = %v leaves out %s, but the explorer schedules %v",
								k, model, tr.ID(a), tr.ID(b), reach, tr.ID(f), sched)
						}
					}
				}
			}
		}
	}
	t.Logf("%d events left out, %d of them checked by the explorer", cut, asked/7)
	if cut == 0 {
		t.Fatal("CapReach left out nothing: the test checks nothing")
	}
}

// joined reports whether some join of tr waits for thread u.
func joined(tr *trace.Trace, u trace.ThreadID) bool {
	for _, th := range tr.Threads {
		for _, ev := range th.Events {
			if ev.Op == trace.OpJoin && tr.Str(ev.Obj) == tr.Str(tr.Threads[u].Name) {
				return true
			}
		}
	}
	return false
}

// stopAfter is tr with the events after a and after b in their threads
// removed: its feasible schedules are those of tr in which a's and b's
// threads take no event after them.
func stopAfter(tr *trace.Trace, a, b trace.EventRef) *trace.Trace {
	out := *tr
	out.Threads = append([]*trace.Thread(nil), tr.Threads...)
	for _, e := range []trace.EventRef{a, b} {
		th := *tr.Threads[e.Thread]
		th.Events = th.Events[:e.Index+1]
		if len(th.Arrival) > int(e.Index)+1 {
			th.Arrival = th.Arrival[:e.Index+1]
		}
		if len(th.Stacks) > int(e.Index)+1 {
			th.Stacks = th.Stacks[:e.Index+1]
		}
		out.Threads[e.Thread] = &th
	}
	return &out
}

// scheduledTogether looks for a feasible schedule of tr holding a, b and
// f, in any of their orders.
func scheduledTogether(tr *trace.Trace, model trace.BranchModel, a, b, f trace.EventRef) ([]replay.Step, bool) {
	evs := []trace.EventRef{a, b, f}
	for _, p := range [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
		orders := []explore.StepOrder{
			{Before: replay.Step{Ref: evs[p[0]]}, After: replay.Step{Ref: evs[p[1]]}},
			{Before: replay.Step{Ref: evs[p[1]]}, After: replay.Step{Ref: evs[p[2]]}},
		}
		if ok, sched := explore.Query(tr, model, orders, nil); ok {
			return sched, true
		}
	}
	return nil, false
}
