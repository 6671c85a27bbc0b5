package replay

import (
	"math/rand"
	"slices"
	"strings"
	"testing"

	"gpredict/trace"
)

// TestWitnessRuns: a witness kept as runs (few long runs of one thread's
// steps) answers every question — Len, Steps, StepOf, Tally, also after
// a shared head — as the same witness kept a byte a step does.
func TestWitnessRuns(t *testing.T) {
	var lines []string
	for th := 1; th <= 4; th++ {
		for i := range 300 {
			lines = append(lines, "T"+string(rune('0'+th))+" write x"+string(rune('a'+i%5))+" 1")
		}
	}
	tr := buildTrace(t, strings.Join(lines, "\n"))
	r := rand.New(rand.NewSource(1))
	for round := range 50 {
		// A schedule of long runs: each thread runs a random stretch.
		next := make([]uint32, 4)
		var sched []Step
		for len(sched) < 1000 {
			th := trace.ThreadID(r.Intn(4))
			for k := 50 + r.Intn(100); k > 0 && int(next[th]) < 300; k-- {
				sched = append(sched, Step{Ref: trace.EventRef{Thread: th, Index: next[th]}})
				next[th]++
			}
		}
		runs := Compact(tr, sched)
		if runs.runs == nil {
			t.Fatalf("round %d: %d steps in long runs not kept as runs", round, len(sched))
		}
		bytes := Witness{narrow: make([]uint8, len(sched))}
		for i, s := range sched {
			bytes.narrow[i] = uint8(s.Ref.Thread)
		}
		bytes.tally(len(tr.Threads), ownChunk(len(tr.Threads)))
		cut := r.Intn(len(sched))
		headR, headB := runs.Then(cut, tr, sched[cut:]), bytes.Then(cut, tr, sched[cut:])
		for _, pair := range [][2]Witness{{runs, bytes}, {headR, headB}} {
			a, b := pair[0], pair[1]
			if a.Len() != b.Len() || !slices.Equal(a.Steps(tr), b.Steps(tr)) {
				t.Fatalf("round %d: steps differ", round)
			}
			for th := range 4 {
				for k := 0; k <= 300; k += 7 {
					if x, y := a.StepOf(trace.ThreadID(th), k), b.StepOf(trace.ThreadID(th), k); x != y {
						t.Fatalf("round %d: StepOf(T%d, %d) = %d, want %d", round, th+1, k, x, y)
					}
				}
			}
			for range 20 {
				lo := r.Intn(a.Len())
				hi := lo + r.Intn(a.Len()-lo+1)
				ca, cb := make([]int, 4), make([]int, 4)
				sa, sb := make([]bool, 4), make([]bool, 4)
				oa := a.Tally(lo, hi, ca, sa, nil)
				ob := b.Tally(lo, hi, cb, sb, nil)
				if !slices.Equal(ca, cb) || !slices.Equal(oa, ob) {
					t.Fatalf("round %d: Tally(%d, %d) = %v %v, want %v %v", round, lo, hi, ca, oa, cb, ob)
				}
			}
		}
	}
}
