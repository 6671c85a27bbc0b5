package rt

import (
	"reflect"
	"strconv"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Channels (docs/recording.md, "Channels"). A channel's operations are
// the trace's channel events (docs/trace-format.md, "Channels"): `send
// CH V` once a send has completed, `recv CH V` once a receive got a
// sent value, `recvclosed CH` once it found the channel closed and
// drained, `close CH`, and `chan CH : CAP` declares the capacity. Which
// send a receive took is left to the causal model (rule 7), which
// pairs them by FIFO order, capacity and values: the recorder neither
// numbers the operations into variables nor serialises them. Each plain
// operation is still an enter/exit call around the event (the
// properties GoSendOnClosedChannel and GoCloseOfClosedChannel speak of
// the calls, and a goroutine whose last event enters a send or receive
// is one the run left blocked there); a select's case is one call.
//
// An operation whose partner no instrumented code performed — a
// receive from a timer's channel, a send whose room a receive in code
// that is not instrumented made — is logged as the call only: its
// channel event would wait for ever in every schedule. The operations
// are counted per channel to tell (sent, received).

type chanState struct {
	keep         any        // the channel, kept alive so its address names it alone
	mu           sync.Mutex // guards the fields below
	name         string
	id           uint64 // the name's number (vname), for binary events
	cap          int
	sends, recvs int
	closed       bool // closed by instrumented code (its close event is in the trace)
	declared     bool
	ctx          *ctxState // the context whose Done channel it is, if any
	// externalSends is set once a receive got a value that no recorded
	// send sent (a timer's channel, one code that is not instrumented
	// sends on). externalRecvs likewise for sends whose room was made by
	// a receive that was not recorded.
	externalSends, externalRecvs bool
	// timer is set for a timer's or ticker's channel (TimerChan), which
	// only the Go runtime sends on: no select directive names it.
	// ticker: it sends again after each receive.
	timer, ticker bool
	// firing says the runtime will still send on it (rt_timer.go): a
	// goroutine the run leaves waiting on it is not blocked. Atomic, so
	// that every receive can ask without the lock.
	firing atomic.Bool
	// counted, when an operation waits for its partner, is closed at the
	// next count (rt_chan_wait.go).
	counted chan struct{}
}

var chans = newTable[unsafe.Pointer, *chanState](hashPtr) // channel address → its state

// chanOf returns the recorder's state of the channel ch (nil for a nil
// one), made the first time.
func chanOf(ch any) *chanState {
	v := reflect.ValueOf(ch)
	if v.IsNil() {
		return nil
	}
	c, _ := chans.getOrAddAt(v.UnsafePointer(), hashPtr(v.UnsafePointer()), func(p unsafe.Pointer) *chanState {
		name := objVar(p, "chan")
		return &chanState{keep: ch, name: name.s, id: name.id, cap: v.Cap()}
	})
	return c
}

// declare logs c's capacity directive once.
func (c *chanState) declare(s *gstate) {
	c.mu.Lock()
	first := !c.declared
	c.declared = true
	c.mu.Unlock()
	if first {
		s.line("chan " + c.name + " : " + strconv.Itoa(c.cap))
	}
}

// chanValue is a value sent or received: an int as a number (a binary
// record, rt_binary.go's chanEvValue), anything else as itself, rendered
// where an event logs it (as before there were int records: a value
// that points elsewhere renders what is there then).
type chanValue struct {
	v     any
	i     int64
	isInt bool
}

// valueOf is the chanValue of v.
func valueOf[T any](v T) chanValue {
	if isInt[T]() {
		return chanValue{i: int64(*(*int)(unsafe.Pointer(&v))), isInt: true}
	}
	return chanValue{v: v}
}

// text is the value's rendering (repr's, for an int).
func (v chanValue) text() string {
	if v.isInt {
		return strconv.FormatInt(v.i, 10)
	}
	return repr(v.v)
}

// sendEvent logs the k-th send of c, which has completed, unless its
// completion needed a receive that was not recorded (the k-th for an
// unbuffered channel, the (k-cap)-th for a buffered one that was full).
func (c *chanState) sendEvent(s *gstate, k int, v chanValue, site string, sel SelID) {
	if j := k - c.cap; j >= 1 && !c.received(j) {
		return
	}
	if sel != 0 {
		s.selChanEv(site, chanSend, c, v, sel)
		return
	}
	s.chanEvValue(site, chanSend, c, v)
}

// recvEvent logs the k-th receive of c: of a value a recorded send sent,
// or of the zero value of a channel an instrumented close closed (a
// context's Done channel, closed by the context package, observes the
// cancel instead). sel is the select whose case it is (0 for none).
func (c *chanState) recvEvent(s *gstate, k int, v chanValue, ok bool, site string, sel SelID) {
	if ok {
		switch {
		case !c.sent(k):
		case sel != 0:
			s.selChanEv(site, chanRecv, c, v, sel)
		default:
			s.chanEvValue(site, chanRecv, c, v)
		}
		return
	}
	c.mu.Lock()
	closed, ctx := c.closed, c.ctx
	c.mu.Unlock()
	switch {
	case closed && sel != 0:
		s.ev(site, "recvclosed ", c.name, " select=", sel.text())
	case closed:
		s.ev(site, "recvclosed ", c.name)
	case ctx != nil:
		ctx.observe(s, site)
	}
}

// sent reports whether the k-th send of c was recorded (received, the
// k-th receive). A select counts its operation only once it is done,
// possibly just after its partner: an operation that does not find its
// partner waits a little for it, the first time; if it does not come, no
// instrumented code performs that side of c, and later operations do not
// wait.
func (c *chanState) sent(k int) bool { return c.partner(&c.sends, &c.externalSends, k) }

func (c *chanState) received(k int) bool { return c.partner(&c.recvs, &c.externalRecvs, k) }

func (c *chanState) partner(count *int, external *bool, k int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if k <= *count {
		return true
	}
	return !*external && c.waitCount(count, external, k)
}

// Send is `ch <- v`. The send is counted when it starts: its place in
// the channel's queue is taken then.
func Send[T any](ch chan<- T, v T, site string) {
	c := chanOf(ch)
	if !on() || c == nil {
		ch <- v
		return
	}
	yieldHere(oneInSync)
	var k int
	val := valueOf(v)
	withState(func(s *gstate) {
		c.declare(s)
		k = c.next(&c.sends)
		s.chanEvValue(site, chanSendEnter, c, val)
	})
	ch <- v
	withState(func(s *gstate) {
		c.sendEvent(s, k, val, site, 0)
		s.chanEv(site, chanSendExit, c, "")
	})
}

// Recv2 is `v, ok := <-ch`.
func Recv2[T any](ch <-chan T, site string) (T, bool) {
	c := chanOf(ch)
	if !on() || c == nil {
		v, ok := <-ch
		return v, ok
	}
	yieldHere(oneInSync)
	if c.willFire() {
		// A receive the runtime's timer completes: logged, as a select's
		// case is, as its call once done, with no enter, so that a
		// goroutine the run leaves waiting here is not written as
		// waiting for ever (collect.go's pendingChan).
		v, ok := <-ch
		SelRecv(0, ch, v, ok, site)
		return v, ok
	}
	withState(func(s *gstate) {
		c.declare(s)
		s.chanEv(site, chanRecvEnter, c, "")
	})
	v, ok := <-ch
	withState(func(s *gstate) {
		k := 0
		if ok {
			k = c.next(&c.recvs)
		}
		c.timerReceived()
		val := valueOf(v)
		c.recvEvent(s, k, val, ok, site, 0)
		s.chanEvValue(site, chanRecvExit, c, val)
	})
	return v, ok
}

// Recv is `<-ch`.
func Recv[T any](ch <-chan T, site string) T {
	v, _ := Recv2(ch, site)
	return v
}

// Close is `close(ch)`. A close of a channel an instrumented close has
// already closed logs only its call: close panics.
func Close[T any](ch chan<- T, site string) {
	c := chanOf(ch)
	if !on() || c == nil {
		close(ch)
		return
	}
	yieldHere(oneInSync)
	c.mu.Lock()
	again := c.closed
	c.closed = true
	c.mu.Unlock()
	withState(func(s *gstate) {
		c.declare(s)
		s.ev(site, "enter void chan.close() target=", c.name)
		if again {
			return
		}
		s.ev(site, "close ", c.name)
		s.ev(site, "exit void chan.close() target=", c.name)
	})
	close(ch)
}

// SelSend logs a send that the select id performed (called first in the
// case; id 0 for a select written as its operation, Select).
func SelSend[T any](id SelID, ch chan<- T, v T, site string) {
	selected(ch, site, func(c *chanState, s *gstate) {
		k := c.next(&c.sends)
		val := valueOf(v)
		s.ev(site, "call void chan.send(any) target=", c.name, " args=", val.text())
		c.sendEvent(s, k, val, site, id)
	})
}

// SelRecv logs a receive that the select id performed.
func SelRecv[T any](id SelID, ch <-chan T, v T, ok bool, site string) {
	selected(ch, site, func(c *chanState, s *gstate) {
		k := 0
		if ok {
			k = c.next(&c.recvs)
		}
		c.timerReceived()
		val := valueOf(v)
		s.ev(site, "call any chan.recv() target=", c.name, " result=", val.text())
		c.recvEvent(s, k, val, ok, site, id)
	})
}

// selected runs log for a select case of channel ch, when recording.
func selected(ch any, site string, log func(c *chanState, s *gstate)) {
	c := chanOf(ch)
	if !on() || c == nil {
		return
	}
	withState(func(s *gstate) {
		c.declare(s)
		log(c, s)
	})
}

// next counts the next operation of a kind (sends or recvs) of c.
func (c *chanState) next(count *int) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	*count++
	if c.counted != nil {
		close(c.counted) // wakes the operations waiting for a partner
		c.counted = nil
	}
	return *count
}

// ElemOf returns the identity on ch's element type: instrumented code
// converts a value to it before handing it to Send (see record's conv).
func ElemOf[T any](ch chan<- T) func(T) T { return func(v T) T { return v } }
