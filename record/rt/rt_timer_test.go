package rt

import (
	"testing"
	"time"
)

// TestTimerReceiveDoesNotWait: a receive from a timer's channel, marked
// when it is made, returns once the timer fires, without waiting
// partnerWait for a recorded send; an unmarked one waits (the test's
// control, so that it fails if the mark is lost).
func TestTimerReceiveDoesNotWait(t *testing.T) {
	startRecording(t)
	for _, tc := range []struct {
		name   string
		make   func() <-chan time.Time
		marked bool
	}{
		{"time.After", func() <-chan time.Time { return TimerChan(time.After(time.Millisecond)) }, true},
		{"time.NewTimer", func() <-chan time.Time { return Timer(time.NewTimer(time.Millisecond)).C }, true},
		{"time.NewTicker", func() <-chan time.Time { return Ticker(time.NewTicker(time.Millisecond)).C }, true},
		{"unmarked", func() <-chan time.Time { return time.After(time.Millisecond) }, false},
	} {
		ch := tc.make()
		start := time.Now()
		Recv(ch, "t.go:1")
		d := time.Since(start)
		if waited := d >= partnerWait; waited == tc.marked {
			t.Errorf("%s: the receive took %v (partnerWait %v); marked %v", tc.name, d, partnerWait, tc.marked)
		}
	}
}
