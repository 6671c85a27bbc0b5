// Package unlockother unlocks a mutex that another goroutine locked:
// after that goroutine ended holding it (legal for sync.Mutex; GoBench's
// kubernetes/26980 does it), while it waits, and while it sleeps until
// the run ends. The trace's release is the holder's, so an end must come
// after it: the trace reads back, and the later Lock does not block
// behind a goroutine that holds the mutex.
package unlockother

import (
	"sync"
	"testing"
	"time"
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

// TestUnlockWhileHolderWaits: the holder still runs when the test
// unlocks for it and synchronises afterwards: it writes the release
// itself, before that event (record/rt rt_foreign.go). (A hand-off by a
// send would make the trace racy, with this recorder as before it: the
// holder logs its send once it completed, which may be after the unlock
// it made possible, and the release would come before the send.)
func TestUnlockWhileHolderWaits(t *testing.T) {
	var mu sync.Mutex
	n := 0
	locked, unlocked, done := make(chan bool), make(chan bool), make(chan bool)
	go func() {
		mu.Lock()
		n = 1
		close(locked) // logged before it happens: before the unlock
		<-unlocked
		done <- true
	}()
	<-locked
	mu.Unlock()
	mu.Lock()
	n++
	mu.Unlock()
	unlocked <- true
	<-done
}

// TestUnlockWhileHolderSleeps: the holder logs nothing after the unlock
// until the run ends: the collector writes its release.
func TestUnlockWhileHolderSleeps(t *testing.T) {
	var mu sync.Mutex
	n := 0
	locked := make(chan bool)
	go func() {
		mu.Lock()
		n = 1
		close(locked)
		time.Sleep(time.Hour)
	}()
	<-locked
	mu.Unlock()
	mu.Lock()
	n++
	mu.Unlock()
}
