// Package deadlock: two goroutines take two mutexes in opposite orders.
// In the recorded run the second starts 10ms after the first finished
// (positive): either could take its first mutex while the other holds
// the other. Negative: both take them in the same order.
package deadlock

import (
	"sync"
	"testing"
	"time"
)

func TestPositive(t *testing.T) {
	var a, b sync.Mutex
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); a.Lock(); b.Lock(); b.Unlock(); a.Unlock() }()
	go func() {
		defer wg.Done()
		time.Sleep(10 * time.Millisecond)
		b.Lock()
		a.Lock()
		a.Unlock()
		b.Unlock()
	}()
	wg.Wait()
}

func TestNegative(t *testing.T) {
	var a, b sync.Mutex
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); a.Lock(); b.Lock(); b.Unlock(); a.Unlock() }()
	go func() {
		defer wg.Done()
		time.Sleep(10 * time.Millisecond)
		a.Lock()
		b.Lock()
		b.Unlock()
		a.Unlock()
	}()
	wg.Wait()
}
