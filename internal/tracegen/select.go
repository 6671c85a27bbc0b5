package tracegen

import (
	"fmt"
	"sort"
	"strings"

	"gpredict/trace"
)

// Selects (Config.Selects): a select of two cases over random channels,
// each a receive or a send, and a default half of the time, run as Go's
// runtime runs it: a receive case is ready when its channel holds a value
// or is closed, a send case when its channel's buffer has room (an
// unbuffered send would need a receiver waiting, which the simulation's
// receives, offered only when they complete, never are); the select
// takes one ready case at random, its default when none is, and is not
// offered when neither (it would wait). A send case on a closed channel
// would panic: no select has one. The case it takes is its event, with
// the key select=ID of a directive listing the cases.

// selectAction offers a select of t.
func (s *sim) selectAction(t *thread, add func(int, func())) {
	type cas struct {
		send bool
		ch   string
	}
	var cases []cas
	for range 2 {
		c := cas{send: s.r.Intn(2) == 0, ch: fmt.Sprintf("c%d", s.r.Intn(s.cfg.Chans))}
		if c.send && s.chans[c.ch].closed {
			return
		}
		cases = append(cases, c)
	}
	dflt := s.r.Intn(2) == 0
	var ready []cas
	for _, c := range cases {
		q := s.chans[c.ch]
		if c.send && len(q.sends) < q.recvd+q.cap || !c.send && (q.recvd < len(q.sends) || q.closed) {
			ready = append(ready, c)
		}
	}
	if len(ready) == 0 && !dflt {
		return
	}
	var toks []string
	for _, c := range cases {
		toks = append(toks, map[bool]string{true: "send:", false: "recv:"}[c.send]+c.ch)
	}
	if dflt {
		toks = append(toks, "default")
	}
	id := "s" + strings.ReplaceAll(strings.Join(toks, "_"), ":", "")
	add(3, func() {
		if s.selects == nil {
			s.selects = map[string][]string{}
		}
		s.selects[id] = toks
		if len(ready) == 0 {
			s.emit(t, op{kind: trace.OpDefault, obj: id})
			return
		}
		c := ready[s.r.Intn(len(ready))]
		q := s.chans[c.ch]
		switch {
		case c.send:
			val := fmt.Sprint(s.r.Intn(2))
			q.sends = append(q.sends, val) // within the buffer: it completes at once
			s.emit(t, op{kind: trace.OpSend, obj: c.ch, val: val, target: id})
		case q.recvd < len(q.sends):
			val := q.sends[q.recvd]
			q.recvd++
			s.emit(t, op{kind: trace.OpRecv, obj: c.ch, val: val, target: id})
		default:
			s.emit(t, op{kind: trace.OpRecvClosed, obj: c.ch, target: id})
		}
	})
}

// selectDirectives declares the selects drawn, in id order.
func (s *sim) selectDirectives(b *trace.Builder) {
	ids := make([]string, 0, len(s.selects))
	for id := range s.selects {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		sel := &trace.Select{}
		for _, tok := range s.selects[id] {
			if err := b.SelectCaseOf(sel, tok); err != nil {
				panic("tracegen: generated an invalid select: " + err.Error())
			}
		}
		if err := b.DefineSelect(trace.Pos{File: "gen.trace"}, b.Syms().Intern(id), sel); err != nil {
			panic("tracegen: generated an invalid select: " + err.Error())
		}
	}
}
