package record

import (
	"testing"

	"gpredict/trace"
)

// TestRecordHandOff: a mutex unlocked by another goroutine than the one
// that locked it (golocks' TestHandOff, which hands one over 300 times
// while the holder writes) has each release in the holder's thread,
// between its acquires, with an hb fact from an event of the unlocking
// goroutine; the holder's own events, logged meanwhile into the same log
// under its state's lock, are all there: no write lost or torn.
func TestRecordHandOff(t *testing.T) {
	const rounds, writes = 300, 100 // golocks' handOffRounds, handOffWrites
	r, tr := recordedTrace(t, "test", "./golocks", "-run", "TestHandOff")
	test, ok := tr.ThreadByName("TestHandOff")
	if !ok {
		t.Fatalf("no thread TestHandOff:\n%s", r.text)
	}
	holder, ok := tr.ThreadByName("golocks/golocks_test.go:68.1")
	if !ok {
		t.Fatalf("no holder thread golocks/golocks_test.go:68.1:\n%s", r.text)
	}
	var ops []trace.Op
	ws := 0
	for k, ev := range tr.Threads[holder].Events {
		switch {
		case ev.Op == trace.OpWrite && tr.Str(ev.Obj) == "Cache.hits@1":
			ws++
		case tr.Str(ev.Obj) != "Server.mu@1":
		case ev.Op == trace.OpAcquire:
			ops = append(ops, ev.Op)
		case ev.Op == trace.OpRelease:
			ops = append(ops, ev.Op)
			from := tr.HBSources(trace.EventRef{Thread: holder, Index: uint32(k)})
			if len(from) != 1 || from[0].Thread != test {
				t.Errorf("the release %d of the holder happens after %v by hb facts; want one event of TestHandOff", k, from)
			}
		}
	}
	if ws != rounds*writes {
		t.Errorf("the holder logged %d writes of Cache.hits@1; want %d", ws, rounds*writes)
	}
	for i, op := range ops {
		if want := []trace.Op{trace.OpAcquire, trace.OpRelease}[i%2]; op != want || len(ops) != 2*rounds {
			t.Fatalf("the holder's events on Server.mu@1 are %v; want %d acquires, each followed by its release", ops, rounds)
		}
	}
	if t.Failed() {
		t.Logf("trace:\n%s", r.text)
	}
}
