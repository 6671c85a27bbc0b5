package trace

import "testing"

func TestWindow(t *testing.T) {
	tr, err := ParseText("w.trace", `T1 write x 1
T1 fork T2
T2 read x 1
T1 write x 2
T1 fork T3
T3 write y 7
T2 read y 7
`)
	if err != nil {
		t.Fatal(err)
	}
	x, y := tr.Syms.Intern("x"), tr.Syms.Intern("y")
	// Past: T1's first two events and T2's first; T3 entirely in the window.
	w := tr.Window([]int{2, 1, 0}, []int{4, 2, 1}, map[Sym]Sym{x: tr.Syms.Intern("1")}, 3)
	for _, tc := range []struct {
		thread     int
		events     int
		first      Op
		arrival0   uint32
		fork       bool
		forkedFrom EventRef
	}{
		{0, 2, OpWrite, 0, false, EventRef{}},
		{1, 1, OpRead, 3, false, EventRef{}}, // forked in the past: no fork
		{2, 1, OpWrite, 2, true, EventRef{Thread: 0, Index: 1}},
	} {
		th := w.Threads[tc.thread]
		if len(th.Events) != tc.events || th.Events[0].Op != tc.first || th.Arrival[0] != tc.arrival0 ||
			th.HasFork != tc.fork || (tc.fork && th.ForkedBy != tc.forkedFrom) {
			t.Errorf("thread %d: %d events, first %v at %d, fork %v from %v; want %d, %v at %d, %v from %v",
				tc.thread, len(th.Events), th.Events[0].Op, th.Arrival[0], th.HasFork, th.ForkedBy,
				tc.events, tc.first, tc.arrival0, tc.fork, tc.forkedFrom)
		}
	}
	if w.Str(w.InitValue(x)) != "1" || w.Str(w.InitValue(y)) != "0" {
		t.Errorf("window starts with x=%s y=%s; want x=1 y=0", w.Str(w.InitValue(x)), w.Str(w.InitValue(y)))
	}
	if tr.Str(tr.InitValue(x)) != "0" {
		t.Errorf("the window changed the trace's initial value of x")
	}
}

// A window of a trace with channels keeps the capacities and counts as
// a trace with channels, so that the stages that do not model channels
// are not asked about it (the Deadlock built-in cuts traces with Window).
func TestWindowKeepsChannels(t *testing.T) {
	tr, err := ParseText("c.trace", "chan c : 1\nT1 send c 1\nT1 write x 1\nT2 recv c 1\n")
	if err != nil {
		t.Fatal(err)
	}
	w := tr.Window([]int{0, 0}, []int{1, 0}, nil, 0)
	if !w.HasChannels() || w.Cap(tr.Syms.Intern("c")) != 1 {
		t.Errorf("window: HasChannels %v, cap %d; want true, 1", w.HasChannels(), w.Cap(tr.Syms.Intern("c")))
	}
}

// A window that begins inside holds starts the holding thread with copies
// of their acquires, numbered first in recorded order, and puts its last
// copy before every other thread's own first event.
func TestWindowHolding(t *testing.T) {
	tr, err := ParseText("h.trace", `T1 acquire l
T2 acquire m
T1 write x 1
T2 write y 1
T1 release l
T2 release m
T3 read x 1
`)
	if err != nil {
		t.Fatal(err)
	}
	// Past: T1's and T2's first two events; T1 holds l, T2 holds m.
	w := tr.WindowHolding([]int{2, 2, 0}, []int{3, 3, 1}, nil, 4-2, [][]uint32{{0}, {0}, nil})
	for _, tc := range []struct {
		thread  int
		ops     []Op
		arrival []uint32
	}{
		{0, []Op{OpAcquire, OpRelease}, []uint32{0, 2}},
		{1, []Op{OpAcquire, OpRelease}, []uint32{1, 3}},
		{2, []Op{OpRead}, []uint32{4}},
	} {
		th := w.Threads[tc.thread]
		if len(th.Events) != len(tc.ops) {
			t.Fatalf("thread %d has %d events, want %d", tc.thread, len(th.Events), len(tc.ops))
		}
		for i, op := range tc.ops {
			if th.Events[i].Op != op || th.Arrival[i] != tc.arrival[i] {
				t.Errorf("thread %d event %d: %v at %d, want %v at %d", tc.thread, i, th.Events[i].Op, th.Arrival[i], op, tc.arrival[i])
			}
		}
	}
	want := map[EventRef][]EventRef{
		{Thread: 0, Index: 1}: {{Thread: 1, Index: 0}},
		{Thread: 1, Index: 1}: {{Thread: 0, Index: 0}},
		{Thread: 2, Index: 0}: {{Thread: 0, Index: 0}, {Thread: 1, Index: 0}},
	}
	for to, from := range want {
		got := w.HBSources(to)
		if len(got) != len(from) {
			t.Errorf("hb sources of %v: %v, want %v", to, got, from)
			continue
		}
		for i := range from {
			if got[i] != from[i] {
				t.Errorf("hb sources of %v: %v, want %v", to, got, from)
			}
		}
	}
}
