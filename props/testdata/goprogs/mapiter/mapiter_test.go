// Package mapiter: one goroutine ranges over a map while another writes
// it. The writer waits 10ms in the recorded run (positive); with a
// read-write lock (negative) the writer waits for the iteration.
package mapiter

import (
	"sync"
	"testing"
	"time"
)

func TestPositive(t *testing.T) {
	m := map[int]int{1: 1, 2: 2}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); time.Sleep(10 * time.Millisecond); m[3] = 3 }()
	sum := 0
	for _, v := range m {
		sum += v
	}
	wg.Wait()
}

func TestNegative(t *testing.T) {
	m := map[int]int{1: 1, 2: 2}
	var mu sync.RWMutex
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); time.Sleep(10 * time.Millisecond); mu.Lock(); m[3] = 3; mu.Unlock() }()
	sum := 0
	mu.RLock()
	for _, v := range m {
		sum += v
	}
	mu.RUnlock()
	wg.Wait()
}
