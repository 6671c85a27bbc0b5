package replay

import "gpredict/internal/history"

// table is a per-variable or per-lock array of the replay's state (rule
// 5's last writes, rule 3's holders). A replay from the start keeps every
// entry (dense). A replay resumed from a mark reads the base's history as
// it was at the mark (hist, at) under the entries set since (set): a
// mark used to copy every variable and lock, which on a recording of a
// million variables was tens of megabytes a mark, so a memory budget kept
// one. While Marks replays the base, every change is also recorded, with
// its step (rec, now).
type table[T any] struct {
	dense []T
	hist  *history.Array[T]
	at    int
	set   map[int32]T
	// zero is an entry nothing has set.
	zero T
	rec  *history.Recorder[T]
	now  int
}

// denseTable is a table of n entries, each zero.
func denseTable[T any](n int, zero T) table[T] {
	t := table[T]{dense: make([]T, n), zero: zero}
	for i := range t.dense {
		t.dense[i] = zero
	}
	return t
}

// newTable is a table of n entries, each zero, for a replay of steps
// steps: dense, unless the steps are too few to touch more than a small
// part of it. Validating a short witness on a recording of a million
// variables used to clear tens of megabytes.
func newTable[T any](n, steps int, zero T) table[T] {
	if steps*8 < n {
		return table[T]{set: map[int32]T{}, zero: zero}
	}
	return denseTable(n, zero)
}

// get is entry i.
func (t *table[T]) get(i int32) T {
	if t.dense != nil {
		return t.dense[i]
	}
	if v, ok := t.set[i]; ok {
		return v
	}
	if t.hist != nil {
		if v, ok := t.hist.At(i, t.at); ok {
			return v
		}
	}
	return t.zero
}

// put sets entry i.
func (t *table[T]) put(i int32, v T) {
	if t.dense != nil {
		t.dense[i] = v
		if t.rec != nil {
			t.rec.Add(t.now, i, v)
		}
		return
	}
	t.set[i] = v
}

// fork is an independent copy of t for a replay resumed from it: a dense
// table is copied, a mark's shares its history.
func (t *table[T]) fork() table[T] {
	if t.dense != nil {
		return table[T]{dense: append([]T(nil), t.dense...), zero: t.zero}
	}
	set := make(map[int32]T, len(t.set))
	for i, v := range t.set {
		set[i] = v
	}
	return table[T]{hist: t.hist, at: t.at, set: set, zero: t.zero}
}
