// Package selects is the shape of a bug that needs a select to take
// another ready case than in the run (cmd/gpredict's selects.txtar,
// recorded). The worker's select takes b in the run: the writer sends b
// after its write of x, and the test sends a only later (the sleep) and
// then writes x, so the writes are ordered through b, the worker's
// select and its receive of a, and go test -race reports nothing. In
// another schedule the test sends a first and the worker's select takes
// it: the test's write of x then races with the writer's.
package selects

import (
	"testing"
	"time"
)

func TestOtherCase(t *testing.T) {
	a, b, done := make(chan int), make(chan int), make(chan bool)
	var x int
	go func() { // the worker
		select {
		case <-a:
			<-b
		case <-b:
			<-a
		}
		done <- true
	}()
	go func() { // the writer
		x = 2
		b <- 1
	}()
	// No synchronisation, so no order in the trace: the sleep only makes
	// the worker's select take b in the run.
	time.Sleep(20 * time.Millisecond)
	a <- 1
	x = 1
	<-done
	_ = x
}
