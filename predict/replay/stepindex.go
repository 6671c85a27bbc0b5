package replay

import (
	"sort"

	"gpredict/trace"
)

// StepIndex maps between a thread's events and its steps in a schedule:
// the k-th step of a thread is its k-th event, except that a wait takes
// three steps. It lets a report name the steps of a witness it has not
// spelt out (Witness.Tally counts them).
type StepIndex struct {
	tr *trace.Trace
	// before[t][i] is the number of steps of thread t's events before
	// event i; nil for a thread without waits (where it is i).
	before [][]uint32
}

// NewStepIndex indexes tr's threads.
func NewStepIndex(tr *trace.Trace) *StepIndex {
	x := &StepIndex{tr: tr, before: make([][]uint32, len(tr.Threads))}
	for t, th := range tr.Threads {
		hasWait := false
		for i := range th.Events {
			if th.Events[i].Op == trace.OpWait {
				hasWait = true
				break
			}
		}
		if !hasWait {
			continue
		}
		b := make([]uint32, len(th.Events))
		n := uint32(0)
		for i := range th.Events {
			b[i] = n
			n++
			if th.Events[i].Op == trace.OpWait {
				n += 2
			}
		}
		x.before[t] = b
	}
	return x
}

// StepsBefore is the number of steps of r's thread before r's first step.
func (x *StepIndex) StepsBefore(r trace.EventRef) int {
	if b := x.before[r.Thread]; b != nil {
		return int(b[r.Index])
	}
	return int(r.Index)
}

// Step is the k-th step (0-based) of thread t.
func (x *StepIndex) Step(t trace.ThreadID, k int) Step {
	b := x.before[t]
	if b == nil {
		return Step{Ref: trace.EventRef{Thread: t, Index: uint32(k)}}
	}
	i := sort.Search(len(b), func(i int) bool { return int(b[i]) > k }) - 1
	r := trace.EventRef{Thread: t, Index: uint32(i)}
	if x.tr.Event(r).Op == trace.OpWait {
		return Step{Ref: r, Part: Release + Part(k-int(b[i]))}
	}
	return Step{Ref: r}
}
