package history

import (
	"math/rand/v2"
	"testing"
)

// TestAtMatchesCopies replays random runs over small arrays, keeping a
// full copy of the array after every step, and checks that the frozen
// history gives every entry of every copy.
func TestAtMatchesCopies(t *testing.T) {
	for seed := range uint64(50) {
		rng := rand.New(rand.NewPCG(seed, 7))
		n, steps := 1+rng.IntN(8), rng.IntN(60)
		cur := make([]int, n)
		copies := [][]int{append([]int(nil), cur...)} // copies[s]: after the first s steps
		set := make([][]bool, 1)
		set[0] = make([]bool, n)
		var rec Recorder[int]
		for s := range steps {
			was := append([]bool(nil), set[len(set)-1]...)
			// A step changes zero, one or two entries (the engine's steps
			// change at most one per array; more must work too).
			for range rng.IntN(3) {
				i := rng.IntN(n)
				v := rng.IntN(100)
				cur[i] = v
				was[i] = true
				rec.Add(s, int32(i), v)
			}
			copies = append(copies, append([]int(nil), cur...))
			set = append(set, was)
		}
		a := rec.Freeze(n)
		if a.Len() != n {
			t.Fatalf("seed %d: Len %d, want %d", seed, a.Len(), n)
		}
		for s, c := range copies {
			for i, want := range c {
				got, ok := a.At(int32(i), s)
				if ok != set[s][i] || (ok && got != want) {
					t.Fatalf("seed %d: entry %d after %d steps: got %d,%v, want %d,%v", seed, i, s, got, ok, want, set[s][i])
				}
			}
		}
	}
}
