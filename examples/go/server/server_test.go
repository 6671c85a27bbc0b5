package server

import (
	"sync"
	"testing"
	"time"
)

// TestShutdown shuts the server down, then, 10ms later, accepts a
// connection, which must be refused.
func TestShutdown(t *testing.T) {
	s := &Server{}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		s.Shutdown()
	}()
	go func() {
		defer wg.Done()
		time.Sleep(10 * time.Millisecond)
		if s.Accept() {
			t.Error("accepted a connection after shutdown")
		}
	}()
	wg.Wait()
}
