package rt

import (
	"testing"
	"time"
)

// TestPartnerWaitsForALateSelect: a select counts its case only when its
// body runs. A partner counted a few milliseconds late — a goroutine
// other goroutines kept from running — must still be found; the 200
// yields the recorder waited before took microseconds when nothing else
// was runnable, and dropped the operation (ristretto's stop channel).
func TestPartnerWaitsForALateSelect(t *testing.T) {
	for _, delay := range []time.Duration{0, time.Millisecond, 5 * time.Millisecond} {
		c := &chanState{}
		go func() {
			time.Sleep(delay)
			c.next(&c.recvs)
		}()
		if !c.received(1) {
			t.Errorf("a receive counted %v late was not found", delay)
		}
	}
	// A partner that never comes: given up once, then at once.
	c := &chanState{}
	start := time.Now()
	if c.sent(1) || c.sent(2) {
		t.Fatal("a send no one made was found")
	}
	if d := time.Since(start); d < partnerWait || d > 20*partnerWait {
		t.Errorf("gave up after %v; want about %v", d, partnerWait)
	}
}
