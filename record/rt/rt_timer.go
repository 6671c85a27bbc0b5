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
//
// The mark also says whether the runtime will still send (firing): a
// timer fires once unless stopped first, and again after a Reset; a
// ticker until it is stopped. A goroutine that the run leaves waiting
// for a timer that will fire is not blocked: the receive is then logged
// as its call once done, with no enter before it (Recv2), and a select
// with such a case notes no wait (selectNote), so the recorder does not
// write the goroutine as waiting for ever (record/collect.go). One left
// waiting for a stopped or spent timer is (istio/18454's shape: Stop,
// then a receive from the timer's channel). What the recorder cannot see
// leaves a timer firing, so it misses a leak rather than reporting one
// that is not: a ticker's Stop, a Stop through a method value or of an
// embedded timer, a Stop that returned false (with the asynchronous
// timer channels of modules before Go 1.23, its fire may still be in the
// channel).

// TimerChan marks ch, made by time.After, and returns it.
func TimerChan(ch <-chan time.Time) <-chan time.Time { return markTimer(ch, false) }

// TickChan marks ch, made by time.Tick, and returns it.
func TickChan(ch <-chan time.Time) <-chan time.Time { return markTimer(ch, true) }

// Timer marks t's channel (time.NewTimer) and returns t.
func Timer(t *time.Timer) *time.Timer {
	markTimer(t.C, false)
	return t
}

// Ticker marks t's channel (time.NewTicker) and returns t.
func Ticker(t *time.Ticker) *time.Ticker {
	markTimer(t.C, true)
	return t
}

// TimerStop is t.Stop(). A timer stopped before it fired sends nothing
// until a Reset.
func TimerStop(t *time.Timer) bool {
	stopped := t.Stop()
	if stopped {
		setFiring(t.C, false)
	}
	return stopped
}

// TimerReset is t.Reset(d): the timer fires again.
func TimerReset(t *time.Timer, d time.Duration) bool {
	setFiring(t.C, true)
	return t.Reset(d)
}

func markTimer(ch <-chan time.Time, ticker bool) <-chan time.Time {
	if ch == nil || !on() {
		return ch
	}
	c := chanOf(ch)
	c.mu.Lock()
	c.externalSends = true
	c.timer, c.ticker = true, ticker
	c.firing.Store(true)
	c.mu.Unlock()
	return ch
}

// setFiring records whether the timer of ch will still fire.
func setFiring(ch <-chan time.Time, firing bool) {
	if ch == nil || !on() {
		return
	}
	c := chanOf(ch)
	c.mu.Lock()
	if c.timer {
		c.firing.Store(firing)
	}
	c.mu.Unlock()
}

// willFire reports whether c is a timer's channel that the runtime will
// still send on.
func (c *chanState) willFire() bool { return c.firing.Load() }

// timerReceived notes a receive from c: a timer's one fire is spent.
func (c *chanState) timerReceived() {
	if !c.firing.Load() {
		return // not a timer's, or spent already
	}
	c.mu.Lock()
	if !c.ticker {
		c.firing.Store(false)
	}
	c.mu.Unlock()
}
