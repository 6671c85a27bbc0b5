package explore

import (
	"slices"
	"strings"

	"gpredict/predict/replay"
	"gpredict/trace"
)

// StepOrder asks for step Before to be scheduled before step After.
type StepOrder struct{ Before, After replay.Step }

// ReadValue asks for read Read to be scheduled and to return Value: the
// value of the last write of its variable before it, if that write is
// concrete, or the variable's initial value if no write comes before it.
type ReadValue struct {
	Read  trace.EventRef
	Value string
}

// Query decides by brute force whether some feasible schedule
// (docs/semantics.md) schedules every step named by orders and reads, each
// order's Before before its After and each read returning its value. If so
// it returns one such schedule, ending with the last of those steps. model
// must be resolved. It is the reference for gpredict query.
func Query(tr *trace.Trace, model trace.BranchModel, orders []StepOrder, reads []ReadValue) (bool, []replay.Step) {
	return QueryIn(tr, model, trace.SC, orders, reads)
}

// QueryIn is Query under memory model mem.
func QueryIn(tr *trace.Trace, model trace.BranchModel, mem trace.MemoryModel, orders []StepOrder, reads []ReadValue) (bool, []replay.Step) {
	x := &querySearch{tr: tr, model: model, orders: orders, reads: reads, failed: map[string]bool{}}
	for _, o := range orders {
		x.asked = append(x.asked, o.Before, o.After)
	}
	for _, r := range reads {
		x.asked = append(x.asked, replay.Step{Ref: r.Read})
	}
	if end := x.dfs(newStateIn(tr, mem)); end != nil {
		return true, end.path
	}
	return false, nil
}

type querySearch struct {
	tr     *trace.Trace
	model  trace.BranchModel
	orders []StepOrder
	reads  []ReadValue
	asked  []replay.Step
	failed map[string]bool
}

// dfs searches the futures of s, whose path breaks no condition so far.
// Whether a condition can still hold depends only on the state (which
// steps are done, what each variable's last write is), so failed states
// are remembered by their key alone.
func (x *querySearch) dfs(s *state) *state {
	if x.done(s.path) {
		return s
	}
	var b strings.Builder
	s.key(&b)
	k := b.String()
	if x.failed[k] {
		return nil
	}
	for _, n := range successors(x.tr, x.model, s) {
		if !x.allows(s, n.path) {
			continue
		}
		if end := x.dfs(n); end != nil {
			return end
		}
	}
	x.failed[k] = true
	return nil
}

// done reports whether every asked step is in path.
func (x *querySearch) done(path []replay.Step) bool {
	for _, st := range x.asked {
		if !slices.Contains(path, st) {
			return false
		}
	}
	return true
}

// allows reports whether the last step of path, taken from state s,
// keeps every condition possible: an order's After needs its Before done
// already, and an asked read must see its value.
func (x *querySearch) allows(s *state, path []replay.Step) bool {
	st := path[len(path)-1]
	for _, o := range x.orders {
		if o.After == st && !slices.Contains(path[:len(path)-1], o.Before) {
			return false
		}
	}
	for _, r := range x.reads {
		if st.Ref != r.Read {
			continue
		}
		ev := x.tr.Event(r.Read)
		lw, written := s.seen(x.tr, r.Read.Thread, ev.Obj)
		switch {
		case !written:
			if x.tr.Str(x.tr.InitValue(ev.Obj)) != r.Value {
				return false
			}
		case !lw.concrete || x.tr.Str(x.tr.Event(lw.ref).Val) != r.Value:
			return false
		}
	}
	return true
}
