// Package history keeps what one long run does to a large array — every
// change of an entry, with the step of the run that made it — so that the
// array as it was after any step can be read without having copied it at
// that step: a persistent array of the "fat node" kind (each entry keeps
// its own list of versions).
//
// The engine's base order (predict/greedy, predict/replay) simulates a
// recording of millions of events once, and later runs resume from its
// marks. A mark that copied every variable and lock (a million variables
// and 300,000 locks on a recorded test suite: tens of megabytes a mark)
// let a memory budget keep one mark; a mark is now a step number, and the
// run's changes are kept once: a few bytes per change.
package history

// Recorder collects the changes of a run, in the order the run makes
// them (steps never decrease).
type Recorder[T any] struct {
	idx   []int32
	steps []uint32
	vals  []T
}

// Add records that the run's step step set entry i to v.
func (r *Recorder[T]) Add(step int, i int32, v T) {
	r.idx = append(r.idx, i)
	r.steps = append(r.steps, uint32(step))
	r.vals = append(r.vals, v)
}

// Len is the number of changes recorded.
func (r *Recorder[T]) Len() int { return len(r.idx) }

// Freeze is the history of an array of n entries with the recorded
// changes (every index below n). The recorder is emptied.
func (r *Recorder[T]) Freeze(n int) *Array[T] {
	a := &Array[T]{start: make([]uint32, n+1), steps: make([]uint32, len(r.idx)), vals: make([]T, len(r.idx))}
	// A counting sort by entry keeps each entry's changes in step order.
	for _, i := range r.idx {
		a.start[i+1]++
	}
	for i := range n {
		a.start[i+1] += a.start[i]
	}
	fill := make([]uint32, n)
	copy(fill, a.start[:n])
	for k, i := range r.idx {
		p := fill[i]
		fill[i]++
		a.steps[p], a.vals[p] = r.steps[k], r.vals[k]
	}
	*r = Recorder[T]{}
	return a
}

// Array is a frozen history: entry i's changes are steps[start[i]:start[i+1]]
// with their values, in step order.
type Array[T any] struct {
	start []uint32
	steps []uint32
	vals  []T
}

// At is entry i after the first n steps of the run (the changes made at
// steps 0 to n-1), and false when none of them set it.
func (a *Array[T]) At(i int32, n int) (T, bool) {
	lo, hi := a.start[i], a.start[i+1]
	// The last change before step n: search the first at or after it.
	for lo < hi {
		m := lo + (hi-lo)/2
		if int(a.steps[m]) < n {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == a.start[i] {
		var zero T
		return zero, false
	}
	return a.vals[lo-1], true
}

// Len is the number of entries.
func (a *Array[T]) Len() int { return len(a.start) - 1 }
