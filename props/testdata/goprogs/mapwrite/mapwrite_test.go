// Package mapwrite: two goroutines write one map. In the recorded run the
// second writes 10ms after the first, so nothing failed; nothing in the
// program orders them (positive). With a mutex around the writes
// (negative) they are never at the same time.
package mapwrite

import (
	"sync"
	"testing"
	"time"
)

func TestPositive(t *testing.T) {
	m := map[string]int{}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); m["a"] = 1 }()
	go func() { defer wg.Done(); time.Sleep(10 * time.Millisecond); m["b"] = 2 }()
	wg.Wait()
}

func TestNegative(t *testing.T) {
	m := map[string]int{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); mu.Lock(); m["a"] = 1; mu.Unlock() }()
	go func() { defer wg.Done(); time.Sleep(10 * time.Millisecond); mu.Lock(); m["b"] = 2; mu.Unlock() }()
	wg.Wait()
}
