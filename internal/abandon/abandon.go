// Package abandon runs a computation that does not look at an interrupt
// so that its caller does: the one-time setup of a run (indexing a
// recording of a million events, building its base order) takes seconds
// in code that has no stop signal, and an interrupt must end the run
// within two seconds wherever it is (docs/output.md, Interrupts).
package abandon

// Run runs f and returns its result, or returns at once with ok false
// when stop closes first (nil: never; a context's Done channel, the stop
// signal of the engine's stages). f is then abandoned: it runs on, in its
// own goroutine, to its end, and its result is dropped. That costs its
// work and memory until it ends, which is why Run is only for
// computations after which an interrupted caller ends too (gpredict
// writes what it found and exits). f must not write to anything its
// caller reads.
func Run[T any](stop <-chan struct{}, f func() T) (result T, ok bool) {
	select {
	case <-stop:
		return result, false
	default:
	}
	done := make(chan T, 1) // buffered: an abandoned f does not block on it
	go func() { done <- f() }()
	select {
	case result = <-done:
		return result, true
	case <-stop:
		return result, false
	}
}
