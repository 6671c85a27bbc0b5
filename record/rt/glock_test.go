package rt

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// ownedGlock returns a glock owned by the calling goroutine, skipping the
// test where the asymmetric protocol is not available (rt_glock.go).
func ownedGlock(t testing.TB) *glock {
	t.Setenv("GPREDICT_RECORD_DIR", t.TempDir())
	if !on() {
		t.Skip("recording did not start (it starts once per process)")
	}
	if !rec.asym {
		t.Skip("no asymmetric lock here (not Linux on amd64 or arm64, or the race detector)")
	}
	l := &glock{}
	l.own()
	return l
}

// glockWays are the owner's two ways of locking its glock: the hot path
// that knows it is the owner, and Lock, which asks.
var glockWays = []struct {
	name         string
	lock, unlock func(l *glock)
}{
	{"lockOwn", (*glock).lockOwn, (*glock).unlockOwn},
	{"Lock", (*glock).Lock, (*glock).Unlock},
}

// wait is how long a goroutine that must not get in is given to get in.
const wait = 50 * time.Millisecond

// TestGlockOwnerExcludesOthers: while the owner holds its glock, another
// goroutine's Lock waits.
func TestGlockOwnerExcludesOthers(t *testing.T) {
	for _, way := range glockWays {
		t.Run(way.name, func(t *testing.T) {
			l := ownedGlock(t)
			way.lock(l)
			in := make(chan bool)
			go func() { l.Lock(); in <- true; l.Unlock() }()
			select {
			case <-in:
				t.Fatal("another goroutine locked the glock its owner holds")
			case <-time.After(wait):
			}
			way.unlock(l)
			<-in
			way.lock(l) // the owner's fast path again, after a foreign holder
			way.unlock(l)
		})
	}
}

// TestGlockOthersExcludeOwner: while another goroutine holds the glock,
// its owner waits.
func TestGlockOthersExcludeOwner(t *testing.T) {
	for _, way := range glockWays {
		t.Run(way.name, func(t *testing.T) {
			l := ownedGlock(t)
			held := make(chan bool)
			var released atomic.Bool
			go func() {
				l.Lock()
				held <- true
				time.Sleep(wait)
				released.Store(true)
				l.Unlock()
			}()
			<-held
			way.lock(l)
			if !released.Load() {
				t.Error("the owner locked the glock another goroutine holds")
			}
			way.unlock(l)
		})
	}
}

// TestGlockCounts: the owner and other goroutines incrementing one
// counter under the glock, as fast as they can, lose no increment.
func TestGlockCounts(t *testing.T) {
	l := ownedGlock(t)
	const own, others, each = 200000, 3, 2000
	n := 0
	var wg sync.WaitGroup
	for g := 0; g < others; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < each; i++ {
				l.Lock()
				n++
				l.Unlock()
			}
		}()
	}
	for i := 0; i < own; i++ {
		l.lockOwn()
		n++
		l.unlockOwn()
	}
	wg.Wait()
	if want := own + others*each; n != want {
		t.Errorf("counted %d; want %d", n, want)
	}
}

// BenchmarkGlockOwn is the owner's lock and unlock (compare
// BenchmarkMutex, what it replaces).
func BenchmarkGlockOwn(b *testing.B) {
	l := ownedGlock(b)
	for i := 0; i < b.N; i++ {
		l.lockOwn()
		l.unlockOwn()
	}
}

func BenchmarkMutex(b *testing.B) {
	var l sync.Mutex
	for i := 0; i < b.N; i++ {
		l.Lock()
		l.Unlock()
	}
}
