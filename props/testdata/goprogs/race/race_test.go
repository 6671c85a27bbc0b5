// Package race: a counter of a struct updated by two goroutines. Positive:
// one update under the mutex, the other without (the run is clean: the
// second goroutine waits 10ms). Negative: both updates under the mutex.
package race

import (
	"sync"
	"testing"
	"time"
)

type counter struct {
	mu sync.Mutex
	n  int
}

func TestPositive(t *testing.T) {
	c := &counter{}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); c.mu.Lock(); c.n++; c.mu.Unlock() }()
	go func() { defer wg.Done(); time.Sleep(10 * time.Millisecond); c.n++ }()
	wg.Wait()
}

func TestNegative(t *testing.T) {
	c := &counter{}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); c.mu.Lock(); c.n++; c.mu.Unlock() }()
	go func() { defer wg.Done(); time.Sleep(10 * time.Millisecond); c.mu.Lock(); c.n++; c.mu.Unlock() }()
	wg.Wait()
}
