package rt

import (
	"flag"
	"reflect"
	"sync"
	"time"
	"unsafe"
)

// Lock kinds and requests (docs/trace-format.md, "Lock kinds and
// requests"; docs/recording.md). A sync.Mutex is `lock L : mutex` (not
// re-entrant), a sync.RWMutex `lock L : rwmutex` (not re-entrant, writer
// preference); the directive is written the first time the lock is
// acquired.
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
//   - a Lock or RLock that is still waiting when the buffers are written
//     out (at the end of a test, of the program, when a goroutine panics,
//     or just before a test's time-out kills a hung run): the recorded
//     run blocked there, and the request as the goroutine's last event
//     says so. If the goroutine gets the lock later after all, only its
//     acquire follows.
//
// TryLock first: a lock taken at once is not waited for; only a goroutine
// that may block registers its wait.

// lockWait is a goroutine's wait for a lock: the request it stands for,
// and whether a flush has written it.
type lockWait struct {
	p       unsafe.Pointer
	line    string // "request NAME" or "rrequest NAME"
	site    string
	always  bool // logged before the acquire even if no flush wrote it
	written bool
}

var locks struct {
	kinds    sync.Map // lock → "mutex" or "rwmutex"
	declared sync.Map // lock → struct{}: directive written
	waits    sync.Map // *gstate → *lockWait (read and written under the gstate's mu)
	timeout  sync.Once
	returned sync.Map // *gstate → struct{}: test goroutines whose test returned
}

// lockWaiting performs lock (Lock or RLock of the lock at p of kind),
// registering the calling goroutine's wait while it may block; acquired
// then logs what lockPrologue adds before the acquire.
func lockWaiting(p unsafe.Pointer, desc, site, kind string, shared bool, try func() bool, lock func()) {
	if !on() {
		lock()
		return
	}
	locks.kinds.LoadOrStore(p, kind)
	line := "request "
	if shared {
		line = "rrequest "
	}
	w := &lockWait{p: p, line: line + locName(p, desc), site: site, always: kind == "rwmutex" && !shared}
	s := cur()
	if try() {
		if w.always {
			s.mu.Lock()
			locks.waits.Store(s, w)
			s.mu.Unlock()
		}
		return
	}
	s.mu.Lock()
	locks.waits.Store(s, w)
	s.mu.Unlock()
	lock()
}

// noteKind records the kind of the lock at p for a TryLock, which never
// waits.
func noteKind(p unsafe.Pointer, kind string) {
	if on() {
		locks.kinds.LoadOrStore(p, kind)
	}
}

// lockPrologue is logged by acquired (s.mu held) before the acquire of
// the lock at p named name: the kind directive the first time, and the
// goroutine's request unless a flush has written it or it is not logged.
func (s *gstate) lockPrologue(p unsafe.Pointer, name string) {
	if k, ok := locks.kinds.Load(p); ok {
		if _, done := locks.declared.LoadOrStore(p, struct{}{}); !done {
			s.line(false, "lock "+name+" : "+k.(string))
		}
	}
	v, ok := locks.waits.Load(s)
	if !ok {
		return
	}
	locks.waits.Delete(s)
	if w := v.(*lockWait); w.p == p && w.always && !w.written {
		s.ev(w.site, w.line)
	}
}

// flushWait writes, before s's buffer goes out (s.mu held), the request
// of a lock s is still waiting for.
func (s *gstate) flushWait() {
	if v, ok := locks.waits.Load(s); ok {
		if w := v.(*lockWait); !w.written {
			s.ev(w.site, w.line)
			w.written = true
		}
	}
}

// armTimeoutFlush makes sure a test that hangs leaves its recording: the
// testing package kills a test binary that runs past -timeout with a
// panic in a goroutine of its own, which writes no buffer, so every
// buffer is written out at nine tenths of the time-out (harmlessly early
// when the tests are merely slow). Called when a test starts.
func armTimeoutFlush() {
	locks.timeout.Do(func() {
		f := flag.Lookup("test.timeout")
		if f == nil {
			return
		}
		d, err := time.ParseDuration(f.Value.String())
		if err != nil || d <= 0 {
			return
		}
		time.AfterFunc(d*9/10, Flush)
	})
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
		s.mu.Lock()
		s.ev("", "end")
		s.mu.Unlock()
		locks.returned.Delete(k)
		return true
	})
}
