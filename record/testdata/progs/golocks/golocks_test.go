package golocks

import (
	"sync"
	"testing"
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
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		c.Lookup()
	}()
	go func() {
		defer wg.Done()
		c.Lookup()
	}()
	wg.Wait()
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
