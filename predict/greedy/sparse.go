package greedy

import "gpredict/internal/history"

// sparse is a per-variable or per-lock array of the simulation's state of
// which one run changes few entries: the base order's history as it was
// at the mark the run resumed from (hist nil: every entry zero) under the
// entries set since. A builder per run used to copy whole arrays (the
// trace's variables and locks: 15 MB on a recording with a million
// variables) to simulate a few thousand steps.
type sparse[T any] struct {
	hist *history.Array[T]
	at   int // the mark's step: hist is read as after the first at steps
	set  map[int32]T
}

func newSparse[T any](hist *history.Array[T], at int) sparse[T] {
	return sparse[T]{hist: hist, at: at, set: map[int32]T{}}
}

// get is entry i.
func (s *sparse[T]) get(i int32) T {
	if v, ok := s.set[i]; ok {
		return v
	}
	return s.atMark(i)
}

// atMark is entry i as it was at the mark, before the run set any.
func (s *sparse[T]) atMark(i int32) T {
	if s.hist != nil {
		v, _ := s.hist.At(i, s.at)
		return v
	}
	var zero T
	return zero
}

// put sets entry i.
func (s *sparse[T]) put(i int32, v T) { s.set[i] = v }

// full is the whole array of n entries (a copy).
func (s *sparse[T]) full(n int) []T {
	out := make([]T, n)
	if s.hist != nil {
		for i := range out {
			out[i], _ = s.hist.At(int32(i), s.at)
		}
	}
	for i, v := range s.set {
		out[i] = v
	}
	return out
}
