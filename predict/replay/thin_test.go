package replay

import "testing"

// TestThinKeepsEvenlySpreadMarks: thinning to a stride keeps the marks at
// multiples of it (those that were clean) and counts what they copy.
func TestThinKeepsEvenlySpreadMarks(t *testing.T) {
	state := &replayer{started: make([]uint32, 2)}
	marks := make([]Mark, 7)
	for k := range marks {
		marks[k] = Mark{Steps: 10 * k, Clean: k != 4, state: state}
		if k == 4 {
			marks[k].state = nil
		}
	}
	size := thin(marks, 2)
	for k, m := range marks {
		want := k%2 == 0 && k != 4
		if m.Clean != want || (m.state != nil) != want {
			t.Errorf("mark %d: clean %v, want %v", k, m.Clean, want)
		}
	}
	if want := 3 * state.markBytes(); size != want {
		t.Errorf("size %d, want %d", size, want)
	}
}
