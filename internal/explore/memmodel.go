package explore

import (
	"strconv"
	"strings"

	"gpredict/predict/replay"
	"gpredict/trace"
)

// The memory models of docs/semantics.md (rule 6), literally: under TSO
// and PSO a write enters its thread's store buffer and reaches memory at
// a later commit step, which any state may take next for the oldest
// buffered write of a thread (TSO) or for the oldest one of each variable
// (PSO). A thread reads its own newest buffered write of a variable, else
// memory. Fences, lock operations, wait, notify, fork, join and volatile
// accesses need the thread's buffer empty (a join also the joined
// thread's); a volatile write goes to memory directly.

// memState is a state's memory model and store buffers.
type memState struct {
	model trace.MemoryModel
	// buf[t] is thread t's buffer, oldest first (nil under SC).
	buf [][]lastWrite
}

func (m memState) clone() memState {
	if m.buf == nil {
		return m
	}
	c := memState{model: m.model, buf: make([][]lastWrite, len(m.buf))}
	for t, b := range m.buf {
		c.buf[t] = append([]lastWrite(nil), b...)
	}
	return c
}

func newStateIn(tr *trace.Trace, mem trace.MemoryModel) *state {
	s := newState(tr)
	s.mem.model = mem
	if mem.Relaxed() {
		s.mem.buf = make([][]lastWrite, len(tr.Threads))
	}
	return s
}

// flushed reports whether thread t may take event ev now as far as the
// store buffers go.
func (s *state) flushed(tr *trace.Trace, t trace.ThreadID, ev *trace.Event) bool {
	if s.mem.buf == nil {
		return true
	}
	switch ev.Op {
	case trace.OpRead, trace.OpWrite:
		if !tr.Volatile[ev.Obj] {
			return true
		}
	case trace.OpJoin:
		if c, ok := tr.ThreadByName(tr.Str(ev.Obj)); ok && len(s.mem.buf[c]) > 0 {
			return false
		}
	case trace.OpAcquire, trace.OpRelease, trace.OpRAcquire, trace.OpRRelease, trace.OpWait,
		trace.OpFence, trace.OpFork, trace.OpNotify, trace.OpNotifyAll,
		trace.OpSend, trace.OpRecv, trace.OpRecvClosed, trace.OpClose, trace.OpDefault:
	default:
		return true
	}
	return len(s.mem.buf[t]) == 0
}

// seen is what thread t reads of variable x now, false if x was never
// written (the initial value).
func (s *state) seen(tr *trace.Trace, t trace.ThreadID, x trace.Sym) (lastWrite, bool) {
	if s.mem.buf != nil {
		b := s.mem.buf[t]
		for k := len(b) - 1; k >= 0; k-- {
			if tr.Event(b[k].ref).Obj == x {
				return b[k], true
			}
		}
	}
	lw, ok := s.lastW[x]
	return lw, ok
}

// buffered puts a write into its thread's buffer when the model buffers
// it, and reports whether it did.
func (s *state) buffered(tr *trace.Trace, ref trace.EventRef, ev *trace.Event, w lastWrite) bool {
	if s.mem.buf == nil || tr.Volatile[ev.Obj] {
		return false
	}
	s.mem.buf[ref.Thread] = append(s.mem.buf[ref.Thread], w)
	return true
}

// commits are the states one commit step after s.
func commits(tr *trace.Trace, s *state) []*state {
	var out []*state
	for t, b := range s.mem.buf {
		for k, w := range b {
			x := tr.Event(w.ref).Obj
			oldest := k == 0
			if s.mem.model == trace.PSO {
				oldest = true
				for _, e := range b[:k] {
					oldest = oldest && tr.Event(e.ref).Obj != x
				}
			}
			if !oldest {
				continue
			}
			n := s.clone()
			n.mem.buf[t] = append(n.mem.buf[t][:k:k], b[k+1:]...)
			n.lastW[x] = w
			n.path = append(n.path, replay.Step{Ref: w.ref, Part: replay.Commit})
			out = append(out, n)
		}
	}
	return out
}

// key adds the store buffers to a state's key.
func (m memState) key(b *strings.Builder) {
	for _, buf := range m.buf {
		b.WriteByte('[')
		for _, w := range buf {
			w.key(b)
			b.WriteByte(' ')
		}
		b.WriteByte(']')
	}
}

// key writes a write's place and concreteness into a state's key.
func (w lastWrite) key(b *strings.Builder) {
	b.WriteString(strconv.Itoa(int(w.ref.Thread)))
	b.WriteByte(':')
	b.WriteString(strconv.Itoa(int(w.ref.Index)))
	if w.concrete {
		b.WriteByte('c')
	}
}
