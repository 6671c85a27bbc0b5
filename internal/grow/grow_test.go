package grow

import (
	"slices"
	"testing"
)

// TestAppend: the elements are those appended, in order, and a full
// slice's capacity doubles, so that n appends copy fewer than 2n
// elements in all (append's growth by a quarter, about 4n).
func TestAppend(t *testing.T) {
	for _, n := range []int{0, 1, 8, 9, 1000, 100_000} {
		var s, want []int
		copied := 0
		for i := range n {
			if len(s) == cap(s) {
				copied += len(s)
			}
			before := cap(s)
			s = Append(s, i)
			want = append(want, i)
			if before > 0 && cap(s) != before && cap(s) != 2*before {
				t.Fatalf("n=%d: capacity %d after %d, want %d or %d", n, cap(s), before, before, 2*before)
			}
		}
		if !slices.Equal(s, want) {
			t.Fatalf("n=%d: elements differ", n)
		}
		if copied >= max(2*n, 1) {
			t.Errorf("n=%d: %d elements copied, want fewer than 2n", n, copied)
		}
	}
}
