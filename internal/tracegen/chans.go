package tracegen

import (
	"fmt"

	"gpredict/trace"
)

// Channels (Config.Chans): channels c0, c1, ... with capacities drawn
// from 0 to 2, simulated as Go's runtime runs them. A send puts its value
// at the end of the channel's queue and the sender then waits until the
// send is within the capacity of the receives so far (an unbuffered send
// waits for its own receive); a receive takes the oldest value, or the
// zero value once the channel is closed and drained, and is only offered
// when it can complete (the recorded events of a run are the operations
// that happened); a close is offered while no sender waits (it would
// panic) and never twice. A thread may end waiting in a send: its last
// event is then a send that never completed.

// chanSim is one channel of the simulation.
type chanSim struct {
	cap    int
	sends  []string // values, in send order
	recvd  int
	closed bool
}

// drawChans makes the configured channels.
func (s *sim) drawChans() {
	if s.cfg.Chans == 0 {
		return
	}
	s.chans = map[string]*chanSim{}
	for i := range s.cfg.Chans {
		s.chans[fmt.Sprintf("c%d", i)] = &chanSim{cap: s.r.Intn(3)}
	}
}

// sendWaits reports whether t waits in a send that has not completed.
func (s *sim) sendWaits(t *thread) bool {
	if t.sendOn == "" {
		return false
	}
	c := s.chans[t.sendOn]
	if t.sendPos < c.recvd+c.cap {
		t.sendOn = ""
		return false
	}
	return true
}

// chanActions offers t's operations of one random channel.
func (s *sim) chanActions(t *thread, add func(int, func())) {
	if s.chans == nil {
		return
	}
	if s.cfg.Selects && s.r.Intn(3) == 0 {
		s.selectAction(t, add)
		return
	}
	name := fmt.Sprintf("c%d", s.r.Intn(s.cfg.Chans))
	c := s.chans[name]
	// A send that would wait is only offered while no thread waits to be
	// notified: a waiting sender can notify nobody, so a waiter could
	// otherwise be left without a notifier (every wait completes).
	if !c.closed && (len(c.sends) < c.recvd+c.cap || len(s.unwokenWaiters()) == 0) {
		add(3, func() {
			// Two values only, so that sends of equal values, which a
			// receive may take in either order, are common.
			val := fmt.Sprint(s.r.Intn(2))
			t.sendOn, t.sendPos = name, len(c.sends)
			c.sends = append(c.sends, val)
			s.emit(t, op{kind: trace.OpSend, obj: name, val: val})
		})
		if s.noSenderWaits(name) {
			add(1, func() {
				c.closed = true
				s.emit(t, op{kind: trace.OpClose, obj: name})
			})
		}
	}
	switch {
	case c.recvd < len(c.sends):
		add(8, func() {
			val := c.sends[c.recvd]
			c.recvd++
			s.emit(t, op{kind: trace.OpRecv, obj: name, val: val})
		})
	case c.closed:
		add(1, func() { s.emit(t, op{kind: trace.OpRecvClosed, obj: name}) })
	}
}

// noSenderWaits reports whether no thread waits in a send on channel name.
func (s *sim) noSenderWaits(name string) bool {
	for _, u := range s.th {
		if u.sendOn == name && s.sendWaits(u) {
			return false
		}
	}
	return true
}

// chanDirectives declares the drawn capacities (the unbuffered ones
// only sometimes: 0 is the default), and the selects drawn.
func (s *sim) chanDirectives(b *trace.Builder) {
	s.selectDirectives(b)
	for i := range s.cfg.Chans {
		name := fmt.Sprintf("c%d", i)
		if c := s.chans[name]; c.cap > 0 || i%2 == 1 {
			if err := b.ChanCap(trace.Pos{File: "gen.trace"}, b.Syms().Intern(name), c.cap); err != nil {
				panic("tracegen: generated an invalid chan directive: " + err.Error())
			}
		}
	}
}
