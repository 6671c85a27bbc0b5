package rt

// Go lets a goroutine unlock a mutex that another goroutine locked, also
// after that goroutine ended (GoBench's kubernetes/26980: a goroutine
// locks and returns, the test unlocks). The trace's release must be the
// holder's (rt_sync.go's releasing), and a thread's `end` must be its last
// event (docs/trace-format.md). So a goroutine that ends while it holds a
// lock does not log its `end`: it writes a note, "# ends THREAD
// stack=ID", and the collector writes the `end` at the end of the trace
// (record/collect.go), after any release another goroutine made for it
// meanwhile — also when the run ends by a time-out or a kill, where no
// code of the recorder runs at exit. A lock still held then is held for
// ever, as an `end` says (Deadlock).

// endOf logs the end of goroutine s, or its note when s holds a lock
// (s.mu held).
func endOf(s *gstate) {
	if s.held > 0 {
		s.line("# ends ", s.name, " stack=", s.stackID())
		return
	}
	s.ev("", "end") // it ended: what it holds it holds for ever (Deadlock)
}
