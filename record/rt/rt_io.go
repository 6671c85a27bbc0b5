package rt

import "sync"

// Network I/O. What one goroutine sends over a connection, another reads
// after it was sent: a client's request happens before the handler that
// serves it starts, the handler's end before the client reads the
// response. The recorder sees neither the connection nor the server's
// goroutines, so it models I/O as the race detector does (its ioSync):
// every I/O call of instrumented code releases, and every I/O that
// returns acquires, one global synchronisation object. A call into
// package net or net/... logs an IORelease before it and an IOAcquire
// after it returns; an HTTP handler (a function of instrumented code
// taking an http.ResponseWriter and an *http.Request) acquires on entry
// and releases on exit. An acquire follows, by hb facts, the last release
// of every other goroutine that it has not followed yet — each of which
// was logged before it, so the facts hold in the run. This orders more
// than the network does (unrelated requests, too): it over-constrains,
// which may hide a bug but never reports a false one.

var ioSync = struct {
	mu   sync.Mutex
	last map[*gstate]string // each goroutine's last release
	seen map[*gstate]map[*gstate]string
}{last: map[*gstate]string{}, seen: map[*gstate]map[*gstate]string{}}

// IORelease is logged before an I/O call.
func IORelease(site string) {
	if !on() {
		return
	}
	s := cur()
	s.lock()
	ev := s.event(site, "call void go.io.release()")
	s.unlock()
	ioSync.mu.Lock()
	ioSync.last[s] = ev
	ioSync.mu.Unlock()
}

// IOAcquire is logged after an I/O call returns.
func IOAcquire(site string) {
	if !on() {
		return
	}
	s := cur()
	s.lock()
	defer s.unlock()
	ioAcquire(s, site)
}

// ioAcquire logs the acquire (s.mu held).
func ioAcquire(s *gstate, site string) {
	ev := s.event(site, "call void go.io.acquire()")
	ioSync.mu.Lock()
	defer ioSync.mu.Unlock()
	seen := ioSync.seen[s]
	if seen == nil {
		seen = map[*gstate]string{}
		ioSync.seen[s] = seen
	}
	for g, rel := range ioSync.last {
		if g != s && seen[g] != rel {
			seen[g] = rel
			s.line("hb " + rel + " " + ev)
		}
	}
}

// HTTPHandler is called on entry of an HTTP handler:
// `defer gpredictrt.HTTPHandler(site)()`. It acquires, and releases when
// the handler returns. A goroutine first seen here is named after the
// handler.
func HTTPHandler(site string) func() {
	if !on() {
		return func() {}
	}
	s := cur()
	s.lock()
	if s.n == 0 && s.name != "main" {
		s.name = siteName(site)
	}
	ioAcquire(s, site)
	s.unlock()
	return func() { IORelease(site) }
}

// IOResult is an I/O call with one result inside an expression:
// IOResult(IOStart(site), call) releases before the call (arguments are
// evaluated left to right) and acquires after it.
func IOResult[T any](site string, v T) T {
	IOAcquire(site)
	return v
}

// IOStart releases before the I/O call of IOResult and returns the site.
func IOStart(site string) string {
	IORelease(site)
	return site
}
