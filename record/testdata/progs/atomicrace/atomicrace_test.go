// Package atomicrace has a plain access racing with an atomic one, which
// is a data race under the Go memory model (go test -race reports it),
// and atomic accesses racing with each other, which is not.
package atomicrace

import (
	"sync/atomic"
	"testing"
	"time"
)

func TestMixed(t *testing.T) {
	var n, m int32
	done := make(chan bool)
	go func() {
		// The plain read below usually runs first; the sleep (no
		// synchronisation, so no order in the trace) makes it so under
		// load too. Were the add first, the read would return 1, and the
		// recorder, which takes a variable's first logged read as its
		// initial value, could log the read first and then see the
		// add's read of 0 as a value no write produced.
		time.Sleep(100 * time.Millisecond)
		atomic.AddInt32(&n, 1)
		atomic.AddInt32(&m, 1)
		done <- true
	}()
	_ = n // plain: races with the atomic add
	_ = atomic.LoadInt32(&m)
	<-done
}
