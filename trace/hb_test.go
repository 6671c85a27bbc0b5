package trace

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestSharedLocksAndHB reads testdata/valid/shared_hb.trace and checks the
// facts and statistics the new kinds give.
func TestSharedLocksAndHB(t *testing.T) {
	tr, err := Read([]string{filepath.Join("testdata", "valid", "shared_hb.trace")}, "")
	if err != nil {
		t.Fatal(err)
	}
	var facts []string
	for _, f := range tr.HB() {
		facts = append(facts, tr.ID(f.From)+"<"+tr.ID(f.To))
	}
	if got, want := strings.Join(facts, " "), "T1#3<T2#2 T2#4<T3#1"; got != want {
		t.Errorf("facts %s; want %s", got, want)
	}
	to, _ := tr.Ref("T2#2")
	if src := tr.HBSources(to); len(src) != 1 || tr.ID(src[0]) != "T1#3" {
		t.Errorf("HBSources(T2#2) = %v; want [T1#3]", src)
	}
	st := tr.Stats()
	if st.PerKind["racquire"] != 4 || st.PerKind["rrelease"] != 4 || st.HB != 2 || st.Locks != 1 {
		t.Errorf("stats: %d racquire, %d rrelease, %d hb, %d locks; want 4, 4, 2, 1", st.PerKind["racquire"], st.PerKind["rrelease"], st.HB, st.Locks)
	}
	// T2 and T3 are never forked; T3 starts after T2#4 (an hb fact), T2
	// may start at any time.
	if len(tr.Warnings) != 1 || tr.Warnings[0].Count != 1 || tr.Warnings[0].Example != "thread T2" {
		t.Errorf("warnings %v; want one: thread T2 never forked", tr.Warnings)
	}
}

// TestSharedHoldAtEnd: a shared hold still open at the end is a warning
// that says it is shared.
func TestSharedHoldAtEnd(t *testing.T) {
	tr, err := ParseText("h.trace", "T1 racquire m\nT1 acquire n\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Warnings) != 1 || tr.Warnings[0].String() != "lock held at end of trace: 2 times, first: thread T1 holds m (shared)" {
		t.Errorf("warnings %v", tr.Warnings)
	}
	if !strings.Contains(tr.Warnings[0].Kind, "lock held") {
		t.Errorf("kind %q", tr.Warnings[0].Kind)
	}
}

// TestAddHB: facts added by a generator are checked like directives.
func TestAddHB(t *testing.T) {
	for _, tc := range []struct {
		name, src, from, to, err string
	}{
		{"ok", "T1 write x 1\nT2 read x 1\n", "T1#1", "T2#1", ""},
		{"backward", "T1 write x 1\nT1 read x 1\n", "T1#2", "T1#1", "is not after"},
		{"cycle", "T1 write x 1\nT1 write x 2\nT2 read x 1\nhb T2:1 T1:1\n", "T1#2", "T2#1", "cycle"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := NewBuilder()
			if err := ReadText(b, "g.trace", strings.NewReader(tc.src)); err != nil {
				t.Fatal(err)
			}
			from, _ := b.tr.Ref(tc.from)
			to, _ := b.tr.Ref(tc.to)
			b.AddHB(from, to)
			err := b.Resolve()
			if (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("Resolve: %v; want error containing %q", err, tc.err)
			}
		})
	}
}

// TestLockKinds reads testdata/valid/go_locks.trace: the declared kinds,
// the default, the request ops in the statistics, and a request as a
// thread's last event (the run ended while the thread waited), which is
// no error.
func TestLockKinds(t *testing.T) {
	tr, err := Read([]string{filepath.Join("testdata", "valid", "go_locks.trace")}, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		lock string
		want LockKind
	}{{"mu", LockMutex}, {"rw", LockRWMutex}, {"monitor", LockReentrant}, {"x", LockReentrant}} {
		l, _ := tr.Syms.Lookup(tc.lock)
		if got := tr.Kind(l); got != tc.want {
			t.Errorf("Kind(%s) = %s; want %s", tc.lock, got, tc.want)
		}
	}
	st := tr.Stats()
	if st.PerKind["request"] != 3 || st.PerKind["rrequest"] != 1 || st.Locks != 3 {
		t.Errorf("stats: %d request, %d rrequest, %d locks; want 3, 1, 3", st.PerKind["request"], st.PerKind["rrequest"], st.Locks)
	}
	w1, _ := tr.ThreadByName("w1")
	if evs := tr.Threads[w1].Events; evs[len(evs)-1].Op != OpRequest {
		t.Errorf("w1 ends with %s; want its pending request", evs[len(evs)-1].Op)
	}
}

// TestStacks reads testdata/valid/stacks.trace: events carry their stack
// id when stack=ID comes after all of the op's operands; otherwise the
// token is an operand (a read of the value "stack=notakey", a wait on the
// signal "stack=c2").
func TestStacks(t *testing.T) {
	tr, err := Read([]string{filepath.Join("testdata", "valid", "stacks.trace")}, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		id, stack, val string
	}{
		{"main#1", "s2", ""}, {"main#2", "s2", "1"}, {"w#1", "", "stack=notakey"}, {"w#2", "s1", "1"},
		{"w#3", "s1", ""}, {"w#4", "s1", "c"}, {"w#5", "", "stack=c2"}, {"w#6", "", ""}, {"w#7", "s1", ""},
	} {
		r, ok := tr.Ref(tc.id)
		if !ok {
			t.Fatalf("no event %s", tc.id)
		}
		if got := tr.Str(tr.StackID(r)); got != tc.stack {
			t.Errorf("%s: stack %q; want %q", tc.id, got, tc.stack)
		}
		if ev := tr.Event(r); tc.val != "" && tr.Str(ev.Val) != tc.val {
			t.Errorf("%s: value %q; want %q", tc.id, tr.Str(ev.Val), tc.val)
		}
	}
	r, _ := tr.Ref("w#2")
	frames, ok := tr.Stack(r)
	want := []Frame{{"main.worker", "/src/app/main.go", 12}, {"main.main.gowrap1", "/src/app/main.go", 30}}
	if !ok || !sameFrames(frames, want) {
		t.Errorf("w#2's stack %v; want %v", frames, want)
	}
}
