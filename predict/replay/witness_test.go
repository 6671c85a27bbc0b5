package replay

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"gpredict/trace"
)

// TestWitnessTalliesMatchWalk checks StepOf and Tally, which use the
// tallies of long witnesses, against walking the witness step by step,
// on witnesses below and above the tallies' size, narrow and wide, with
// and without a shared head, and on stretches that start and end inside
// a chunk, on a chunk boundary or at the ends; dense marks the witnesses
// made with CompactShared (the head, or the witness when it has none).
func TestWitnessTalliesMatchWalk(t *testing.T) {
	tests := []struct {
		threads, headLen, shared, own int
		dense                         bool
	}{
		{3, 0, 0, 0, false},
		{3, 0, 0, 100, false},
		{3, 0, 0, 2 * tallyChunk, false},
		{3, 0, 0, 2*tallyChunk + 1, false},
		{3, 0, 0, 5 * tallyChunk, false},
		{8, 0, 0, 7*tallyChunk + 123, false},
		{300, 0, 0, 40000, false},
		{8, 30000, 0, 50, false},
		{8, 30000, 12000, 9000, false},
		{8, 30000, 30000, 20000, false},
		{8, 3 * tallyChunk, 3 * tallyChunk, 0, false},
		{300, 50000, 25000, 100, false},
		{3, 0, 0, 5*sharedTallyChunk + 7, true},
		{8, 0, 0, 3*tallyChunk + 5, true},
		{8, 30000, 12000, 9000, true},
		{8, 30000, 30000, 0, true},
		{300, 50000, 25000, 100, true},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%d threads head %d/%d own %d dense %v", tc.threads, tc.shared, tc.headLen, tc.own, tc.dense), func(t *testing.T) {
			rng := rand.New(rand.NewSource(int64(tc.own + tc.shared)))
			tr := &trace.Trace{Threads: make([]*trace.Thread, tc.threads)}
			steps := func(n int) []Step {
				// A few threads take most steps, one appears only late,
				// so that first appearances are not all at the start.
				out := make([]Step, n)
				for i := range out {
					th := rng.Intn(min(3, tc.threads))
					if i > n*3/4 && rng.Intn(50) == 0 {
						th = tc.threads - 1
					}
					out[i] = Step{Ref: trace.EventRef{Thread: trace.ThreadID(th)}}
				}
				return out
			}
			compactHead := Compact
			if tc.dense {
				compactHead = CompactShared
			}
			w := compactHead(tr, steps(tc.own))
			if tc.headLen > 0 {
				head := compactHead(tr, steps(tc.headLen))
				w = head.Then(tc.shared, tr, steps(tc.own))
			}
			n := w.Len()
			walk := make([]trace.ThreadID, n)
			for i := range walk {
				walk[i] = w.Thread(i)
			}
			for th := range tc.threads {
				var at []int
				for i, u := range walk {
					if int(u) == th {
						at = append(at, i)
					}
				}
				for _, k := range []int{0, 1, len(at) / 2, len(at) - 1, len(at), len(at) + 1} {
					if k < 0 {
						continue
					}
					want := -1
					if k < len(at) {
						want = at[k]
					}
					if got := w.StepOf(trace.ThreadID(th), k); got != want {
						t.Fatalf("StepOf(T%d, %d) = %d, want %d", th, k, got, want)
					}
				}
			}
			cuts := []int{0, n, n / 2, tallyChunk, tallyChunk + 1, sharedTallyChunk, 3*sharedTallyChunk + 1, tc.shared, tc.shared + 1}
			for range 20 {
				cuts = append(cuts, rng.Intn(n+1))
			}
			for _, a := range cuts {
				for _, b := range cuts {
					if a > n || b > n || a > b {
						continue
					}
					seen := make([]bool, tc.threads)
					seen[0] = a%2 == 0 // a thread already met is not listed again
					wantSeen := slices.Clone(seen)
					counts, wantCounts := make([]int, tc.threads), make([]int, tc.threads)
					var wantOrder []trace.ThreadID
					for _, u := range walk[a:b] {
						wantCounts[u]++
						if !wantSeen[u] {
							wantSeen[u] = true
							wantOrder = append(wantOrder, u)
						}
					}
					order := w.Tally(a, b, counts, seen, nil)
					if !slices.Equal(order, wantOrder) || !slices.Equal(counts, wantCounts) || !slices.Equal(seen, wantSeen) {
						t.Fatalf("Tally(%d, %d): order %v counts %v, want %v %v", a, b, order, counts, wantOrder, wantCounts)
					}
				}
			}
		})
	}
}
