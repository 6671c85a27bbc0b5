package predict

import (
	"runtime/debug"
	"testing"
)

// TestGCPercentFor: Go's default below twice gcHeadroom of live heap,
// then a heap that grows by a quarter of what is live, never less than
// gcHeadroom.
func TestGCPercentFor(t *testing.T) {
	const mib = 1 << 20
	tests := []struct {
		live uint64
		want int
	}{
		{0, 100},
		{64 * mib, 100},
		{128 * mib, 100},
		{256 * mib, 50},
		{384 * mib, 30},
		{550 * mib, 25},
		{4096 * mib, 25},
	}
	for _, tc := range tests {
		if got := gcPercentFor(tc.live); got != tc.want {
			t.Errorf("gcPercentFor(%d MiB) = %d, want %d", tc.live/mib, got, tc.want)
		}
	}
}

// TestGCPacerLeavesUserGOGC: a GOGC the user set is left as it is, and
// the one from before a run comes back after it.
func TestGCPacerLeavesUserGOGC(t *testing.T) {
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	t.Setenv("GOGC", "100")
	p := newGCPacer()
	if p.on {
		t.Fatal("the pacer is on though GOGC is set")
	}
	t.Setenv("GOGC", "")
	debug.SetGCPercent(70)
	p = newGCPacer()
	if !p.on {
		t.Fatal("the pacer is off though GOGC is not set")
	}
	p.percent = 0 // as if another was set: adjust sets it again
	p.adjust()
	if got := debug.SetGCPercent(-1); got != p.percent || got < 25 || got > 100 {
		t.Errorf("GOGC %d after adjust, want the pacer's %d", got, p.percent)
	}
	p.stop()
	if got := debug.SetGCPercent(before); got != 70 {
		t.Errorf("GOGC %d after the run, want 70 as before it", got)
	}
}
