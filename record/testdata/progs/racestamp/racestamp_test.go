// Package racestamp has a data race that the race detector must report
// while the test is recorded (cmd/gpredict's TestRecordedRunKeepsRaces):
// between the goroutine's write of x and the test's read after it
// started, the only operations that the recorder's bookkeeping could
// order are the two goroutines' locks of two different mutexes, each
// taking the recorder's global stamp.
//
// Once the goroutine has started, the test reads x only after the sleep
// and the lock of b that follows it, which come after the goroutine's
// lock of a. Were the recorder's stamp counter synchronisation to the
// detector, the goroutine's stamp and then the test's would order the
// write before the read, and the detector would print nothing; that is
// what the test checks. The loop has no read right after the go
// statement, as that one would race whatever the counter does.
//
// The recorder's tables (stacks, names, lock states) are written under
// mutexes that the detector sees, so the test must add nothing to them
// once the goroutine runs: an entry it added after the goroutine's would
// order the goroutine's write before its read (a recording in which the
// goroutine ran before the test's first lock of b hid the race). The
// loop therefore locks b and reads x once before the goroutine starts,
// at the same lines and stacks as after, and the sleep lets the
// goroutine run to its send before the read (a goroutine that ran only
// after the test's receive would find that receive's entries).
package racestamp

import (
	"sync"
	"testing"
	"time"
)

func TestRacyRead(t *testing.T) {
	var x int
	var a, b sync.Mutex
	lockA := func() { a.Lock(); a.Unlock() }
	lockB := func() { b.Lock(); b.Unlock() }
	lockA()
	done := make(chan bool)
	seen := 0
	for i := 0; i < 3; i++ {
		switch i {
		case 1:
			go func() {
				x = 1
				lockA()
				done <- true
			}()
		case 2:
			time.Sleep(200 * time.Millisecond)
		}
		lockB()
		if i != 1 {
			seen += x
		}
	}
	if seen > 0 {
		t.Log("a read after the write")
	}
	<-done
}
