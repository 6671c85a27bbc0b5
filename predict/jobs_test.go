package predict

import (
	"slices"
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/predict/replay"
	"gpredict/trace"
)

// TestJobStoreRoundTrip: what the producer puts in a jobStore — choices
// of one to four events (the first two inline, the rest in the store),
// first and later bindings — comes back job by job, in production order,
// across chunks, and at(seq) is the job add made.
func TestJobStoreRoundTrip(t *testing.T) {
	s := newJobStore()
	s.plans = []*altPlan{{altIdx: 0}, {altIdx: 1}}
	const n = 3<<jobChunkBits + 17
	for b := range 5 {
		s.bindings = append(s.bindings, []trace.Sym{trace.Sym(b + 1)})
	}
	choiceOf := func(i int) []trace.EventRef {
		c := make([]trace.EventRef, i%4+1)
		for k := range c {
			c[k] = trace.EventRef{Thread: trace.ThreadID(k + i%3), Index: uint32(i*7 + k)}
		}
		return c
	}
	made := make([]*job, n)
	for i := range n {
		j, seq := s.add(i%2, choiceOf(i), int32(i%5), int32(i/3))
		if int(seq) != i || s.len() != i+1 {
			t.Fatalf("job %d: seq %d, len %d", i, seq, s.len())
		}
		made[i] = j
		if i%7 == 0 {
			s.addBinding(seq, int32((i+1)%5))
			s.addBinding(seq, int32((i+2)%5))
		}
	}
	seen := 0
	s.each(func(seq int32, j *job) {
		i := int(seq)
		if i != seen {
			t.Fatalf("each gave seq %d, want %d", i, seen)
		}
		seen++
		if j != made[i] || s.at(seq) != j {
			t.Fatalf("job %d: each and at do not give the job add made", i)
		}
		if got, want := s.choiceOf(nil, j), choiceOf(i); !slices.Equal(got, want) {
			t.Fatalf("job %d: choice %v, want %v", i, got, want)
		}
		if int(j.plan) != i%2 || j.group != int32(i/3) {
			t.Fatalf("job %d: plan %d group %d", i, j.plan, j.group)
		}
		var got []trace.Sym
		s.bindingsOf(j, seq, func(b []trace.Sym) { got = append(got, b...) })
		want := []trace.Sym{trace.Sym(i%5 + 1)}
		if i%7 == 0 {
			want = append(want, trace.Sym((i+1)%5+1), trace.Sym((i+2)%5+1))
		}
		if !slices.Equal(got, want) || s.numBindings(seq) != len(want) {
			t.Fatalf("job %d: bindings %v (%d), want %v", i, got, s.numBindings(seq), want)
		}
	})
	if seen != n {
		t.Fatalf("each gave %d jobs, want %d", seen, n)
	}
}

// TestGroupsKeepFirstViolation: a group's violation is the first formed
// of those found, whichever order they are found in; the others' witnesses
// are dropped, later candidates are settled, and only the first is not
// hidden.
func TestGroupsKeepFirstViolation(t *testing.T) {
	s := newJobStore()
	gs := &groups{best: []int32{noViolation, noViolation}}
	tr := testtrace.Text(t, "T1 write x 1\nT1 write x 2\n")
	steps := []replay.Step{{Ref: trace.EventRef{Thread: tr.Threads[0].ID, Index: 0}}, {Ref: trace.EventRef{Thread: tr.Threads[0].ID, Index: 1}}}
	ws := newWitnessStore(tr, nil, -1)
	ws.tried = true // no file: every witness in memory
	var jobs []*job
	for i := range 8 {
		j, _ := s.add(0, []trace.EventRef{{Index: uint32(i)}}, 0, int32(i%2))
		jobs = append(jobs, j)
	}
	find := func(seq int32) {
		j := jobs[seq]
		j.verdict, j.flags = Sat, j.flags|jobDone
		j.witness = ws.keep(replay.Compact(tr, steps))
		gs.found(j, seq, s, ws.drop)
	}
	if gs.settled(0, 7) {
		t.Fatal("a group with no violation is settled")
	}
	find(4)
	find(2) // formed before 4: replaces it
	find(6) // formed after 2: dropped
	for seq, want := range map[int32]bool{4: false, 2: true, 6: false} {
		if got := jobs[seq].witness != (witnessRef{}); got != want {
			t.Errorf("job %d keeps a witness: %v, want %v", seq, got, want)
		}
	}
	if gs.best[0] != 2 {
		t.Errorf("group 0's violation is job %d, want 2", gs.best[0])
	}
	for seq, want := range map[int32]bool{0: false, 2: false, 3: true, 6: true} {
		if got := gs.settled(0, seq); got != want {
			t.Errorf("settled(0, %d) = %v, want %v", seq, got, want)
		}
	}
	for seq, want := range map[int32]bool{0: false, 2: false, 4: true, 6: true, 1: false, 3: false} {
		if got := gs.hides(jobs[seq], seq); got != want {
			t.Errorf("hides(job %d) = %v, want %v", seq, got, want)
		}
	}
	jobs[5].flags |= jobSkipped | jobDone
	if !gs.hides(jobs[5], 5) {
		t.Error("a skipped job is not hidden")
	}
	if gs.settled(noGroup, 7) || gs.hides(&job{group: noGroup}, 7) {
		t.Error("a job of no group (--all) is settled or hidden")
	}
	// The dropped witnesses (kept in memory) are let go; the first's
	// is still there.
	for seq, want := range map[int32]int{2: 2} {
		if w, _ := ws.handle(jobs[seq].witness).Load(); w.Len() != want {
			t.Errorf("job %d's witness has %d steps, want %d", seq, w.Len(), want)
		}
	}
	if len(ws.mem) != 3 {
		t.Fatalf("%d witnesses kept in memory, want 3", len(ws.mem))
	}
	for i, w := range ws.mem {
		if got, want := w.Len(), map[bool]int{true: 2, false: 0}[uint32(i) == jobs[2].witness.lo]; got != want {
			t.Errorf("witness %d in memory has %d steps, want %d", i, got, want)
		}
	}
}
