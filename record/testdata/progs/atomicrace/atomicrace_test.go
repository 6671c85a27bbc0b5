// Package atomicrace has a plain access racing with an atomic one, which
// is a data race under the Go memory model (go test -race reports it),
// and atomic accesses racing with each other, which is not.
package atomicrace

import (
	"sync/atomic"
	"testing"
)

func TestMixed(t *testing.T) {
	var n, m int32
	done := make(chan bool)
	go func() {
		atomic.AddInt32(&n, 1)
		atomic.AddInt32(&m, 1)
		done <- true
	}()
	_ = n // plain: races with the atomic add
	_ = atomic.LoadInt32(&m)
	<-done
}
