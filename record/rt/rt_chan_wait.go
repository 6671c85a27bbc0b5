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

// waitCount waits, for at most partnerWait, until *count reaches k, and
// reports whether it did; if not, no instrumented code performs that side
// of c (*external, and later operations do not wait). c.mu is held, and
// released while the operation sleeps: it does not spin, so on a busy
// machine the goroutine that will count its partner gets the processor
// (yielding in a loop, as the recorder did, spent a fifth of a recorded
// program's time in the scheduler, waiting for a receive of a full
// buffered channel to be counted).
func (c *chanState) waitCount(count *int, external *bool, k int) bool {
	timer := time.NewTimer(partnerWait)
	defer timer.Stop()
	for {
		if c.counted == nil {
			c.counted = make(chan struct{})
		}
		wait := c.counted
		c.mu.Unlock()
		timedOut := false
		select {
		case <-wait:
		case <-timer.C:
			timedOut = true
		}
		c.mu.Lock()
		switch {
		case k <= *count:
			return true
		case *external:
			return false
		case timedOut:
			*external = true
			return false
		}
	}
}
