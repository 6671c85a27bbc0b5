// Package interrupt holds the one look at a stop signal that the loops of
// every phase of a run share (trace reading, matching, the atomicity
// check, the engine, the encoding): a stop signal is a channel that
// closes when the run is interrupted (docs/engine.md, Interrupts).
package interrupt

// Closed reports whether stop has closed, without waiting (a nil stop
// never closes).
func Closed(stop <-chan struct{}) bool {
	select {
	case <-stop:
		return true
	default:
		return false
	}
}
