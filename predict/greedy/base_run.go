package greedy

import (
	"gpredict/encode"
	"gpredict/internal/history"
	"gpredict/predict/closure"
	"gpredict/predict/replay"
	"gpredict/trace"
)

// baseRun is NewBase's simulation of the recorded order. It takes the
// events in the order they arrived, each when the simulation's rules let
// it. A recorder delivers the events of different goroutines in the order
// it logs them, which is not always one in which they can happen: a
// sender logs its send once it has completed, which can be thousands of
// events after its receiver went on. So:
//
//   - an event that is not enabled at its turn waits, with the later
//     events of its thread, and goes as soon as it is (after every step,
//     the waiting threads are asked again, oldest first);
//   - a receive from a channel with no send to take pulls the send that
//     arrived first among those not taken forward, with the events of
//     its thread before it, when they can all go now: waiting for it
//     would hold the receiver back while the others go on, and a thread
//     held back that way later finds the locks and values it needs taken
//     by threads that ran ahead of it.
//
// The run stops when more than maxWaiting threads wait, or at a wait
// (which this package never schedules).
type baseRun struct {
	b       *builder
	base    *Base
	x       *encode.Index
	order   []trace.ThreadID
	spacing int
	owner   history.Recorder[lockState]
	shared  history.Recorder[int]
	value   history.Recorder[trace.Sym]
	// waiting[t] counts thread t's events that arrived and wait; queue
	// lists the threads with waiting events, by their first one's
	// arrival; ahead[t] counts t's events taken before their arrival
	// (pulled).
	waiting, ahead []int
	queue          []trace.ThreadID
	// sends lists each channel's sends in arrival order; nextSend[ch] is
	// the first that may not be taken yet.
	sends    map[trace.Sym][]trace.EventRef
	nextSend map[trace.Sym]int
}

// maxWaiting bounds the threads NewBase lets wait for their turn (each
// step asks every one of them again).
const maxWaiting = 32

func newBaseRun(x *encode.Index, order []trace.ThreadID, spacing int) *baseRun {
	n := len(x.Trace.Threads)
	br := &baseRun{b: newBuilder(x, closure.Chain{}, closure.Result{}), base: &Base{pos: make([][]uint32, n)}, x: x,
		order: order, spacing: spacing, waiting: make([]int, n), ahead: make([]int, n)}
	br.b.sched = make([]replay.Step, 0, len(order))
	if x.Trace.HasChannels() {
		br.sends, br.nextSend = map[trace.Sym][]trace.EventRef{}, map[trace.Sym]int{}
		seen := make([]uint32, n)
		for _, t := range order {
			r := trace.EventRef{Thread: t, Index: seen[t]}
			seen[t]++
			if ev := x.Trace.Event(r); ev.Op == trace.OpSend {
				br.sends[ev.Obj] = append(br.sends[ev.Obj], r)
			}
		}
	}
	return br
}

// run follows the recorded order.
func (br *baseRun) run() {
	b := br.b
	for _, t := range br.order {
		if br.ahead[t] > 0 {
			br.ahead[t]-- // taken already
			continue
		}
		if br.waiting[t] > 0 || !br.tryPulling(t) {
			if br.waiting[t] == 0 {
				br.queue = append(br.queue, t)
			}
			br.waiting[t]++
			if len(br.queue) > maxWaiting || b.tr.Event(br.nextOf(t)).Op == trace.OpWait {
				return
			}
			continue
		}
		br.drain()
	}
}

// drain takes what waits, oldest first, until nothing more goes.
func (br *baseRun) drain() {
	for moved := true; moved && len(br.queue) > 0; {
		moved = false
		for k := 0; k < len(br.queue); k++ {
			u := br.queue[k]
			for br.waiting[u] > 0 && br.tryPulling(u) {
				br.waiting[u]--
				moved = true
			}
			if br.waiting[u] == 0 {
				br.queue = append(br.queue[:k], br.queue[k+1:]...)
				k--
			}
		}
	}
}

func (br *baseRun) nextOf(t trace.ThreadID) trace.EventRef {
	return trace.EventRef{Thread: t, Index: uint32(br.b.next[t])}
}

// tryPulling takes t's next event if it is enabled, or, for a receive
// from a channel with nothing to take, after pulling a send forward.
func (br *baseRun) tryPulling(t trace.ThreadID) bool {
	if br.try(t) {
		return true
	}
	if br.sends == nil || br.b.tr.Event(br.nextOf(t)).Op != trace.OpRecv {
		return false
	}
	return br.pull(br.b.tr.Event(br.nextOf(t)).Obj, t) && br.try(t)
}

// pull takes, ahead of their arrival, the events of a sender up to the
// first send of channel ch that is not taken, when that sender is not t,
// has nothing waiting and every one of those events can go now.
func (br *baseRun) pull(ch trace.Sym, t trace.ThreadID) bool {
	b := br.b
	list := br.sends[ch]
	k := br.nextSend[ch]
	for k < len(list) && b.next[list[k].Thread] > int(list[k].Index) {
		k++
	}
	br.nextSend[ch] = k
	if k == len(list) {
		return false
	}
	s := list[k]
	u := s.Thread
	if u == t || br.waiting[u] > 0 {
		return false
	}
	// Only events that have not arrived yet can be pulled: the run
	// counts them off as they arrive (ahead).
	for b.next[u] <= int(s.Index) {
		if !br.try(u) {
			return false // what was taken stays taken: it was enabled
		}
		br.ahead[u]++
	}
	return true
}

// try takes thread t's next event if it is enabled, keeping marks,
// positions and the histories.
func (br *baseRun) try(t trace.ThreadID) bool {
	b, base, x := br.b, br.base, br.x
	if n := len(b.sched); n%br.spacing == 0 && (len(base.marks) == 0 || base.marks[len(base.marks)-1].steps != n) {
		base.marks = append(base.marks, b.mark(n))
	}
	// Only t has something pending: no other thread's needed read can
	// hold a write back (readPending), and nothing else runs.
	r := br.nextOf(t)
	if int(r.Index) >= len(b.tr.Threads[t].Events) {
		return false
	}
	b.need[t] = b.next[t] + 1
	b.needVersion++
	if b.tr.Event(r).Op == trace.OpWait || !b.enabled(int(t), false) {
		b.need[t] = b.next[t] // asked: nothing pending while others go
		return false
	}
	i := len(b.sched)
	b.take(int(t))
	base.pos[t] = append(base.pos[t], uint32(i))
	switch b.tr.Event(r).Op {
	case trace.OpAcquire, trace.OpRelease, trace.OpRAcquire, trace.OpRRelease:
		l := x.ObjNum(r)
		br.owner.Add(i, l, b.owner.get(l))
		br.shared.Add(i, l, b.shared.get(l))
	case trace.OpWrite:
		v := x.ObjNum(r)
		br.value.Add(i, v, b.value.get(v))
	}
	return true
}
