package rt

import "sync"

// Child is a goroutine about to be started by an instrumented `go`
// statement: its trace thread name, chosen by the parent at the fork, and
// the fork's event id.
type Child struct{ name, fork string }

// Fork logs the fork of a new goroutine created at site and returns it;
// the goroutine calls Start first.
func Fork(site string) *Child {
	if !on() {
		return nil
	}
	c := &Child{name: siteName(site)}
	withState(func(s *gstate) { c.fork = s.event(site, "fork "+c.name) })
	return c
}

// Start registers the calling goroutine as c. Its first line is a
// comment naming its fork, so that the collector can drop a goroutine
// whose fork was lost in a crash (it would seem to start at any time).
func Start(c *Child) {
	if c == nil {
		return
	}
	s := &gstate{name: c.name}
	s.line(false, "# forked-by "+c.fork+" "+c.name)
	rec.states.Store(goid(), s)
}

// End is deferred by every goroutine the recorder starts, with the value
// of recover(): a goroutine that panics writes every buffer out (the
// process is about to die) and panics on; one that ends writes its own.
func End(r any) {
	if on() {
		if r != nil {
			Flush()
			panic(r)
		}
		id := goid()
		if v, ok := rec.states.Load(id); ok {
			s := v.(*gstate)
			s.mu.Lock()
			s.ev("", "end") // it ended: what it holds it holds for ever (Deadlock)
			s.flushLocked()
			s.mu.Unlock()
			rec.states.Delete(id)
		}
	} else if r != nil {
		panic(r)
	}
}

// tests links the test functions of a test binary: the testing package
// runs them one after another in goroutines it starts, which the trace
// would otherwise let start at any time.
var tests struct {
	mu   sync.Mutex
	last string // id of the last event of the test that ended last
}

// Test is deferred-called at the entry of an instrumented test function:
// `defer rt.Test("TestX")()`. It names the goroutine after the test, logs
// its `begin`, and orders it after the last event of the test that ended
// before it started (true in the run: tests that ended were done). The
// returned function, run when the test function returns, notes its last
// event and writes the buffers out.
func Test(name string) func() {
	if !on() {
		return func() {}
	}
	armTimeoutFlush() // a hung test leaves its recording (rt_locks.go)
	s := cur()
	s.mu.Lock()
	op := "call void go.test()" // a goroutine that already logged events
	if s.n == 0 {
		s.name, op = token(name), "begin"
	}
	begin := s.event("", op)
	tests.mu.Lock()
	if tests.last != "" && s.n == 1 {
		s.line(false, "hb "+tests.last+" "+begin)
	}
	tests.mu.Unlock()
	s.mu.Unlock()
	return func() {
		s.mu.Lock()
		last := s.lastID()
		s.mu.Unlock()
		tests.mu.Lock()
		tests.last = last
		tests.mu.Unlock()
		testReturned(s) // ends it when the process exits (rt_locks.go)
		Flush()
	}
}

// Token links a callback (a function literal passed to code that is not
// instrumented, such as testing.T.Run or time.AfterFunc) to the goroutine
// that passed it, in case that code runs it on another goroutine.
type Token struct {
	mu     sync.Mutex
	parent *gstate
	from   string // the parent's last event when the token was made
	done   string // the callback's exit event, once it returned elsewhere
}

// NewToken is called where the callback is passed.
func NewToken() *Token {
	if !on() {
		return nil
	}
	t := &Token{parent: cur()}
	t.parent.mu.Lock()
	t.from = t.parent.lastID()
	t.parent.mu.Unlock()
	return t
}

// Enter is deferred-called at the start of the callback:
// `defer tk.Enter(site)()`. On another goroutine than the parent it logs
// an enter event after the parent's event at the token's making (an hb
// fact) and, when the callback returns, the matching exit.
func (t *Token) Enter(site string) func() {
	if t == nil {
		return func() {}
	}
	s := cur()
	if s == t.parent {
		return func() {}
	}
	s.mu.Lock()
	if s.n == 0 && s.name != "main" {
		s.name = siteName(site) // a goroutine first seen running the callback: named after it
	}
	enter := s.event(site, "enter void go.callback()")
	if t.from != "" {
		s.line(false, "hb "+t.from+" "+enter)
	}
	s.mu.Unlock()
	return func() {
		s.mu.Lock()
		exit := s.event(site, "exit void go.callback()")
		s.mu.Unlock()
		t.mu.Lock()
		t.done = exit
		t.mu.Unlock()
	}
}

// After is called by the parent when the call it passed the callback to
// has returned: if the callback ran and returned on another goroutine,
// the parent logs an event ordered after its exit.
func (t *Token) After(site string) {
	if t == nil {
		return
	}
	t.mu.Lock()
	done := t.done
	t.mu.Unlock()
	if done == "" {
		return
	}
	withState(func(s *gstate) {
		ev := s.event(site, "call void go.callbackReturned()")
		s.line(false, "hb "+done+" "+ev)
	})
}
