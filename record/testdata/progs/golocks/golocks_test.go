package golocks

import "testing"

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
