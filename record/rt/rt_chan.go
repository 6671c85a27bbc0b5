package rt

import (
	"reflect"
	"runtime"
	"strconv"
	"sync"
	"unsafe"
)

// Channels (docs/recording.md, "Channels"). The k-th send of a channel
// writes the variable CH.sK and the k-th receive that gets a value reads
// it, so rule 5 makes the receive follow its send, and from a concrete
// send: one whose earlier read of CH.closed saw 0, i.e. that did not
// panic. A receive writes CH.rK; the send k+cap reads it (the buffer had
// room), which for an unbuffered channel (cap 0) is the rendezvous. Close
// reads CH.closed (0) and writes 1; a receive that returns because the
// channel is closed reads 1. All these variables are volatile: they are
// the channel's, not the program's. Plain sends (and receives) of one
// channel are serialised by the recorder around the operation, so the
// numbering is the channel's own order, and hb facts chain each send (and
// receive) after the previous one — without them a schedule could hand
// the k-th receive another send's value. Select cases are numbered when
// they complete, without that serialisation (a blocking select cannot
// hold a recorder lock), and get no chain facts.

type chanState struct {
	keep         any        // the channel, kept alive so its address names it alone
	sendMu       sync.Mutex // serialises plain sends
	recvMu       sync.Mutex // serialises plain receives
	mu           sync.Mutex // guards the fields below
	name         string
	cap          int
	sends, recvs int
	lastSend     string // exit event of the previous plain send
	lastRecv     string // exit event of the previous plain receive
	closed       bool   // closed by instrumented code (its write of CH.closed is in the trace)
	declared     bool
	ctx          *ctxState // the context whose Done channel it is, if any
	// externalSends is set once a receive got a value that no recorded
	// send sent (a timer's channel, one code that is not instrumented
	// sends on): such receives read no CH.sK, which no write would
	// produce. externalRecvs likewise for sends whose room was made by a
	// receive that was not recorded.
	externalSends, externalRecvs bool
}

var chans sync.Map // channel address → *chanState

func chanOf(ch any) *chanState {
	c, _ := stateOf(&chans, ch, func(p unsafe.Pointer, v reflect.Value) *chanState {
		return &chanState{keep: ch, name: objName(p, "chan"), cap: v.Cap()}
	})
	return c
}

// stateOf returns the recorder's state of the map or channel ref (nil for
// a nil one) from table, made by create the first time; made reports
// whether this call made it.
func stateOf[S any](table *sync.Map, ref any, create func(unsafe.Pointer, reflect.Value) *S) (state *S, made bool) {
	v := reflect.ValueOf(ref)
	if v.IsNil() {
		return nil, false
	}
	p := v.UnsafePointer()
	if st, ok := table.Load(p); ok {
		return st.(*S), false
	}
	st, loaded := table.LoadOrStore(p, create(p, v))
	return st.(*S), !loaded
}

// declare logs the volatile directives of c's variables once.
func (c *chanState) declare(s *gstate) {
	c.mu.Lock()
	first := !c.declared
	c.declared = true
	c.mu.Unlock()
	if first {
		s.line("volatile " + c.name + ".closed")
	}
}

func (c *chanState) slot(s *gstate, kind string, k int) string {
	v := c.name + "." + kind + strconv.Itoa(k)
	if markVolatile(v) {
		s.line("volatile " + v)
	}
	return v
}

// sendEvents logs the body of the k-th send: the closed check, the value,
// and, past the capacity, the receive that made room.
func (c *chanState) sendEvents(s *gstate, k int, site string) {
	s.event(site, "read "+c.name+".closed 0")
	s.event(site, "write "+c.slot(s, "s", k)+" 1")
	if j := k - c.cap; j >= 1 && c.received(j) {
		s.event(site, "read "+c.slot(s, "r", j)+" 1")
	}
}

// recvEvents logs the body of the k-th receive.
func (c *chanState) recvEvents(s *gstate, k int, ok bool, site string) {
	if ok {
		if c.sent(k) {
			s.event(site, "read "+c.slot(s, "s", k)+" 1")
		}
		s.event(site, "write "+c.slot(s, "r", k)+" 1")
		return
	}
	c.mu.Lock()
	closed, ctx := c.closed, c.ctx
	c.mu.Unlock()
	switch {
	case closed:
		s.event(site, "read "+c.name+".closed 1")
	case ctx != nil:
		ctx.observe(s, site)
	}
}

// sent reports whether the k-th send of c was recorded (received, the
// k-th receive). A select numbers its operation only once it is done,
// possibly just after its partner: an operation that does not find its
// partner waits a little for it, the first time; if it does not come, no
// instrumented code performs that side of c, and later operations do not
// wait.
func (c *chanState) sent(k int) bool { return c.partner(&c.sends, &c.externalSends, k) }

func (c *chanState) received(k int) bool { return c.partner(&c.recvs, &c.externalRecvs, k) }

func (c *chanState) partner(count *int, external *bool, k int) bool {
	for try := 0; ; try++ {
		c.mu.Lock()
		n, ext := *count, *external
		if k > n && !ext && try == 200 {
			*external = true
		}
		c.mu.Unlock()
		if k <= n {
			return true
		}
		if ext || try == 200 {
			return false
		}
		runtime.Gosched()
	}
}

// Send is `ch <- v`.
func Send[T any](ch chan<- T, v T, site string) {
	c := chanOf(ch)
	if !on() || c == nil {
		ch <- v
		return
	}
	c.sendMu.Lock()
	defer c.sendMu.Unlock()
	s, k := c.begin(&c.sends, &c.lastSend, site, "enter void chan.send(any) target="+c.name+" args="+repr(v))
	s.event(site, "read "+c.name+".closed 0")
	s.event(site, "write "+c.slot(s, "s", k)+" 1")
	s.mu.Unlock()
	ch <- v
	s.mu.Lock()
	if j := k - c.cap; j >= 1 && c.received(j) {
		s.event(site, "read "+c.slot(s, "r", j)+" 1")
	}
	c.end(s, &c.lastSend, site, "exit void chan.send(any) target="+c.name)
}

// Recv2 is `v, ok := <-ch`.
func Recv2[T any](ch <-chan T, site string) (T, bool) {
	c := chanOf(ch)
	if !on() || c == nil {
		v, ok := <-ch
		return v, ok
	}
	c.recvMu.Lock()
	defer c.recvMu.Unlock()
	s, k := c.begin(&c.recvs, &c.lastRecv, site, "enter any chan.recv() target="+c.name)
	s.mu.Unlock()
	v, ok := <-ch
	s.mu.Lock()
	c.recvEvents(s, k, ok, site)
	c.end(s, &c.lastRecv, site, "exit any chan.recv() target="+c.name+" result="+repr(v))
	return v, ok
}

// begin numbers a plain send or receive (count) and logs its enter
// event, after the previous one's exit (last) by an hb fact. It returns
// the calling goroutine's state, locked, and the number.
func (c *chanState) begin(count *int, last *string, site, enter string) (*gstate, int) {
	s := cur()
	s.mu.Lock()
	c.declare(s)
	c.mu.Lock()
	*count++
	k, prev := *count, *last
	c.mu.Unlock()
	id := s.event(site, enter)
	if prev != "" {
		s.line("hb " + prev + " " + id)
	}
	return s, k
}

// end logs the exit event of a plain operation (s locked, unlocked
// after) and keeps it for the next one's fact.
func (c *chanState) end(s *gstate, last *string, site, exit string) {
	id := s.event(site, exit)
	s.mu.Unlock()
	c.mu.Lock()
	*last = id
	c.mu.Unlock()
}

// Recv is `<-ch`.
func Recv[T any](ch <-chan T, site string) T {
	v, _ := Recv2(ch, site)
	return v
}

// Close is `close(ch)`. A close of a channel an instrumented close has
// already closed reads 1 and stops there: close panics.
func Close[T any](ch chan<- T, site string) {
	c := chanOf(ch)
	if !on() || c == nil {
		close(ch)
		return
	}
	c.mu.Lock()
	again := c.closed
	c.closed = true
	c.mu.Unlock()
	withState(func(s *gstate) {
		c.declare(s)
		s.event(site, "enter void chan.close() target="+c.name)
		if again {
			s.event(site, "read "+c.name+".closed 1")
			return
		}
		s.event(site, "read "+c.name+".closed 0")
		s.event(site, "write "+c.name+".closed 1")
		s.event(site, "exit void chan.close() target="+c.name)
	})
	close(ch)
}

// SelSend logs a send that a select performed (called first in the case).
func SelSend[T any](ch chan<- T, v T, site string) {
	selected(ch, site, func(c *chanState, s *gstate) {
		k := c.next(&c.sends)
		s.event(site, "call void chan.send(any) target="+c.name+" args="+repr(v))
		c.sendEvents(s, k, site)
	})
}

// SelRecv logs a receive that a select performed.
func SelRecv[T any](ch <-chan T, v T, ok bool, site string) {
	selected(ch, site, func(c *chanState, s *gstate) {
		k := c.next(&c.recvs)
		s.event(site, "call any chan.recv() target="+c.name+" result="+repr(v))
		c.recvEvents(s, k, ok, site)
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

// next numbers the next operation of a kind (sends or recvs) of c.
func (c *chanState) next(count *int) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	*count++
	return *count
}

// ElemOf returns the identity on ch's element type: instrumented code
// converts a value to it before handing it to Send (see record's conv).
func ElemOf[T any](ch chan<- T) func(T) T { return func(v T) T { return v } }

// Selecting is called before a select without a default case, which may
// block: it notes what the goroutine may wait in (see blocking). The case
// it takes logs an event, which makes the note obsolete.
func Selecting(site string) {
	if !on() {
		return
	}
	s := cur()
	s.mu.Lock()
	stack := s.stackID()
	s.line("# blocks " + s.name + " select stack=" + stack + " @" + site)
	s.mu.Unlock()
}
