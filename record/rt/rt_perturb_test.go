package rt

import (
	"slices"
	"testing"
)

// TestPerturbDecisions: a goroutine's decisions depend on the seed and
// its name only (the same twice, different for another seed or name),
// and yield about as often as their chance says.
func TestPerturbDecisions(t *testing.T) {
	decide := func(seed uint64, name string, oneIn uint64, n int) []bool {
		var g rng
		out := make([]bool, n)
		for i := range out {
			out[i] = yields(g.draw(seed, name), oneIn)
		}
		return out
	}
	a := decide(7, "x.go:3.1", oneInStart, 64)
	if !slices.Equal(a, decide(7, "x.go:3.1", oneInStart, 64)) {
		t.Errorf("one seed and name, two sequences of decisions")
	}
	if slices.Equal(a, decide(8, "x.go:3.1", oneInStart, 64)) || slices.Equal(a, decide(7, "x.go:3.2", oneInStart, 64)) {
		t.Errorf("another seed or name, the same 64 decisions")
	}
	for _, oneIn := range []uint64{oneInStart, oneInSync} {
		const n = 1 << 16
		yes := 0
		for _, y := range decide(42, "main", oneIn, n) {
			if y {
				yes++
			}
		}
		if want := n / int(oneIn); yes < want*9/10 || yes > want*11/10 {
			t.Errorf("one in %d: %d yields in %d draws; want about %d", oneIn, yes, n, want)
		}
	}
}
