package rt

// Go lets a goroutine unlock a mutex that another goroutine locked, also
// after that goroutine ended (GoBench's kubernetes/26980: a goroutine
// locks and returns, the test unlocks). The trace's release must be the
// holder's (rt_sync.go's releasing), and a thread's `end` must be its last
// event (docs/trace-format.md): so a goroutine that ends while it holds a
// lock logs its `end` when the process exits (endReturnedTests, with the
// test goroutines, whose end waits for their cleanups), and a release
// that another goroutine makes meanwhile comes before it. A lock still
// held then is held for ever, as an `end` says (Deadlock).

// endOf logs the end of goroutine s, or defers it to the exit when s
// holds a lock (s.mu held).
func endOf(s *gstate) {
	if s.held > 0 {
		s.endAtExit = true
		locks.returned.Store(s, struct{}{})
		return
	}
	s.ev("", "end") // it ended: what it holds it holds for ever (Deadlock)
}
