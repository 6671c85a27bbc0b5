package tracegen

import (
	"fmt"

	"gpredict/trace"
)

// Lock kinds (Config.LockKinds): every lock gets a kind, and the
// simulation keeps to it as Go's runtime would. A mutex or an rwmutex is
// never acquired by its holder again, an rwmutex is never taken shared
// inside its holder's exclusive hold, and a mutex never shared. Before an
// exclusive acquire of an rwmutex the thread requests it and waits (the
// request is an event; the acquire happens when the scheduler picks the
// thread again with the lock free), and while it waits no other thread
// takes the lock shared: writer preference. Other acquires are sometimes
// requested first too (the request changes nothing there). A thread that
// winds down may end with a request it never gets to acquire — its own
// mutex again, a lock another thread holds for ever — or with `end`.

// drawKinds gives every lock a kind when the configuration asks for it.
func (s *sim) drawKinds() {
	if !s.cfg.LockKinds {
		return
	}
	s.kinds, s.writers = map[string]trace.LockKind{}, map[string]int{}
	for i := range s.cfg.Locks {
		s.kinds[fmt.Sprintf("l%d", i)] = trace.LockKind(s.r.Intn(3))
	}
}

// kind is the kind of lock l (re-entrant without Config.LockKinds).
func (s *sim) kind(l string) trace.LockKind { return s.kinds[l] }

// canAcquire reports whether t may acquire l now, shared or exclusively,
// under l's kind and the holds and waiting writers of the others.
func (s *sim) canAcquire(t *thread, l string, shared bool) bool {
	k := s.kind(l)
	owner, held := s.owner[l]
	if held && (s.th[owner] != t || !k.Reentrant()) {
		return false
	}
	if !shared {
		return s.readers[l] == 0
	}
	if k == trace.LockMutex {
		return false
	}
	// Writer preference: another thread's request keeps readers out.
	return s.writers[l] == 0 || t.want == l && !t.wantShared
}

// acquireActions offers t's acquires of l: directly, or (rwmutex always,
// others sometimes) as a request that the scheduler completes later.
func (s *sim) acquireActions(t *thread, l string, add func(int, func())) {
	if s.kinds == nil {
		if owner, held := s.owner[l]; (!held || s.th[owner] == t) && s.readers[l] == 0 {
			add(2, func() { s.acquire(t, l) })
		}
		return
	}
	if owner, held := s.owner[l]; held && (s.th[owner] != t || !s.kind(l).Reentrant()) {
		return
	}
	if t.rheld[l] > 0 {
		return // no upgrade
	}
	if s.kind(l) == trace.LockRWMutex || s.r.Intn(3) == 0 {
		add(2, func() { s.request(t, l, false) })
		return
	}
	if s.readers[l] == 0 {
		add(2, func() { s.acquire(t, l) })
	}
}

// request emits t's request of l and makes it wait for the lock.
func (s *sim) request(t *thread, l string, shared bool) {
	o := op{kind: trace.OpRequest, obj: l}
	if shared {
		o.kind = trace.OpRRequest
	}
	s.emit(t, o)
	t.want, t.wantShared = l, shared
	if !shared && s.kind(l).WriterPreference() {
		s.writers[l]++
	}
}

// acquireWanted completes t's request (canStep checked the lock is free).
func (s *sim) acquireWanted(t *thread) {
	l, shared := t.want, t.wantShared
	if !shared && s.kind(l).WriterPreference() {
		s.writers[l]--
	}
	t.want, t.wantShared = "", false
	if shared {
		s.racquire(t, l)
	} else {
		s.acquire(t, l)
	}
}

// windDown ends a thread that has released what it releases: sometimes
// with a request it may never get (the recorded run ended while it
// waited), sometimes with `end`.
func (s *sim) windDown(t *thread) {
	if s.kinds == nil {
		return
	}
	switch s.r.Intn(4) {
	case 0:
		l := fmt.Sprintf("l%d", s.r.Intn(s.cfg.Locks))
		s.request(t, l, s.kind(l) != trace.LockMutex && s.r.Intn(3) == 0)
		t.want = "" // it never acquires: the thread is finished, its request pending for ever
	case 1, 2, 3:
		s.emit(t, op{kind: trace.OpEnd})
	}
}

// lockDirectives declares the drawn kinds (re-entrant ones too,
// sometimes, as a trace may).
func (s *sim) lockDirectives(b *trace.Builder) {
	for i := range s.cfg.Locks {
		l := fmt.Sprintf("l%d", i)
		k, ok := s.kinds[l]
		if !ok || k == trace.LockReentrant && i%2 == 0 {
			continue
		}
		if err := b.LockKind(trace.Pos{File: "gen.trace"}, b.Syms().Intern(l), k); err != nil {
			panic("tracegen: generated an invalid lock directive: " + err.Error())
		}
	}
}

// keepShared is releaseShared for a thread that keeps its locks to the
// end: it gives up only the shared holds nested in an exclusive hold that
// a waiter needs released (holds of one lock nest).
func (s *sim) keepShared(t *thread) {
	for _, l := range t.order {
		for s.someoneWaitsOn(l) && t.rinner[l] > 0 {
			s.rrelease(t, l)
		}
	}
}
