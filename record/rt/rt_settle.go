package rt

import "time"

// A test that starts a goroutine and returns at once (GoBench moby/7559,
// cockroach/6181) lets the process exit before the goroutine has done
// anything: the run holds none of the bug, whatever the schedule. Exit
// therefore lets the goroutines still running go on for a while before
// the log is closed: until every goroutine that an instrumented `go`
// statement forked has started and ended, or every one has started and
// no goroutine has logged an event for settleQuiet ticks (on a loaded
// machine a goroutine may wait long to start), at most for settleMax. It changes no
// schedule's meaning: the exit is no event of the trace and synchronises
// with nothing, so a run in which it came later (as it may) did what
// these goroutines do meanwhile. A goroutine that blocks meanwhile (a
// lock it holds locked again) is what a deadlock report needs.
const (
	settleTick  = 10 * time.Millisecond
	settleQuiet = 10 // ticks without an event
	settleMax   = time.Second
)

// settle waits, at exit, for the goroutines still running (above).
func settle() {
	if !on() {
		return
	}
	self := cur()
	deadline := time.Now().Add(settleMax)
	last, quiet := -1, 0
	for time.Now().Before(deadline) {
		events, running := 0, false
		rec.states.each(func(_ int64, s *gstate) {
			if s == self {
				return
			}
			s.mu.Lock()
			events += s.events()
			running = running || (s.forked && !s.ended)
			s.mu.Unlock()
		})
		if !running && rec.starting.Load() == 0 {
			return
		}
		if events != last || rec.starting.Load() > 0 {
			last, quiet = events, 0
		} else if quiet++; quiet >= settleQuiet {
			return
		}
		time.Sleep(settleTick)
	}
}
