// Package methodvalue hands sync methods around as method values: a
// WaitGroup's Done called by the goroutine through a variable, a mutex's
// Lock and Unlock through a function that takes them. go test -race
// finds no race: the Done orders the goroutine's write before Wait
// returns, and the locks order the two increments. The recorder must see
// these calls as the calls they are, or the writes would seem to race.
package methodvalue

import (
	"sync"
	"testing"
)

func TestDoneValue(t *testing.T) {
	var wg sync.WaitGroup
	n := 0
	wg.Add(1)
	done := wg.Done
	go func() {
		n = 1
		done()
	}()
	wg.Wait()
	if n != 1 {
		t.Error("n is not 1")
	}
}

func locked(lock, unlock func(), f func()) {
	lock()
	defer unlock()
	f()
}

func TestLockValues(t *testing.T) {
	var mu sync.Mutex
	n := 0
	finished := make(chan bool)
	go func() {
		locked(mu.Lock, mu.Unlock, func() { n++ })
		finished <- true
	}()
	locked(mu.Lock, mu.Unlock, func() { n++ })
	<-finished
}
