package replay

import (
	"slices"

	"gpredict/trace"
)

// Rule 6 of docs/semantics.md, the memory models. Under TSO and PSO a
// write does not reach memory when its thread takes it: it enters the
// thread's store buffer, and a later step of its own, the write's commit
// (Part Commit), makes it visible to every thread at once (the models are
// store-atomic). Until then its own thread reads it from the buffer and
// every other thread reads memory. TSO commits a thread's writes in the
// order it made them; PSO only those to one variable. A fence, every lock
// operation, notify, fork and join, and an access to a volatile variable
// need the thread's buffer empty (a join also the joined thread's); a
// volatile write is never buffered. Under SC there are no buffers and no
// commit steps.

// relaxed is the replayer's memory-model state.
type relaxed struct {
	model trace.MemoryModel
	// buf[t] are thread t's buffered writes, oldest first.
	buf [][]pendingWrite
}

// pendingWrite is a buffered write and what a read will see of it.
type pendingWrite struct {
	v int32 // variable number
	f writeFact
}

// ValidateIn is Validate under memory model mem.
func (c *Checker) ValidateIn(model trace.BranchModel, mem trace.MemoryModel, sched []Step) error {
	if err := checkModel(model); err != nil {
		return err
	}
	r := newReplayerIn(c, mem, sched)
	for i, s := range sched {
		if err := r.step(i, s); err != nil {
			return err
		}
	}
	return r.checkReads(model)
}

// ReadsSeenIn is ReadsSeen under memory model mem: a read sees its own
// thread's last buffered write of its variable, if any, else memory.
func (c *Checker) ReadsSeenIn(mem trace.MemoryModel, sched []Step) (map[trace.EventRef]Seen, error) {
	r := newReplayerIn(c, mem, sched)
	for i, s := range sched {
		if err := r.step(i, s); err != nil {
			return nil, err
		}
	}
	out := make(map[trace.EventRef]Seen, len(r.reads))
	for _, rd := range r.reads {
		out[rd.ref] = Seen{Value: rd.saw.val, Known: rd.saw.concrete, Initial: rd.saw.step < 0}
	}
	return out, nil
}

func newReplayerIn(c *Checker, mem trace.MemoryModel, sched []Step) *replayer {
	r := newReplayer(c, sched)
	r.mem.model = mem
	if mem.Relaxed() {
		r.mem.buf = make([][]pendingWrite, len(c.tr.Threads))
	}
	return r
}

// buffer puts write ref (what reads will see of it: f) into its thread's
// store buffer, unless writes are not buffered (SC, or a volatile
// variable); it reports whether it did.
func (r *replayer) buffer(ref trace.EventRef, ev *trace.Event, f writeFact) bool {
	if !r.mem.model.Relaxed() || r.tr.Volatile[ev.Obj] {
		return false
	}
	r.mem.buf[ref.Thread] = append(r.mem.buf[ref.Thread], pendingWrite{v: r.c.objOf(ref), f: f})
	return true
}

// visible is what read ref sees: the newest write of its variable in its
// own thread's buffer, else the last one committed to memory.
func (r *replayer) visible(ref trace.EventRef, ev *trace.Event) writeFact {
	v := r.c.objOf(ref)
	if r.mem.buf != nil {
		buf := r.mem.buf[ref.Thread]
		for k := len(buf) - 1; k >= 0; k-- {
			if buf[k].v == v {
				return buf[k].f
			}
		}
	}
	return r.last.get(v)
}

// flushes reports whether step s of event ev needs its thread's buffer
// empty.
func (r *replayer) flushes(s Step, ev *trace.Event) bool {
	switch ev.Op {
	case trace.OpAcquire, trace.OpRelease, trace.OpRAcquire, trace.OpRRelease,
		trace.OpFence, trace.OpFork, trace.OpJoin, trace.OpNotify, trace.OpNotifyAll,
		trace.OpSend, trace.OpRecv, trace.OpRecvClosed, trace.OpClose, trace.OpDefault:
		return true
	case trace.OpWait:
		return s.Part == Release
	case trace.OpRead, trace.OpWrite:
		return r.tr.Volatile[ev.Obj]
	}
	return false
}

// checkFlushed is rule 6 for a step that needs empty buffers.
func (r *replayer) checkFlushed(i int, s Step, ev *trace.Event) error {
	if r.mem.buf == nil || !r.flushes(s, ev) {
		return nil
	}
	t := s.Ref.Thread
	if buf := r.mem.buf[t]; len(buf) > 0 {
		return r.fail(i, 6, "%s (%s) needs %s's earlier writes visible, but %s is still in its store buffer",
			r.tr.ID(s.Ref), ev.Op, r.name(t), r.tr.ID(buf[0].f.ref))
	}
	if ev.Op == trace.OpJoin {
		if c, ok := r.tr.ThreadByName(r.tr.Str(ev.Obj)); ok && len(r.mem.buf[c]) > 0 {
			return r.fail(i, 6, "join of %s while its write %s is still in its store buffer", r.name(c), r.tr.ID(r.mem.buf[c][0].f.ref))
		}
	}
	return nil
}

// commit is a Commit step: the write leaves its thread's buffer, in the
// order the model allows, and becomes the last write of its variable.
func (r *replayer) commit(i int, s Step) error {
	t := s.Ref.Thread
	if int(t) >= len(r.tr.Threads) || int(s.Ref.Index) >= len(r.tr.Threads[t].Events) {
		return r.fail(i, 1, "no such event in the trace")
	}
	ev := r.tr.Event(s.Ref)
	switch {
	case ev.Op != trace.OpWrite:
		return r.fail(i, 1, "only a write has a commit step; %s is a %s", r.tr.ID(s.Ref), ev.Op)
	case r.mem.buf == nil:
		return r.fail(i, 6, "under %s a write is visible at once and has no commit step", r.mem.model)
	case r.tr.Volatile[ev.Obj]:
		return r.fail(i, 6, "%s writes volatile %s, which is visible at once and has no commit step", r.tr.ID(s.Ref), r.tr.Str(ev.Obj))
	}
	buf := r.mem.buf[t]
	k := slices.IndexFunc(buf, func(p pendingWrite) bool { return p.f.ref == s.Ref })
	if k < 0 {
		if s.Ref.Index >= r.started[t] {
			return r.fail(i, 6, "%s commits before the write itself is scheduled", r.tr.ID(s.Ref))
		}
		return r.fail(i, 6, "%s commits twice", r.tr.ID(s.Ref))
	}
	for _, p := range buf[:k] {
		if r.mem.model == trace.TSO || p.v == buf[k].v {
			return r.fail(i, 6, "%s commits before %s, an earlier write of its thread still buffered (%s keeps them in order)",
				r.tr.ID(s.Ref), r.tr.ID(p.f.ref), r.mem.model)
		}
	}
	f := buf[k].f
	f.step = i
	r.last.put(buf[k].v, f)
	r.mem.buf[t] = slices.Delete(buf, k, k+1)
	return nil
}
