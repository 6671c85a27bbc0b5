package encode

import "errors"

// The loops of this package whose length depends on the trace (the slice
// closure, the completion of a witness) look at a stop signal as they go:
// a channel that closes when the run is stopped or the candidate is given
// up (nil: never). A loop that sees it closed returns ErrStopped, which
// the caller reports as "unknown", never as "no violation". Looking at a
// channel costs little, but not nothing, so the loops look once every
// stopEvery iterations.

// ErrStopped is returned by a builder whose stop signal closed.
var ErrStopped = errors.New("stopped")

// stopEvery is how many iterations a loop runs between two looks at its
// stop signal: a few microseconds of work.
const stopEvery = 1024

// stopped reports whether stop has closed.
func stopped(stop <-chan struct{}) bool {
	select {
	case <-stop:
		return true
	default:
		return false
	}
}

// watch counts a loop's iterations and reports, every stopEvery of them,
// whether stop has closed.
type watch struct {
	stop <-chan struct{}
	n    int
}

func (w *watch) stopped() bool {
	w.n++
	return w.n%stopEvery == 0 && stopped(w.stop)
}
