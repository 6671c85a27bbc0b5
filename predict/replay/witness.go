package replay

import "gpredict/trace"

// Witness is a schedule kept compactly. A valid schedule is determined by
// which thread takes each step: a thread's steps follow its events in
// order, a wait's three parts in turn (rule 1). So only the thread of
// each step is kept, one byte per step when the trace has at most 256
// threads. A witness of a long recording holds every thread's past, a
// hundred thousand steps or more, and a run keeps one per report; most
// of them start with the same prefix of the recorded order, which they
// then share (Then) rather than copy.
//
// A report finds its chosen events in the witness and summarises the
// stretches between them (StepOf, Tally). A long witness therefore keeps,
// every chunk steps, how many of its own steps each thread has taken
// (tallies), so that neither walks the shared prefix step by step: with
// --all on a 100K-event recording that walk was 90% of the time spent
// writing the report.
type Witness struct {
	// head's first headLen steps come before the witness's own steps.
	head    *Witness
	headLen int
	narrow  []uint8
	wide    []uint32
	// runs, when set, holds the own steps instead of narrow and wide
	// (witness_runs.go).
	runs []threadRun
	// tallies[c*threads+t] is the number of thread t's steps among the
	// own steps before c*chunk (nil: the witness is too short to need it).
	tallies []int32
	threads int
	chunk   int
	// commits holds the own positions of commit steps (TSO and PSO,
	// witness_commit.go), nil when there are none: such a step is not one
	// of its thread's events, so the counts above skip it.
	commits map[int]trace.EventRef
	// others holds the own positions of the steps that take another case
	// of a select (and which), nil when there are none: such a step is
	// its event's one step, so it counts as its thread's.
	others map[int]Part
}

// tallyChunk is the least distance between two tallies; with many
// threads it grows, so that the tallies stay smaller than the steps.
const tallyChunk = 4096

// Then is the witness made of w's first n steps followed by steps (which
// must continue them: every step its thread's next one). The result
// shares w's steps.
func (w *Witness) Then(n int, tr *trace.Trace, steps []Step) Witness {
	own := Compact(tr, steps)
	own.head, own.headLen = w, n
	return own
}

// Compact keeps sched, a schedule in which every step is its thread's
// next one (as every valid schedule is), as a Witness.
func Compact(tr *trace.Trace, sched []Step) Witness {
	return compact(tr, sched, ownChunk(len(tr.Threads)))
}

// CompactShared is Compact for a witness that many others extend (Then):
// the base order, which every report's witness starting with it shares.
// Each report finds its chosen events in it and tallies the stretches
// before them, and each of those looks walks up to a chunk of steps from
// the tally before it: with Compact's chunk of 4,096 steps that walk was
// a third of the 100K-event lock-heavy member's run (STD, 120,702
// reports, 9 s of 28). One shared witness can afford tallies a hundred
// times denser (sharedChunk).
func CompactShared(tr *trace.Trace, sched []Step) Witness {
	return compact(tr, sched, sharedChunk(len(tr.Threads)))
}

// ownChunk is the distance between two tallies of a witness of its own:
// at least tallyChunk, and more with many threads, so that the tallies
// stay smaller than the steps (a run keeps one witness per report).
func ownChunk(threads int) int { return max(tallyChunk, 16*threads) }

// sharedChunk is the distance between two tallies of a shared witness:
// sharedTallyChunk, or the number of threads when that is larger, so that
// the tallies take at most four bytes a step.
func sharedChunk(threads int) int { return max(sharedTallyChunk, threads) }

// sharedTallyChunk is the least distance between two tallies of a shared
// witness.
const sharedTallyChunk = 64

func compact(tr *trace.Trace, sched []Step, chunk int) Witness {
	var w Witness
	w.commits = commitsOf(sched)
	w.others = othersOf(sched)
	if w.commits == nil {
		w.runs = runsOf(sched)
	}
	switch {
	case w.runs != nil:
	case len(tr.Threads) <= 256:
		w.narrow = make([]uint8, len(sched))
		for i, s := range sched {
			w.narrow[i] = uint8(s.Ref.Thread)
		}
	default:
		w.wide = make([]uint32, len(sched))
		for i, s := range sched {
			w.wide[i] = uint32(s.Ref.Thread)
		}
	}
	w.tally(len(tr.Threads), chunk)
	return w
}

// tally computes the tallies of a witness with more than two chunks of
// own steps, one every chunk steps.
func (w *Witness) tally(threads, chunk int) {
	w.threads, w.chunk = threads, chunk
	n := w.own()
	if n <= 2*w.chunk || w.runs != nil {
		return
	}
	w.tallies = make([]int32, (n/w.chunk+1)*threads)
	run := make([]int32, threads)
	for i := range n {
		if i%w.chunk == 0 {
			copy(w.tallies[i/w.chunk*threads:], run)
		}
		if !w.isCommit(i) {
			run[w.ownThread(i)]++
		}
	}
	if n%w.chunk == 0 {
		copy(w.tallies[n/w.chunk*threads:], run)
	}
}

// own is the number of the witness's own steps; ownThread the thread of
// own step i.
func (w Witness) own() int {
	if len(w.runs) > 0 {
		return int(w.runs[len(w.runs)-1].end)
	}
	return len(w.narrow) + len(w.wide)
}

func (w Witness) ownThread(i int) trace.ThreadID {
	if w.runs != nil {
		return trace.ThreadID(w.runs[w.runAt(i)].thread)
	}
	if w.narrow != nil {
		return trace.ThreadID(w.narrow[i])
	}
	return trace.ThreadID(w.wide[i])
}

// ownBefore adds to counts[t] the number of thread t's steps among the
// first n own steps.
func (w Witness) ownBefore(n int, counts []int) {
	if w.runs != nil {
		w.runsBefore(n, counts)
		return
	}
	a := 0
	if w.tallies != nil {
		c := n / w.chunk
		for t, k := range w.tallies[c*w.threads : (c+1)*w.threads] {
			counts[t] += int(k)
		}
		a = c * w.chunk
	}
	for i := a; i < n; i++ {
		if !w.isCommit(i) {
			counts[w.ownThread(i)]++
		}
	}
}

// count is the number of thread t's steps among the first n steps.
func (w Witness) count(t trace.ThreadID, n int) int {
	c := 0
	if w.head != nil {
		c = w.head.count(t, min(n, w.headLen))
	}
	if n -= w.headLen; n > 0 {
		counts := make([]int, w.threads)
		w.ownBefore(n, counts)
		c += counts[t]
	}
	return c
}

// StepOf is the position of thread t's step k (counting from 0), or -1
// when thread t has no more than k steps.
func (w Witness) StepOf(t trace.ThreadID, k int) int {
	if w.head != nil {
		inHead := w.head.count(t, w.headLen)
		if k < inHead {
			return w.head.StepOf(t, k)
		}
		k -= inHead
	}
	if w.runs != nil {
		if i := w.runsStepOf(t, k); i >= 0 {
			return w.headLen + i
		}
		return -1
	}
	a := 0
	if w.tallies != nil {
		// The last tally with at most k steps of t: step k is after it.
		lo, hi := 0, len(w.tallies)/w.threads-1
		for lo < hi {
			m := (lo + hi + 1) / 2
			if int(w.tallies[m*w.threads+int(t)]) <= k {
				lo = m
			} else {
				hi = m - 1
			}
		}
		a = lo * w.chunk
		k -= int(w.tallies[lo*w.threads+int(t)])
	}
	for i, n := a, w.own(); i < n; i++ {
		if w.ownThread(i) == t && !w.isCommit(i) {
			if k == 0 {
				return w.headLen + i
			}
			k--
		}
	}
	return -1
}

// Len is the number of steps.
func (w Witness) Len() int { return w.headLen + w.own() }

// thread is the thread of step i.
func (w Witness) thread(i int) trace.ThreadID {
	if i < w.headLen {
		return w.head.thread(i)
	}
	return w.ownThread(i - w.headLen)
}

// Steps expands the witness back into its schedule over tr (the trace it
// was made from).
func (w Witness) Steps(tr *trace.Trace) []Step {
	out := make([]Step, 0, w.Len())
	next := make([]uint32, len(tr.Threads))
	part := make([]Part, len(tr.Threads)) // the part of the wait in progress
	w.walk(w.Len(), func(t trace.ThreadID, c trace.EventRef, commit bool, other Part) {
		if commit {
			out = append(out, Step{Ref: c, Part: Commit})
			return
		}
		r := trace.EventRef{Thread: t, Index: next[t]}
		if tr.Threads[t].Events[r.Index].Op != trace.OpWait {
			out = append(out, Step{Ref: r, Part: other})
			next[t]++
			return
		}
		part[t]++ // Release, Wake, Reacquire
		out = append(out, Step{Ref: r, Part: part[t]})
		if part[t] == Reacquire {
			part[t] = Whole
			next[t]++
		}
	})
	return out
}

// Thread is the thread of step i.
func (w Witness) Thread(i int) trace.ThreadID { return w.thread(i) }

// Tally adds to counts[t] the number of steps of thread t among steps
// [a, b) of w, and appends to order every thread met there whose seen
// entry is false (setting it): one tight pass, without spelling out the
// steps, so that a report can summarise a stretch of a long witness.
func (w Witness) Tally(a, b int, counts []int, seen []bool, order []trace.ThreadID) []trace.ThreadID {
	if a < w.headLen {
		order = w.head.Tally(a, min(b, w.headLen), counts, seen, order)
		a = w.headLen
	}
	if a >= b {
		return order
	}
	if w.tallies != nil && b-a > 2*w.chunk {
		return w.tallyFast(a-w.headLen, b-w.headLen, counts, seen, order)
	}
	note := func(t trace.ThreadID) {
		counts[t]++
		if !seen[t] {
			seen[t] = true
			order = append(order, t)
		}
	}
	if w.runs != nil {
		w.runsTally(a-w.headLen, b-w.headLen, func(t trace.ThreadID, k int) {
			note(t)
			counts[t] += k - 1
		})
		return order
	}
	if w.commits != nil {
		for i := a - w.headLen; i < b-w.headLen; i++ {
			if !w.isCommit(i) {
				note(w.ownThread(i))
			}
		}
		return order
	}
	if w.narrow != nil {
		for _, t := range w.narrow[a-w.headLen : b-w.headLen] {
			note(trace.ThreadID(t))
		}
		return order
	}
	for _, t := range w.wide[a-w.headLen : b-w.headLen] {
		note(trace.ThreadID(t))
	}
	return order
}

// tallyFast is Tally over own steps [a, b) from the tallies: the counts
// are differences of two tallies, and only the start of the stretch is
// walked, until every thread with a step in it has been met.
func (w Witness) tallyFast(a, b int, counts []int, seen []bool, order []trace.ThreadID) []trace.ThreadID {
	in := make([]int, w.threads)
	w.ownBefore(b, in)
	before := make([]int, w.threads)
	w.ownBefore(a, before)
	missing := 0
	for t := range in {
		in[t] -= before[t]
		counts[t] += in[t]
		if in[t] > 0 && !seen[t] {
			missing++
		}
	}
	for i := a; i < b && missing > 0; i++ {
		if t := w.ownThread(i); !seen[t] {
			seen[t] = true
			order = append(order, t)
			missing--
		}
	}
	return order
}
