package trace

import (
	"fmt"
	"strings"
)

// checkStructure rejects forks and joins that no execution can perform:
// those that make must-happen-before cyclic (docs/trace-format.md,
// Validation). A thread forked by a thread it forks (at any distance), a
// join that must wait for an event that comes after it (T1 joins T2 while
// T2 waits for a later event of T1), two threads that join each other: in
// every such trace rules 1 and 2 of docs/semantics.md hold in no schedule
// that contains the events of the cycle, and the engine would be asked to
// order events that have no order. The simple cases (a thread forked
// twice, forking or joining itself, forking a thread after joining it)
// are caught as the events arrive (builder.go); this check needs every
// file, since a fork and its thread may be in different files.
//
// The message names the cycle in must-happen-before order, each step with
// the fork or join that makes it, and its position is the event of the
// cycle read last: the one that closed it.
func (b *Builder) checkStructure() error {
	p := runProgress(b.tr, false)
	first, ok := p.stuck()
	if !ok {
		return nil
	}
	// Every stuck thread waits for an event of a stuck thread; following
	// the waits from any of them must come back to one already seen.
	seen := map[ThreadID]int{}
	var path []ThreadID
	t := first
	for {
		if i, again := seen[t]; again {
			path = path[i:]
			break
		}
		seen[t] = len(path)
		path = append(path, t)
		t = p.blocked[t].on.Thread
	}
	return b.cycleError(p, path)
}

// cycleError describes the cycle whose threads, in path, each wait for
// the next (the last for the first).
func (b *Builder) cycleError(p *progress, path []ThreadID) error {
	tr := b.tr
	// Must-happen-before runs against the waits: start at the thread of
	// the cycle named first in the trace and walk the waits backwards.
	start := 0
	for i, t := range path {
		if t < path[start] {
			start = i
		}
	}
	names := []string{tr.ThreadName(path[start])}
	var steps []string
	var last Pos
	var lastArrival uint32
	closing := false
	note := func(r EventRef, pos Pos) {
		if a := tr.Threads[r.Thread].Arrival[r.Index]; !closing || a > lastArrival {
			closing, lastArrival, last = true, a, pos
		}
	}
	for k := range path {
		// The thread after path[start] in must-happen-before order is the
		// one that waits for it: the one before it in path.
		i := (start - k - 1 + 2*len(path)) % len(path)
		w := p.blocked[path[i]]
		names = append(names, tr.ThreadName(path[i]))
		steps = append(steps, b.stepText(w))
		switch w.kind {
		case waitFork:
			note(w.on, b.forked[tr.Threads[w.at.Thread].Name])
		case waitJoin:
			note(w.at, b.joins[w.at])
		case waitJoinedFork:
			note(w.on, b.forked[tr.Event(w.at).Obj])
			note(w.at, b.joins[w.at])
		}
	}
	return errorf(last, "forks and joins form a cycle, %s (%s): no schedule can run these events; want every thread forked before its first event and joined after its last",
		strings.Join(names, " → "), strings.Join(steps, ", "))
}

// stepText says why w.at must come after w.on.
func (b *Builder) stepText(w blocker) string {
	tr := b.tr
	switch w.kind {
	case waitFork:
		return fmt.Sprintf("%s forks %s", tr.ID(w.on), tr.ThreadName(w.at.Thread))
	case waitJoin:
		return fmt.Sprintf("%s joins %s", tr.ID(w.at), tr.ThreadName(w.on.Thread))
	}
	return fmt.Sprintf("%s forks %s, which %s joins", tr.ID(w.on), tr.Str(tr.Event(w.at).Obj), tr.ID(w.at))
}
