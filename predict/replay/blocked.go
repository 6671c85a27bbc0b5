package replay

import (
	"fmt"

	"gpredict/trace"
)

// A deadlock is a state, not an order of events (docs/semantics.md,
// Deadlocks): after a feasible schedule, threads that cannot take their
// next step, each waiting for something only the others — or a thread
// that has ended — could give up. Blocked replays a schedule and says,
// from the validator's own state, what keeps each thread from its next
// step, so that a deadlock witness is checked by the same independent
// code as every other witness.

// Holding is how a blocker keeps a lock from a blocked thread.
type Holding uint8

const (
	// HoldsExclusive: the blocker holds the lock exclusively (an
	// acquire, or a wait's reacquire).
	HoldsExclusive Holding = iota
	// HoldsShared: the blocker holds the lock shared.
	HoldsShared
	// WaitsExclusive: the blocker has requested the rwmutex exclusively
	// and not acquired it; writer preference lets no reader in.
	WaitsExclusive
)

// Blocker is one thread that keeps a blocked thread from its next step.
type Blocker struct {
	Thread trace.ThreadID
	How    Holding
	// Ended says the blocker has performed every event of its thread and
	// the last one is `end`: it holds what it holds for ever.
	Ended bool
}

// Block is why thread Thread cannot take its next step after a schedule.
type Block struct {
	Thread trace.ThreadID
	// At is the event the thread is blocked at: its next event (an
	// acquire or racquire), or its last event when that is a request the
	// trace has no acquire for (the recorded run ended while it waited).
	At trace.EventRef
	// Lock is the lock it waits for, Shared whether it waits to take it
	// shared.
	Lock   trace.Sym
	Shared bool
	// By lists the threads that keep it waiting (in thread order); a
	// thread may keep itself waiting (a non-re-entrant lock it holds).
	By []Blocker
}

// Blocked replays sched, which must be feasible up to its end under rules
// 1–4 (rule 5 is Validate's), and returns, for each thread of threads,
// why it cannot take its next step. An error says that sched breaks a
// rule, or that a thread of threads is not blocked: it is inside a wait,
// it has no next step, its next step is not an acquire that waits, or
// (under the implicit branch model) it has read a value its recorded
// next step may not depend on — it has not *reached* that step.
func (c *Checker) Blocked(model trace.BranchModel, sched []Step, threads []trace.ThreadID) ([]Block, error) {
	if err := checkModel(model); err != nil {
		return nil, err
	}
	r := newReplayer(c, sched)
	for i, s := range sched {
		if err := r.step(i, s); err != nil {
			return nil, err
		}
	}
	out := make([]Block, 0, len(threads))
	for _, t := range threads {
		b, err := r.blocked(model, t)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}

// blocked is Blocked for one thread in the replayer's final state.
func (r *replayer) blocked(model trace.BranchModel, t trace.ThreadID) (Block, error) {
	name := r.name(t)
	if int(t) >= len(r.tr.Threads) {
		return Block{}, fmt.Errorf("no thread %d", t)
	}
	evs := r.tr.Threads[t].Events
	if r.inWait[t] != Whole {
		return Block{}, fmt.Errorf("%s is inside a wait, not at an acquire", name)
	}
	if model == trace.BranchesImplicit && r.hasBad[t] {
		return Block{}, fmt.Errorf("%s has not reached its next step: %s read a value it did not read in the trace", name, r.tr.ID(r.firstBad[t]))
	}
	if s, pending := r.pendingSend(t); pending {
		return Block{}, fmt.Errorf("%s has not reached its next step: its send %s has not completed", name, r.tr.ID(s))
	}
	var b Block
	b.Thread = t
	i := int(r.started[t])
	switch {
	case i < len(evs) && (evs[i].Op == trace.OpAcquire || evs[i].Op == trace.OpRAcquire):
		b.At, b.Lock, b.Shared = trace.EventRef{Thread: t, Index: uint32(i)}, evs[i].Obj, evs[i].Op == trace.OpRAcquire
	case i == len(evs) && i > 0 && evs[i-1].Op.IsRequest():
		b.At, b.Lock, b.Shared = trace.EventRef{Thread: t, Index: uint32(i - 1)}, evs[i-1].Obj, evs[i-1].Op == trace.OpRRequest
	case i < len(evs):
		return Block{}, fmt.Errorf("%s's next event %s is a %s, not an acquire", name, r.tr.ID(trace.EventRef{Thread: t, Index: uint32(i)}), evs[i].Op)
	default:
		return Block{}, fmt.Errorf("%s has no next step", name)
	}
	l := r.c.objOf(b.At)
	kind := r.c.kind[l]
	add := func(u trace.ThreadID, how Holding) {
		b.By = append(b.By, Blocker{Thread: u, How: how, Ended: r.ended(u)})
	}
	for u := range r.tr.Threads {
		u := trace.ThreadID(u)
		// Exclusive holds block both kinds of acquire, the thread's own
		// only when the lock is not re-entrant.
		if h := r.locks.get(l); h.depth > 0 && h.thread == u && (u != t || !kind.Reentrant()) {
			add(u, HoldsExclusive)
		}
		// Shared holds block an exclusive acquire, the thread's own too:
		// no lock is upgraded.
		if !b.Shared && r.shared[l][u] > 0 {
			add(u, HoldsShared)
		}
		// A waiting writer blocks a shared acquire of an rwmutex.
		if _, waits := r.writers[l][u]; b.Shared && waits && u != t {
			add(u, WaitsExclusive)
		}
	}
	if len(b.By) == 0 {
		return Block{}, fmt.Errorf("%s is not blocked: nothing keeps it from %s %s", name, map[bool]string{false: "acquiring", true: "acquiring shared"}[b.Shared], r.tr.Str(b.Lock))
	}
	return b, nil
}

// ended reports whether thread u has performed all its events and the
// last one is `end`.
func (r *replayer) ended(u trace.ThreadID) bool {
	evs := r.tr.Threads[u].Events
	return len(evs) > 0 && int(r.started[u]) == len(evs) && r.inWait[u] == Whole && evs[len(evs)-1].Op == trace.OpEnd
}
