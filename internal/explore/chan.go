package explore

import (
	"strconv"
	"strings"

	"gpredict/trace"
)

// Rule 7 of docs/semantics.md, channels, literally: a channel is the list
// of the sends taken on it, in schedule order; the first recvd of them
// have been received. Written apart from predict/replay on purpose, so
// that the two can be compared.
type chanQueue struct {
	sends  []queued
	recvd  int
	closed bool
}

// queued is a send in a channel's queue.
type queued struct {
	ref      trace.EventRef
	concrete bool
}

func (q chanQueue) clone() chanQueue {
	q.sends = append([]queued(nil), q.sends...)
	return q
}

// sendBlocks reports whether thread t's last started event is a send
// that has not completed: fewer than k-C receives for the k-th send of a
// channel of capacity C. Such a thread takes no step.
func (s *state) sendBlocks(tr *trace.Trace, t trace.ThreadID) bool {
	if s.started[t] == 0 {
		return false
	}
	ref := trace.EventRef{Thread: t, Index: s.started[t] - 1}
	ev := tr.Event(ref)
	if ev.Op != trace.OpSend {
		return false
	}
	q := s.chans[ev.Obj]
	for k, e := range q.sends {
		if e.ref == ref {
			return k+1 > q.recvd+tr.Cap(ev.Obj)
		}
	}
	return false
}

// takeChan schedules channel operation ref, if rule 7 allows it.
func takeChan(tr *trace.Trace, s *state, ref trace.EventRef, ev *trace.Event, next func() *state) []*state {
	q := s.chans[ev.Obj]
	switch ev.Op {
	case trace.OpSend:
		if q.closed {
			return nil // the send panics
		}
		n := next()
		q = q.clone()
		q.sends = append(q.sends, queued{ref, !s.bad[ref.Thread]})
		n.chans[ev.Obj] = q
		return []*state{n}
	case trace.OpClose:
		for k := q.recvd; k < len(q.sends); k++ {
			if k+1 > q.recvd+tr.Cap(ev.Obj) {
				return nil // a sender still waits: it would panic
			}
		}
		n := next()
		q.closed = true
		n.chans[ev.Obj] = q
		return []*state{n}
	}
	// A receive: the oldest send not received, else the zero value of a
	// closed channel, else it blocks.
	var consistent bool
	switch {
	case q.recvd < len(q.sends):
		got := q.sends[q.recvd]
		consistent = ev.Op == trace.OpRecv && got.concrete && tr.Event(got.ref).Val == ev.Val
		q.recvd++
	case q.closed:
		consistent = ev.Op == trace.OpRecvClosed
	default:
		return nil
	}
	n := next()
	n.chans[ev.Obj] = q
	if !consistent {
		n.bad[ref.Thread] = true
	}
	return []*state{n}
}

// chanKey writes the channels' state for memoisation: which sends are
// queued in which order matters, not only how far each thread got.
func (s *state) chanKey(b *strings.Builder) {
	for _, c := range sortedSyms(s.chans) {
		q := s.chans[trace.Sym(c)]
		b.WriteString("|c")
		b.WriteString(strconv.Itoa(c))
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(q.recvd))
		if q.closed {
			b.WriteByte('x')
		}
		for _, e := range q.sends {
			b.WriteByte(' ')
			lastWrite{ref: e.ref, concrete: e.concrete}.key(b)
		}
	}
}

// sortedSyms returns the keys of m in increasing order, as ints.
func sortedSyms[V any](m map[trace.Sym]V) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, int(k))
	}
	sortInts(keys)
	return keys
}
