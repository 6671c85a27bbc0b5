// Package sendclose: a producer sends on a channel that the test closes.
// In the recorded run the close comes 10ms later (positive); nothing
// orders it after the send, and a send after a close panics. When the
// test waits for the producer's signal before closing (negative), the
// close always follows the send.
package sendclose

import (
	"testing"
	"time"
)

func TestPositive(t *testing.T) {
	ch := make(chan int, 1)
	go func() { ch <- 1 }()
	time.Sleep(10 * time.Millisecond)
	close(ch)
}

func TestNegative(t *testing.T) {
	ch := make(chan int, 1)
	sent := make(chan bool)
	go func() { ch <- 1; sent <- true }()
	<-sent
	close(ch)
}
