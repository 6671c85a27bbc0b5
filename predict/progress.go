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
				fn(p.snapshot(start))
			case <-quit:
				return
			}
		}
	}()
	return func() {
		close(quit)
		<-done
		fn(p.snapshot(start))
	}
}
