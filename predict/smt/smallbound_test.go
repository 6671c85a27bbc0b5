package smt

import "testing"

// TestSmallBound checks the small stages' bound on closed slices: their
// own, never below the exact stage's, and none when that one has none.
func TestSmallBound(t *testing.T) {
	for _, tc := range []struct{ maxSlice, maxSmall, want int }{
		{10000, 100000, 100000},
		{10000, 0, 10000},
		{200000, 100000, 200000},
		{0, 100000, 0},
	} {
		c := Config{MaxSlice: tc.maxSlice, MaxSmallSlice: tc.maxSmall}
		if got := c.smallBound(); got != tc.want {
			t.Errorf("MaxSlice %d, MaxSmallSlice %d: bound %d, want %d", tc.maxSlice, tc.maxSmall, got, tc.want)
		}
	}
}
