package atomicity

import (
	"cmp"
	"fmt"
	"slices"

	"gpredict/trace"
)

// RecordedOrder returns every event of tr in the order the reader
// delivered them (trace.Thread.Arrival): for an STD or RapidBin recording
// the order in which they happened; for a text or JSON Lines file its
// line order. It fails if an event has no arrival position.
func RecordedOrder(tr *trace.Trace) ([]trace.EventRef, error) {
	order := make([]trace.EventRef, 0, tr.NumEvents())
	for _, th := range tr.Threads {
		if len(th.Arrival) != len(th.Events) {
			return nil, fmt.Errorf("thread %s: %d of %d events have a recorded position; want all", tr.Str(th.Name), len(th.Arrival), len(th.Events))
		}
		for i := range th.Events {
			order = append(order, trace.EventRef{Thread: th.ID, Index: uint32(i)})
		}
	}
	pos := func(r trace.EventRef) uint32 { return tr.Threads[r.Thread].Arrival[r.Index] }
	slices.SortFunc(order, func(a, b trace.EventRef) int { return cmp.Compare(pos(a), pos(b)) })
	return order, nil
}
