package tracegen

import (
	"fmt"

	"gpredict/trace"
)

// The method signatures invocations use; the target is always an object
// of a small pool so that properties over targets find bindings.
var signatures = []string{"void C.m()", "int C.get()", "boolean List.add(Object)"}

// act performs one random action of a running thread t, chosen among the
// actions its state allows.
func (s *sim) act(t *thread) {
	var acts []func()
	add := func(weight int, a func()) {
		for i := 0; i < weight; i++ {
			acts = append(acts, a)
		}
	}
	v := fmt.Sprintf("x%d", s.r.Intn(s.cfg.Vars))
	add(4, func() {
		val, ok := s.values[v]
		if !ok {
			val = "0"
		}
		s.emit(t, op{kind: trace.OpRead, obj: v, val: val})
	})
	add(4, func() {
		val := fmt.Sprint(s.r.Intn(s.cfg.Values))
		s.values[v] = val
		s.emit(t, op{kind: trace.OpWrite, obj: v, val: val})
	})
	add(1, func() { s.emit(t, op{kind: trace.OpBranch}) })
	add(s.cfg.FenceWeight, func() { s.emit(t, op{kind: trace.OpFence}) })
	sig := signatures[s.r.Intn(len(signatures))]
	target := fmt.Sprintf("o%d", 1+s.r.Intn(2))
	add(1, func() { s.emit(t, op{kind: trace.OpCall, obj: sig, target: target}) })
	if len(t.calls) < 2 {
		add(1, func() {
			t.calls = append(t.calls, sig)
			s.emit(t, op{kind: trace.OpEnter, obj: sig, target: "o1"})
		})
		add(1, func() {
			t.calls = append(t.calls, "atomic()")
			s.emit(t, op{kind: trace.OpEnter, obj: "atomic()"})
		})
	}
	if len(t.calls) > 0 {
		add(2, func() { s.exitCall(t) })
	}
	if !s.cfg.NoSync {
		s.syncActions(t, add)
		s.chanActions(t, add)
	}
	acts[s.r.Intn(len(acts))]()
}

func (s *sim) syncActions(t *thread, add func(int, func())) {
	l := fmt.Sprintf("l%d", s.r.Intn(s.cfg.Locks))
	s.acquireActions(t, l, add) // nested and re-entrant acquires included (golocks.go)
	if t.held[l] == 0 {
		add(s.cfg.UnheldNotifyWeight, func() { s.notify(t, l, s.r.Intn(3) == 0) })
	}
	s.sharedActions(t, l, add)
	for _, h := range t.order {
		if t.held[h] > 0 {
			h := h
			if t.held[h] > 1 || t.rinner[h] == 0 { // holds of one lock nest
				add(2, func() { s.release(t, h) })
			}
			add(1, func() { s.notify(t, h, s.r.Intn(3) == 0) })
			if s.othersCanNotify(t) && t.rinner[h] == 0 {
				add(s.cfg.WaitWeight, func() { s.wait(t, h) })
			}
		}
	}
	for _, u := range s.th {
		u := u
		if !u.started {
			add(s.cfg.ForkWeight, func() {
				u.started = true
				s.emit(t, op{kind: trace.OpFork, obj: u.name})
			})
		}
		if u != t && u.finished && !joined(t, u.name) {
			add(s.cfg.JoinWeight, func() { s.emit(t, op{kind: trace.OpJoin, obj: u.name}) })
		}
	}
}

func joined(t *thread, name string) bool {
	for _, o := range t.events {
		if o.kind == trace.OpJoin && o.obj == name {
			return true
		}
	}
	return false
}

// wait releases l completely and blocks t until a notify on l; the wait
// event is emitted now (it is one event of the thread), the re-acquire
// happens when the scheduler picks t again after it was woken.
func (s *sim) wait(t *thread, l string) {
	t.waitLock, t.woken, t.depth = l, false, t.held[l]
	t.held[l] = 0
	delete(s.owner, l)
	s.emit(t, op{kind: trace.OpWait, obj: l, val: l})
}
