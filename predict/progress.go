package predict

import (
	"sync/atomic"
	"time"
)

// progress counts how far a run has got, for Options.Progress.
type progress struct {
	formed, queued, decided, violations atomic.Int64
	enumerated                          atomic.Bool
}

func (p *progress) snapshot(start time.Time) Progress {
	return Progress{Formed: int(p.formed.Load()), Queued: int(p.queued.Load()), Decided: int(p.decided.Load()),
		Enumerated: p.enumerated.Load(), Violations: int(p.violations.Load()), Elapsed: time.Since(start)}
}

// report calls fn with the progress about five times a second until the
// returned function is called, which reports once more and waits for the
// reporting goroutine to end. With fn nil it does nothing.
func (p *progress) report(fn func(Progress), start time.Time) (stop func()) {
	return Tick(fn, func() Progress { return p.snapshot(start) })
}

// Tick calls fn with snapshot() about five times a second until the
// returned function is called, which calls it once more and waits for
// the ticking goroutine to end: Options.Progress, for Run and for the
// engines of built-in properties (props/deadlock). With fn nil it does
// nothing.
func Tick(fn func(Progress), snapshot func() Progress) (stop func()) {
	if fn == nil {
		return func() {}
	}
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				fn(snapshot())
			case <-quit:
				return
			}
		}
	}()
	return func() {
		close(quit)
		<-done
		fn(snapshot())
	}
}
