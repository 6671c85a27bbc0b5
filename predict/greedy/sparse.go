package greedy

// sparse is a per-variable or per-lock array of the simulation's state of
// which one run changes few entries: a read-only base shared with the
// mark the run resumed from (nil: every entry zero) under the entries set
// since. A builder per run used to copy whole arrays (the trace's
// variables and locks: 15 MB on a recording with a million variables) to
// simulate a few thousand steps.
type sparse[T any] struct {
	base []T
	set  map[int32]T
}

func newSparse[T any](base []T) sparse[T] { return sparse[T]{base: base, set: map[int32]T{}} }

// at is entry i.
func (s *sparse[T]) at(i int32) T {
	if v, ok := s.set[i]; ok {
		return v
	}
	if s.base != nil {
		return s.base[i]
	}
	var zero T
	return zero
}

// put sets entry i.
func (s *sparse[T]) put(i int32, v T) { s.set[i] = v }

// full is the whole array of n entries (a copy).
func (s *sparse[T]) full(n int) []T {
	out := make([]T, n)
	copy(out, s.base)
	for i, v := range s.set {
		out[i] = v
	}
	return out
}
