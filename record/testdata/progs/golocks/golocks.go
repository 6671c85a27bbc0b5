// Package golocks uses Go's locks the ways the recorder writes as lock
// kinds and requests: a mutex a goroutine locks twice, a read-write lock
// with a writer and nested readers, a goroutine that returns holding a
// read lock.
package golocks

import "sync"

// Server's drain is the grpc/795 shape of GoBench: the second stop locks
// the mutex its first stop left locked.
type Server struct {
	mu    sync.Mutex
	drain bool
}

// Stop locks s.mu and, when it is already draining, locks it again.
func (s *Server) Stop() {
	s.mu.Lock()
	if s.drain {
		s.mu.Lock() // blocks for ever
		return
	}
	s.drain = true
}

// Cache reads under a read lock, nested, and writes under the write lock.
type Cache struct {
	mu   sync.RWMutex
	hits int
}

// Lookup takes the read lock twice, nested, then the write lock.
func (c *Cache) Lookup() {
	c.mu.RLock()
	c.mu.RLock()
	c.mu.RUnlock()
	c.mu.RUnlock()
	c.mu.Lock()
	c.hits++
	c.mu.Unlock()
}

// Leak takes the read lock and returns without releasing it.
func (c *Cache) Leak() {
	c.mu.RLock()
}
