// Package leak is moby/4395's shape: a helper runs a function in a
// goroutine that sends its result on an unbuffered channel, and the
// caller that gets an error back first returns without receiving. The
// test passes; the goroutine is left in its send for ever (a leak that
// go test -race does not report). The recorder writes the send it was
// left inside as its last event, and Blocked reports it.
package leak

import (
	"errors"
	"testing"
	"time"
)

func async(f func() error) <-chan error {
	ch := make(chan error)
	go func() {
		ch <- f() // left here: nobody receives
	}()
	return ch
}

func TestLeak(t *testing.T) {
	ch := async(func() error { return errors.New("failed") })
	_ = ch // the caller gave up: it never receives
}

// TestWaiter leaves a goroutine waiting to receive from a channel that
// nobody sends on or closes (cockroach/13197's shape): the recorder
// writes its recvwait.
func TestWaiter(t *testing.T) {
	done := make(chan struct{})
	go func() {
		<-done // left here: nobody closes done
	}()
}

// TestSelectWaiter leaves a goroutine in a select whose one case
// receives from a channel nobody sends on (grpc/1275's shape): the
// runtime's note names the channel, and the recorder writes a recvwait.
func TestSelectWaiter(t *testing.T) {
	recv := make(chan bool)
	go func() {
		select {
		case <-recv: // left here
		}
	}()
}

// TestSendSelectWaiter leaves a goroutine in a select that sends a
// result nobody receives or stops on a channel nobody closes
// (cockroach/2448's shape): the runtime's note names the select's send
// case and its value, and the recorder writes that send, with the
// select's key, as the goroutine's last event (inside the send: the
// select waits).
func TestSendSelectWaiter(t *testing.T) {
	results, stop := make(chan int), make(chan bool)
	go func() {
		select { // left here
		case results <- 7:
		case <-stop:
		}
	}()
}

// TestTimerWaiter leaves goroutines waiting for timers that will fire: a
// receive from time.After's channel, and a select that sends a result
// nobody receives or gives up when a timer fires. Neither waits for
// ever, so neither is a leak (the recorder writes no wait for them).
func TestTimerWaiter(t *testing.T) {
	go func() {
		<-time.After(time.Hour) // waits, not for ever
	}()
	results := make(chan int)
	go func() {
		select { // waits, not for ever
		case results <- 7:
		case <-time.After(time.Hour):
		}
	}()
}

// TestStoppedTimerWaiter leaves a goroutine waiting for a timer that was
// stopped before it fired (istio/18454's shape): nothing will send on
// its channel, so it waits for ever.
func TestStoppedTimerWaiter(t *testing.T) {
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	go func() {
		<-timer.C // left here for ever
	}()
}
