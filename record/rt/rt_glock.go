package rt

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// glock guards a goroutine's log (gstate.mu). Almost every lock of it is
// by its own goroutine, the owner, logging its own event; a few are by
// others: an unlock of a mutex another goroutine holds logs the holder's
// release, a test's fork is logged by goroutine 1, the exit logs `end`
// for the tests' goroutines, settle reads the counts, Flush writes
// buffered chunks. A sync.Mutex makes the owner pay two locked
// instructions per event for those few — a quarter of what recording a
// memory access cost. glock is asymmetric instead: the owner only marks
// itself inside with plain stores (storeFlag) and checks that no other
// goroutine wants in (an ordinary load); another goroutine takes mu,
// announces itself (foreign), forces a memory barrier on every thread of
// the process (membarrier, Linux's MEMBARRIER_CMD_PRIVATE_EXPEDITED) and
// waits until the owner is not inside. The barrier is what makes the
// owner's plain store and load safe (Dekker's protocol with one side's
// fence paid by the other, as userspace RCU does): either the owner's
// load sees foreign set, and it takes mu like any other, or the other's
// load sees the owner inside, and it waits. Where that barrier, the
// goroutine's id or the plain stores are not available (not Linux, not
// amd64 or arm64, a build with the race detector, which cannot see the
// order the protocol relies on), every lock is mu's.
type glock struct {
	mu      sync.Mutex
	inside  uint32        // the owner is in its section: written by it (storeFlag), read atomically
	foreign atomic.Uint32 // a goroutine that holds mu wants the log, or has it
	owner   int64         // the owner's goroutine id; 0: no owner, always mu
	slow    bool          // the owner holds mu (read and written by the owner only)
}

// own makes the calling goroutine l's owner, if the asymmetric protocol
// is available (before l is shared).
func (l *glock) own() {
	if rec.asym {
		l.owner = goid()
	}
}

// Lock locks l, for its owner or another goroutine.
func (l *glock) Lock() {
	if l.owner != 0 && goid() == l.owner {
		l.lockOwn()
		return
	}
	l.mu.Lock()
	if l.owner != 0 {
		l.foreign.Store(1)
		membarrier()
		for atomic.LoadUint32(&l.inside) != 0 {
			runtime.Gosched() // the owner is logging an event: a few instructions, unless it was preempted
		}
	}
}

// Unlock unlocks l, locked by Lock.
func (l *glock) Unlock() {
	if l.owner != 0 && goid() == l.owner {
		l.unlockOwn()
		return
	}
	if l.owner != 0 {
		l.foreign.Store(0)
	}
	l.mu.Unlock()
}

// lockOwn is Lock for a caller that knows it is l's goroutine (its state
// is cur()'s): the hot path, which need not ask the goroutine's id.
func (l *glock) lockOwn() {
	if l.owner == 0 {
		l.mu.Lock()
		return
	}
	storeFlag(&l.inside, 1)
	if l.foreign.Load() == 0 {
		return
	}
	storeFlag(&l.inside, 0)
	l.mu.Lock()
	l.slow = true
}

// unlockOwn unlocks l, locked by lockOwn.
func (l *glock) unlockOwn() {
	if l.owner != 0 && !l.slow {
		storeFlag(&l.inside, 0) // after the log's bytes: a release
		return
	}
	l.slow = false
	l.mu.Unlock()
}
