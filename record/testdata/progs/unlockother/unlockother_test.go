// Package unlockother unlocks a mutex that another goroutine locked and
// ended holding (legal for sync.Mutex; GoBench's kubernetes/26980 does
// it). The trace's release is the holder's, so its end must come after
// it: the trace reads back, and the later Lock does not block behind a
// goroutine that ended holding the mutex.
package unlockother

import (
	"sync"
	"testing"
)

func TestUnlockAfterEnd(t *testing.T) {
	var mu sync.Mutex
	n := 0
	done := make(chan bool)
	go func() {
		mu.Lock()
		n = 1
		close(done)
	}() // returns holding mu
	<-done
	mu.Unlock()
	mu.Lock()
	if n != 1 {
		t.Error("n is not 1")
	}
	mu.Unlock()
}
