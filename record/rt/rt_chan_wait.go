package rt

import "time"

// partnerWait bounds how long an operation of a channel waits, the first
// time, for its partner to be counted (chanState.partner) before the
// recorder decides that no instrumented code performs that side of the
// channel. A select counts its case only when its body runs, after the
// partner may already have asked; a bound of 200 yields was too short on
// a loaded machine: ristretto's Close sends on an unbuffered stop channel
// whose receive is a select case of a goroutine that 340 others kept from
// running, the send was dropped as external, its receive (counted a
// moment later) was logged, and that receive then waited for ever in
// every schedule — with it the test's goroutine and every later test.
const partnerWait = 50 * time.Millisecond

// gaveUp reports whether an operation that has yielded try times since
// start stops waiting for its partner.
func gaveUp(try int, start time.Time) bool {
	return try >= 200 && time.Since(start) >= partnerWait
}
