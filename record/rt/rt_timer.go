package rt

import "time"

// Channels of the time package. A timer's or ticker's channel is sent on
// by the runtime, never by instrumented code: the recorder marks it so
// when it is made (record/rewrite_call.go, timerFuncs), and a receive from
// it is logged as its call only without first waiting partnerWait for a
// recorded send (rt_chan_wait.go). Without the mark, each fresh channel —
// time.After in a select, once per loop turn — cost that wait, and a
// reaper's 10 ms period became 60 ms (golang-lru's TestLoadingExpired
// failed when recorded).

// TimerChan marks ch, made by time.After or time.Tick, and returns it.
func TimerChan(ch <-chan time.Time) <-chan time.Time {
	if ch == nil || !on() {
		return ch
	}
	c := chanOf(ch)
	c.mu.Lock()
	c.externalSends = true
	c.timer = true
	c.mu.Unlock()
	return ch
}

// Timer marks t's channel (time.NewTimer) and returns t.
func Timer(t *time.Timer) *time.Timer {
	TimerChan(t.C)
	return t
}

// Ticker marks t's channel (time.NewTicker) and returns t.
func Ticker(t *time.Ticker) *time.Ticker {
	TimerChan(t.C)
	return t
}
