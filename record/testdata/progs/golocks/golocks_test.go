package golocks

import (
	"testing"
	"time"
)

// TestLocks leaves a goroutine blocked on a mutex it holds, and one that
// ended holding a read lock; the test itself returns.
func TestLocks(t *testing.T) {
	s := &Server{}
	blocked := make(chan bool)
	go func() {
		s.Stop()
		blocked <- true
		s.Stop()
	}()
	<-blocked
	c := &Cache{}
	for i := 0; i < 2; i++ {
		// One after the other: together they may deadlock (a reader's
		// nested RLock behind the other's Lock), as the kernels do.
		looked := make(chan bool)
		go func() {
			c.Lookup()
			looked <- true
		}()
		<-looked
	}
	done := make(chan bool)
	go func() {
		c.Leak()
		done <- true
	}()
	<-done
}

// TestHang locks a mutex twice in the test's own goroutine: the test
// hangs until its time-out kills it.
func TestHang(t *testing.T) {
	s := &Server{}
	s.Stop()
	s.Stop()
}

// TestReturnsEarly starts a goroutine that, after a moment, locks a
// mutex it holds, and returns at once: the process exits while the
// goroutine sleeps (GoBench moby/7559 and cockroach/6181 start theirs
// through more goroutines).
func TestReturnsEarly(t *testing.T) {
	s := &Server{drain: true}
	go func() {
		time.Sleep(5 * time.Millisecond)
		s.Stop()
	}()
}

// TestHandOff hands a mutex over handOffRounds times: a goroutine locks
// it and the test's goroutine unlocks it, while the first goes on
// writing (handOffWrites times a round). Each release is the holder's
// event, which the unlocking goroutine logs into the holder's log while
// the holder logs its own writes there. The holder waits for the last
// unlock before it returns: a release after the holder's end is
// kubernetes/26980's case, which the trace cannot hold (docs/recording.md).
func TestHandOff(t *testing.T) {
	s, c := &Server{}, &Cache{}
	locked, done := make(chan bool), make(chan bool)
	go func() {
		for r := 0; r < handOffRounds; r++ {
			s.mu.Lock() // waits for the test to unlock the last round's
			locked <- true
			for i := 0; i < handOffWrites; i++ {
				c.hits++
			}
		}
		<-done
	}()
	for r := 0; r < handOffRounds; r++ {
		<-locked
		s.mu.Unlock()
	}
	close(done)
}

const handOffRounds, handOffWrites = 300, 100
