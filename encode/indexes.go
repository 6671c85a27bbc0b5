package encode

import (
	"sync"

	"gpredict/trace"
)

// Indexes shares the model indexes of one trace among the properties of
// a run: the pattern properties' facts, Deadlock's and Blocked's each
// built the same NewModelIndex, on golang-lru's tests (8.4M events) 7 of
// predict's 44 s a second time. An index is read-only once built (its
// lazy parts are built once, under their own locks), so sharing it is
// safe; it stays alive until the run's last property is done, which the
// property that would have rebuilt it needed anyway.
type Indexes struct {
	tr      *trace.Trace
	mu      sync.Mutex
	byModel map[trace.BranchModel]*Index
}

// NewIndexes is an empty set of tr's indexes.
func NewIndexes(tr *trace.Trace) *Indexes {
	return &Indexes{tr: tr, byModel: map[trace.BranchModel]*Index{}}
}

// Model is NewModelIndex(tr, model), built the first time it is asked
// for. A nil Indexes, or one of another trace, builds a new one each
// time.
func (c *Indexes) Model(tr *trace.Trace, model trace.BranchModel) *Index {
	if c == nil || c.tr != tr {
		return NewModelIndex(tr, model)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	x, ok := c.byModel[model]
	if !ok {
		x = NewModelIndex(tr, model)
		c.byModel[model] = x
	}
	return x
}
