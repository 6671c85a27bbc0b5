package replay

import (
	"math/rand"
	"slices"
	"testing"

	"gpredict/trace"
)

// TestWitnessStepsRoundTrip: Steps gives back the schedule a witness was
// made of, in every form Compact keeps it in — narrow, wide, runs, long
// enough for tallies — with waits (three steps of one event), commit
// steps, steps that take another case of a select, and over a shared
// head. Steps reads the witness in one pass (walk); each of these is a
// place where that pass can lose a step's thread or part.
func TestWitnessStepsRoundTrip(t *testing.T) {
	tests := []struct {
		name                  string
		threads, steps, split int // split: the head's steps the witness shares (0: none)
		runs, waits           bool
		commits, others       bool
	}{
		{name: "empty", threads: 3},
		{name: "narrow", threads: 3, steps: 200},
		{name: "narrow with tallies", threads: 8, steps: 3*tallyChunk + 17},
		{name: "wide", threads: 300, steps: 900},
		{name: "runs", threads: 4, steps: 3000, runs: true},
		{name: "waits", threads: 4, steps: 400, waits: true},
		{name: "commits", threads: 4, steps: 400, commits: true},
		{name: "other cases", threads: 4, steps: 400, others: true},
		{name: "from the head", threads: 8, steps: 6000, split: 5000, waits: true, others: true},
		{name: "commits from the head", threads: 4, steps: 900, split: 300, commits: true},
		{name: "runs from the head", threads: 4, steps: 5000, split: 100, runs: true},
		{name: "from a head of runs", threads: 4, steps: 5000, split: 4000, runs: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewSource(int64(tc.steps + tc.split)))
			tr := &trace.Trace{Threads: make([]*trace.Thread, tc.threads)}
			for i := range tr.Threads {
				evs := make([]trace.Event, tc.steps+1)
				for k := range evs {
					if tc.waits && rng.Intn(8) == 0 {
						evs[k].Op = trace.OpWait
					}
				}
				tr.Threads[i] = &trace.Thread{Events: evs}
			}
			// A schedule in which every step is its thread's next one.
			var sched []Step
			next := make([]uint32, tc.threads)
			th := 0
			for len(sched) < tc.steps {
				if !tc.runs || rng.Intn(200) == 0 {
					th = rng.Intn(tc.threads)
				}
				r := trace.EventRef{Thread: trace.ThreadID(th), Index: next[th]}
				switch {
				case tr.Event(r).Op == trace.OpWait:
					sched = append(sched, Step{Ref: r, Part: Release}, Step{Ref: r, Part: Wake}, Step{Ref: r, Part: Reacquire})
				case tc.commits && rng.Intn(6) == 0:
					sched = append(sched, Step{Ref: trace.EventRef{Thread: r.Thread, Index: uint32(rng.Intn(tc.steps))}, Part: Commit})
					continue // a commit is not its thread's next event
				case tc.others && rng.Intn(6) == 0:
					sched = append(sched, Step{Ref: r, Part: trace.CasePart(rng.Intn(3))})
				default:
					sched = append(sched, Step{Ref: r})
				}
				next[th]++
			}
			w := Compact(tr, sched)
			if tc.split > 0 {
				head := Compact(tr, sched[:tc.split])
				w = head.Then(tc.split, tr, sched[tc.split:])
			}
			if tc.runs && w.runs == nil || tc.commits && w.commits == nil || tc.others && w.others == nil {
				t.Fatalf("the case does not build the form it names")
			}
			got := w.Steps(tr)
			if !slices.Equal(got, sched) {
				for i := range min(len(got), len(sched)) {
					if got[i] != sched[i] {
						t.Fatalf("step %d of %d: got %v, want %v", i, len(sched), got[i], sched[i])
					}
				}
				t.Fatalf("got %d steps, want %d", len(got), len(sched))
			}
		})
	}
}
