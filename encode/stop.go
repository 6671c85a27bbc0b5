package encode

import (
	"errors"

	"gpredict/internal/interrupt"
)

// The loops of this package whose length depends on the trace (the slice
// closure, building a problem's families, the completion of a witness and
// the repair of its block) look at their Limits as they go: a stop signal,
// a channel that closes when the run is stopped or the candidate is given
// up, and the run's memory budget. A loop that sees the signal closed
// returns ErrStopped, one that sees the budget reached ErrMemory; the
// caller reports either as "unknown", never as "no violation". Looking
// costs little, but not nothing, so the loops look once every stopEvery
// iterations.

// Limits are what a builder of this package looks at as it goes. The zero
// value never stops it.
type Limits struct {
	// Stop closes when the run is stopped (an interrupt) or the
	// candidate given up (nil: never).
	Stop <-chan struct{}
	// Tight reports whether the run's memory budget is reached (nil:
	// never): a single candidate's encoding grows with the square of a
	// lock's holds and of a variable's writes, and must not take the
	// process past the budget on its own.
	Tight func() bool
	// MaxAtoms is the most order atoms one problem's causal constraints
	// may hold (0: no bound): a builder past it gives the problem up
	// with ErrTooLarge. The budget (Tight) looks at the whole process,
	// and on a long recording with values the problem of one slice of
	// 96K events grew past 12 GB within 100 s before the budget could
	// stop it, leaving every later candidate without solver stages
	// (docs/engine.md, Memory).
	MaxAtoms int
}

// StopOnly is the Limits of a stop signal alone.
func StopOnly(stop <-chan struct{}) Limits { return Limits{Stop: stop} }

// ErrStopped is returned by a builder whose stop signal closed.
var ErrStopped = errors.New("stopped")

// ErrMemory is returned by a builder that found the run's memory budget
// reached (Limits.Tight).
var ErrMemory = errors.New("the memory budget was reached while encoding")

// ErrTooLarge is returned by a problem builder whose constraints passed
// Limits.MaxAtoms order atoms.
var ErrTooLarge = errors.New("the encoding passed its bound of order atoms")

// stopEvery is how many iterations a loop runs between two looks at its
// limits: a few microseconds of work.
const stopEvery = 1024

// err is ErrStopped when the stop signal has closed, ErrMemory when the
// budget is reached, else nil.
func (l Limits) err() error {
	switch {
	case interrupt.Closed(l.Stop):
		return ErrStopped
	case l.Tight != nil && l.Tight():
		return ErrMemory
	}
	return nil
}

// watch counts a loop's iterations and looks, every stopEvery of them, at
// its limits. Once it has seen one reached it keeps saying so, at once: a
// builder whose loops are nested (problem building) leaves every loop on
// the first look after it.
type watch struct {
	lim Limits
	n   int
	err error // ErrStopped or ErrMemory once seen
}

func (w *watch) stopped() bool {
	if w.err != nil {
		return true
	}
	w.n++
	if w.n%stopEvery == 0 {
		w.err = w.lim.err()
	}
	return w.err != nil
}

// Watch is a watch for the loops of other packages that look at a stop
// signal the same way (the engine's enumeration of candidates). A nil
// Watch never stops.
type Watch struct{ w watch }

// NewWatch watches stop (nil: never closes).
func NewWatch(stop <-chan struct{}) *Watch { return &Watch{watch{lim: StopOnly(stop)}} }

// Stopped counts one iteration and reports, every stopEvery of them,
// whether the stop signal has closed; once it has, always true.
func (w *Watch) Stopped() bool { return w != nil && w.w.stopped() }
