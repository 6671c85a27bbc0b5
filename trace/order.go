package trace

import "sort"

// writeOrder is the order in which the writers emit events. Lines of
// different threads carry no order (docs/semantics.md), but the order in
// which threads are first named decides their ThreadID, which later stages
// show (thread columns of a witness, which thread is the main one).
// writeOrder runs each thread as far as it can while naming new threads
// exactly in ThreadID order, so that reading the output back numbers
// threads as t does and a conversion changes nothing but whitespace.
func writeOrder(t *Trace) []EventRef {
	n := len(t.Threads)
	total := t.NumEvents()
	order := make([]EventRef, 0, total)
	next := make([]uint32, n)
	created := 0
	// allowed reports whether ev may be written now, noting a new thread.
	allowed := func(ev *Event) bool {
		if ev.Op != OpFork && ev.Op != OpJoin {
			return true
		}
		o := int(t.threadByName[ev.Obj])
		if o < created {
			return true
		}
		if o == created {
			created++
			return true
		}
		return false
	}
	for len(order) < total {
		progress := false
		for a := 0; a < created; a++ {
			evs := t.Threads[a].Events
			for int(next[a]) < len(evs) && allowed(&evs[next[a]]) {
				order = append(order, EventRef{ThreadID(a), next[a]})
				next[a]++
				progress = true
			}
		}
		if progress {
			continue
		}
		// Every waiting event names a thread after the next one, so the
		// next thread is created by its own first event.
		c := created
		if c >= n || len(t.Threads[c].Events) == 0 {
			return appendRest(t, order, next)
		}
		created++
		if !allowed(&t.Threads[c].Events[0]) {
			return appendRest(t, order, next)
		}
		order = append(order, EventRef{ThreadID(c), 0})
		next[c] = 1
	}
	return order
}

// appendRest appends the events not yet in order, thread by thread. It is
// reached only for traces whose thread numbering no file order reproduces;
// readers never build such traces.
func appendRest(t *Trace, order []EventRef, next []uint32) []EventRef {
	for a, th := range t.Threads {
		for i := next[a]; int(i) < len(th.Events); i++ {
			order = append(order, EventRef{ThreadID(a), i})
		}
	}
	return order
}

// ArrivalOrder lists the events of t by arrival position (the order the
// reader delivered them).
func ArrivalOrder(t *Trace) []EventRef {
	order := make([]EventRef, 0, t.NumEvents())
	for _, th := range t.Threads {
		for i := range th.Events {
			order = append(order, EventRef{th.ID, uint32(i)})
		}
	}
	sort.Slice(order, func(a, b int) bool {
		return t.Threads[order[a].Thread].Arrival[order[a].Index] < t.Threads[order[b].Thread].Arrival[order[b].Index]
	})
	return order
}
