// Package racestamp has a data race that the race detector must report
// while the test is recorded (cmd/gpredict's TestRecordedRunKeepsRaces):
// between the goroutine's write of x and the test's read, the only
// operations that the recorder's bookkeeping could order are the two
// goroutines' locks of two different mutexes, each taking the recorder's
// global stamp. Every mutex, site and stack the test locks at after the
// goroutine starts was seen before, so no table of the recorder grows
// there either.
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
	go func() {
		x = 1
		lockA()
		done <- true
	}()
	for i := 0; i < 2; i++ {
		if i == 1 {
			time.Sleep(50 * time.Millisecond) // the goroutine's lock first
		}
		lockB()
	}
	if x == 1 {
		t.Log("read after the write")
	}
	<-done
}
