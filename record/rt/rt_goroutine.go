package rt

import (
	"strconv"
	"sync"
)

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
	rec.starting.Add(1)
	return c
}

// Start registers the calling goroutine as c. Its first line is a
// comment naming its fork, so that the collector can drop a goroutine
// whose fork was lost in a crash (it would seem to start at any time).
func Start(c *Child) {
	if c == nil {
		return
	}
	s := newState(c.name)
	s.forked = true
	s.lock() // its first chunk may be a buffer (rt_state.go's room)
	s.line("# forked-by " + c.fork + " " + c.name)
	s.unlock()
	rec.states.getOrAdd(goid(), func(int64) *gstate { return s })
	// Only now is it no longer starting: settle (rt_settle.go) must see
	// it either as starting or as a registered running goroutine, never
	// as neither, or the process may exit before it runs.
	rec.starting.Add(-1)
	s.maybeYield(oneInStart) // it may run after others (rt_perturb.go)
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
		if s, ok := rec.states.get(id); ok {
			s.lockMu() // unlockers write into its log under mu once it is closed
			s.closeForeign()
			endOf(s)
			if s.ck != nil {
				rec.log.done(s.ck)
				s.ck = nil
			}
			s.ended = true
			last := s.lastID()
			s.unlock()
			if last != "" {
				rec.namesMu.Lock()
				rec.ended = append(rec.ended, last)
				rec.namesMu.Unlock()
			}
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
// `defer rt.Test("TestX")()`. It names the goroutine after the test (with
// an ordinal from the second run of a test on, -count=N), logs its
// `begin`, and orders it after the last event of the test that ended
// before it started (true in the run: tests that ended were done). The
// testing package started the goroutine from m.Run, in which goroutine 1
// waits while tests run: its fork is logged there, after everything
// package initialisation and TestMain did before m.Run. The returned
// function, run when the test function returns, notes its last event and
// writes the buffers out.
func Test(name string) func() {
	if !on() {
		return func() {}
	}
	s := cur()
	s.mu.Lock()
	fresh := s.n == 0
	s.mu.Unlock()
	tname, fork := token(name), ""
	if fresh {
		rec.namesMu.Lock()
		rec.byName["test:"+tname]++
		if k := rec.byName["test:"+tname]; k > 1 {
			tname += "." + strconv.Itoa(k)
		}
		m := rec.main
		rec.namesMu.Unlock()
		if m != nil && m != s {
			// main waits in m.Run (testing started this goroutine from
			// there and waits for it): it writes nothing meanwhile.
			m.lockMu()
			fork = m.event("", "fork "+tname)
			m.unlock()
		}
	}
	s.lockMu()                  // a rename: under mu, as others read the name (last)
	op := "call void go.test()" // a goroutine that already logged events
	if fresh {
		s.name, op = tname, "begin"
		if fork != "" {
			s.after = nil // the fork orders it
			s.line("# forked-by " + fork + " " + s.name)
		}
	}
	begin := s.event("", op)
	tests.mu.Lock()
	if tests.last != "" && s.n == 1 {
		s.line("hb " + tests.last + " " + begin)
	}
	tests.mu.Unlock()
	s.unlock()
	return func() {
		last := s.last()
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
	// global marks a finalizer or cleanup (runtime.SetFinalizer,
	// AddCleanup): the runtime runs it once the object is unreachable,
	// which the race detector models as the finalizer goroutine
	// acquiring everything every goroutine did until then; so does the
	// recorder, with an hb fact from each goroutine's last event.
	global bool
}

// NewToken is called where the callback is passed.
func NewToken() *Token {
	if !on() {
		return nil
	}
	t := &Token{parent: cur()}
	t.from = t.parent.last()
	return t
}

// NewFinalizerToken is NewToken for the function handed to
// runtime.SetFinalizer or runtime.AddCleanup.
func NewFinalizerToken() *Token {
	t := NewToken()
	if t != nil {
		t.global = true
	}
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
	s.mu.Unlock()
	var before []string
	if t.global {
		rec.states.each(func(_ int64, g *gstate) {
			if last := g.last(); g != s && last != "" && !g.ended {
				before = append(before, last)
			}
		})
		rec.namesMu.Lock()
		before = append(before, rec.ended[s.endedSeen:]...)
		s.endedSeen = len(rec.ended)
		rec.namesMu.Unlock()
	}
	s.lock()
	enter := s.event(site, "enter void go.callback()")
	if t.from != "" {
		s.line("hb " + t.from + " " + enter)
	}
	for _, b := range before {
		s.line("hb " + b + " " + enter)
	}
	s.unlock()
	return func() {
		s.lock()
		exit := s.event(site, "exit void go.callback()")
		s.unlock()
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
		s.line("hb " + done + " " + ev)
	})
}
