// Package wgreuse: a WaitGroup reused for a second round of work. In the
// positive test a helper goroutine starts the second round (Add from
// zero) 10ms after the first Wait returned, but nothing orders that Add
// after the Wait: it may come while the Wait is still in progress, which
// Go forbids (the runtime panics with "WaitGroup is reused before
// previous Wait has returned"). In the negative test the second round is
// started by the waiting goroutine itself, after its Wait.
package wgreuse

import (
	"sync"
	"testing"
	"time"
)

func TestPositive(t *testing.T) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { wg.Done() }()
	go func() {
		time.Sleep(10 * time.Millisecond)
		wg.Add(1) // the second round
		wg.Done()
	}()
	wg.Wait()
	time.Sleep(20 * time.Millisecond)
}

func TestNegative(t *testing.T) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { wg.Done() }()
	wg.Wait()
	wg.Add(1) // the second round, after the first Wait
	go func() { wg.Done() }()
	wg.Wait()
}
