// Package server is the example of README.md: a server whose connection
// count is protected by a mutex, and whose closed flag is not.
package server

import "sync"

// Server counts connections until it is shut down.
type Server struct {
	mu     sync.Mutex
	conns  int
	closed bool // BUG: written and read outside mu
}

// Shutdown marks the server closed and drops its connections.
func (s *Server) Shutdown() {
	s.closed = true
	s.mu.Lock()
	s.conns = 0
	s.mu.Unlock()
}

// Accept counts a new connection and reports whether the server is open.
func (s *Server) Accept() bool {
	s.mu.Lock()
	s.conns++
	s.mu.Unlock()
	return !s.closed
}
