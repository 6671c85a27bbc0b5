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

// TestTimerFiring: whether the runtime will still send on a timer's
// channel, as the recorder keeps it — a one-shot timer until its fire is
// received or it is stopped, again after a Reset; a ticker after each
// receive. A goroutine the run leaves waiting on a channel that will
// fire is not written as blocked (TestRecordedLeak in cmd/gpredict
// checks what the recorder then writes).
func TestTimerFiring(t *testing.T) {
	startRecording(t)
	firing := func(ch <-chan time.Time) bool { return chanOf(ch).willFire() }
	after := TimerChan(time.After(time.Millisecond))
	if !firing(after) {
		t.Error("time.After's channel before its fire: not firing")
	}
	Recv(after, "t.go:1")
	if firing(after) {
		t.Error("time.After's channel after its fire was received: still firing")
	}
	timer := Timer(time.NewTimer(time.Hour))
	if !TimerStop(timer) || firing(timer.C) {
		t.Error("a timer stopped before it fired: still firing")
	}
	TimerReset(timer, time.Millisecond)
	if !firing(timer.C) {
		t.Error("a stopped timer after Reset: not firing")
	}
	Recv(timer.C, "t.go:2")
	if firing(timer.C) || TimerStop(timer) {
		t.Error("a timer whose fire was received: still firing, or Stop found it active")
	}
	ticker := Ticker(time.NewTicker(time.Millisecond))
	defer ticker.Stop()
	Recv(ticker.C, "t.go:3")
	if !firing(ticker.C) {
		t.Error("a ticker after a receive: not firing")
	}
	if firing(make(chan time.Time)) {
		t.Error("a channel that is not a timer's: firing")
	}
}
