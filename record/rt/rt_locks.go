package rt

import (
	"reflect"
	"sync"
)

// Lock kinds and requests (docs/trace-format.md, "Lock kinds and
// requests"; docs/recording.md). A sync.Mutex is `lock L : mutex` (not
// re-entrant), a sync.RWMutex `lock L : rwmutex` (not re-entrant, writer
// preference); the directive is written the first time the lock is
// acquired or waited for.
//
// A request says that a goroutine waits for a lock. The model needs two
// kinds of them:
//
//   - every Lock of an RWMutex: writer preference keeps readers out while
//     a writer waits, and a predicted schedule may let it wait although
//     this run did not. The request is logged right before the acquire,
//     once Lock returned, so in the recorded order the writer never
//     waits (a request logged when Lock was called would be followed by
//     the acquires of readers that got in before the writer announced
//     itself, which writer preference forbids);
//   - a Lock or RLock that is still waiting when the run ends: the
//     recorded run blocked there. The runtime notes every wait that may
//     block ("# blocks", rt_sync.go's blocking), in the log before the
//     goroutine blocks, so the note survives a hang, a time-out or a
//     kill; the collector turns a goroutine's note that no event of it
//     follows into a request at the end of the trace (record/collect.go).
//
// TryLock first: a lock taken at once is not waited for; only a goroutine
// that may block notes its wait.

// lockUse is how a lock is taken: its kind (the directive's word),
// shared or not, and whether a request precedes the acquire.
type lockUse struct {
	kind    string
	shared  bool
	request bool
}

// locks is what the recorder keeps of test goroutines.
var locks struct {
	// returned holds the states of the test goroutines whose test
	// returned (*gstate → struct{}).
	returned sync.Map
}

// rwOfRLocker returns the RWMutex behind l when l is rw.RLocker(): the
// sync package defines it as the RWMutex itself under another type
// (`type rlocker RWMutex`, whose Lock is RLock), so a sync.Cond over it
// — or any code that locks it — takes rw shared.
func rwOfRLocker(l sync.Locker) (*sync.RWMutex, bool) {
	v := reflect.ValueOf(l)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return nil, false
	}
	if t := v.Type().Elem(); t.PkgPath() != "sync" || t.Name() != "rlocker" || t.Size() != reflect.TypeFor[sync.RWMutex]().Size() {
		return nil, false
	}
	return (*sync.RWMutex)(v.UnsafePointer()), true
}

// A test's goroutine runs the test's cleanups after the test function
// returns, so `end` cannot be logged then; once the process exits through
// Exit (the TestMain the recorder adds, or os.Exit in a user's one) every
// test has finished, cleanups and all, and the goroutine of each test that
// returned ends: a lock it still holds is held for ever (a goroutine of
// the test blocked on it deadlocks, GoBench moby/17176).

// testReturned notes that the test running on s returned.
func testReturned(s *gstate) { locks.returned.Store(s, struct{}{}) }

// endReturnedTests logs `end` for the goroutine of every test that
// returned (at exit, before the last flush).
func endReturnedTests() {
	if !on() {
		return
	}
	locks.returned.Range(func(k, _ any) bool {
		s := k.(*gstate)
		s.lockMu() // its test returned: it writes nothing more
		if !s.ended {
			s.ev("", "end") // after the releases queued for it (stamp)
			s.ended = true
		}
		s.unlock()
		locks.returned.Delete(k)
		return true
	})
}
