package encode

import (
	"strconv"
	"strings"

	"gpredict/spec"
	"gpredict/trace"
)

// Slice is the part of a trace a candidate is decided over: a prefix of
// every thread. It is closed under the rules below, which is what makes
// deciding over the slice give the same answer as deciding over the whole
// trace: for any feasible schedule π that contains the chosen events, the
// steps of π inside a closed slice S form a feasible schedule too, with the
// same pattern positions (removing steps keeps orders and keeps blocks
// contiguous).
//
//   - prefix: with an event, every earlier event of its thread (rule 1);
//   - fork: with a thread's first event, the fork of that thread (rule 2);
//   - join: with a join, every event of the joined thread (rule 2);
//   - reads: with a read of x returning v, every write of v to x — the
//     write π's read reads from is one of them, and keeping it keeps the
//     read consistent (rule 5; by induction over π, so concreteness too);
//   - waits: with a wait, every notify and notifyAll of its signal, so the
//     notify that woke it is there (rule 4; removing other waiters only
//     removes competition for notifies);
//   - locks: when two threads of the slice use a lock, the end of every
//     hold of it in the slice, so no hold becomes "held to the end" (rule 3);
//     shared holds count as uses too (more than needed, never less);
//   - hb facts: with an event, the sources of the trace's hb facts into it
//     (rule 2): a fact into an event left out constrains nothing;
//   - requests: with a `request` of an rwmutex, the acquire that follows it,
//     so that a writer that acquires the lock in the trace does not look
//     as if it waited to the end of the slice (rule 3, writer preference);
//   - channels: with an operation of a channel, every operation of it
//     (rule 7): which send a receive takes, and when a sender goes on,
//     depend on every send and receive of the channel before them, so
//     π's operations of the channel are all kept, in the same order;
//     with a select's case (or default), every operation of each of its
//     cases' channels: whether another case is ready depends on them;
//
// One pattern form escapes this argument: a `||` block under negation
// holds when some other step separates the block, and that step may lie
// anywhere; such candidates are decided over the whole trace.
type Slice struct {
	// Prefix[t] is the number of events of thread t in the slice.
	Prefix []int
}

// Key identifies the slice (equal keys, equal slices).
func (s *Slice) Key() string {
	var b strings.Builder
	for i, n := range s.Prefix {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(n))
	}
	return b.String()
}

// Covers reports whether s contains every event of o.
func (s *Slice) Covers(o *Slice) bool {
	for i, n := range o.Prefix {
		if n > s.Prefix[i] {
			return false
		}
	}
	return true
}

// Size is the number of events of the slice.
func (s *Slice) Size() int {
	n := 0
	for _, k := range s.Prefix {
		n += k
	}
	return n
}

// FullSlice is the whole trace.
func FullSlice(tr *trace.Trace) *Slice {
	s := &Slice{Prefix: make([]int, len(tr.Threads))}
	for i, th := range tr.Threads {
		s.Prefix[i] = len(th.Events)
	}
	return s
}

// SliceFor is the smallest closed slice containing the chosen events of c
// (the whole trace if its pattern has a `||` under negation). It fails
// only when a limit of lim is reached (see Close).
func SliceFor(idx *Index, c Candidate, lim Limits) (*Slice, error) {
	if negatedPar(c.Alt.Root, false) {
		return FullSlice(idx.Trace), nil
	}
	return idx.Close(lim, c.Choice, nil)
}

// Reducible reports whether candidate c can be decided over a reduced
// problem (reduce.go): its alternative has at most one `||` and none under
// negation. (A negated block is broken by any step inside it, dropped ones
// included; two blocks could make a dropped event's place ambiguous.)
func Reducible(c Candidate) bool {
	return !negatedPar(c.Alt.Root, false) && countPar(c.Alt.Root) <= 1
}

// DownSlice is the smallest slice holding the chosen events and every event
// that must happen before one of them. It is not closed (slice.go's rules),
// so deciding over it is only an under-approximation: a schedule found
// there is a real one only once replay validation accepts it.
func DownSlice(idx *Index, events []trace.EventRef) *Slice {
	s := &Slice{Prefix: make([]int, len(idx.Trace.Threads))}
	for _, e := range events {
		JoinClock(idx, s.Prefix, e)
	}
	return s
}

// Join is the smallest slice containing a and b: per thread, the longer
// of their prefixes. It is not closed, and need not be, to decide the
// candidates of a and b over it: each candidate's witnesses (if any) lie
// within its own slice, closed or cut to what its witnesses reach
// (stage.Query.Slice), and so within the join; a problem over a prefix
// of every thread admits every feasible schedule within it, and only
// feasible ones, which deciding over a cut slice rests on too
// (TestExactOverReachMatchesExplorer, TestJoinedProblemsMatchExplorer).
// Closing the join instead (as until 2026-12-03) undid those cuts: on
// recordings whose variables take few values, two cut slices of about
// 1,100 events closed to the whole trace of 9,500, so no two candidates
// shared a problem.
func (a *Slice) Join(b *Slice) *Slice {
	j := &Slice{Prefix: make([]int, len(a.Prefix))}
	for t := range j.Prefix {
		j.Prefix[t] = max(a.Prefix[t], b.Prefix[t])
	}
	return j
}

func negatedPar(n *spec.PatNode, neg bool) bool {
	switch n.Kind {
	case spec.PatPar:
		if neg {
			return true
		}
	case spec.PatNot:
		neg = !neg
	}
	for _, k := range n.Kids {
		if negatedPar(k, neg) {
			return true
		}
	}
	return false
}

// Close returns the closure of the given events and slices. Every event
// is visited at most once, so its work is bounded by the trace; on a
// trace of millions of events that is still long enough to look at lim
// as it goes (ErrStopped once the stop signal has closed, ErrMemory once
// the memory budget is reached: its work list and maps grow with the
// slice).
func (x *Index) Close(lim Limits, events []trace.EventRef, slices []*Slice) (*Slice, error) {
	tr := x.Trace
	c := &closer{x: x, s: &Slice{Prefix: make([]int, len(tr.Threads))},
		lockUsers: map[trace.Sym]map[trace.ThreadID]bool{}, holds: map[trace.Sym][]trace.EventRef{},
		readSeen: map[varVal]bool{}, sigSeen: map[trace.Sym]bool{}, chanSeen: map[trace.Sym]bool{}}
	for _, e := range events {
		c.need(e)
	}
	for _, o := range slices {
		for t, n := range o.Prefix {
			if n > 0 {
				c.need(trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(n - 1)})
			}
		}
	}
	w := watch{lim: lim}
	for len(c.work) > 0 {
		if w.stopped() {
			return nil, w.err
		}
		e := c.work[len(c.work)-1]
		c.work = c.work[:len(c.work)-1]
		c.visit(e)
	}
	return c.s, nil
}

type closer struct {
	x         *Index
	s         *Slice
	work      []trace.EventRef
	lockUsers map[trace.Sym]map[trace.ThreadID]bool
	holds     map[trace.Sym][]trace.EventRef // hold starts in the slice, per lock
	readSeen  map[varVal]bool
	sigSeen   map[trace.Sym]bool
	chanSeen  map[trace.Sym]bool
}

// need extends the slice to contain e (and so its thread prefix).
func (c *closer) need(e trace.EventRef) {
	for i := c.s.Prefix[e.Thread]; i <= int(e.Index); i++ {
		c.work = append(c.work, trace.EventRef{Thread: e.Thread, Index: uint32(i)})
	}
	if int(e.Index)+1 > c.s.Prefix[e.Thread] {
		c.s.Prefix[e.Thread] = int(e.Index) + 1
	}
}

func (c *closer) visit(e trace.EventRef) {
	tr := c.x.Trace
	th := tr.Threads[e.Thread]
	ev := tr.Event(e)
	if e.Index == 0 && th.HasFork {
		c.need(th.ForkedBy)
	}
	for _, src := range tr.HBSources(e) { // hb facts: the source comes first
		c.need(src)
	}
	switch ev.Op {
	case trace.OpJoin:
		child, _ := tr.ThreadByName(tr.Str(ev.Obj))
		if k := len(tr.Threads[child].Events); k > 0 {
			c.need(trace.EventRef{Thread: child, Index: uint32(k - 1)})
		}
	case trace.OpRead:
		k := varVal{ev.Obj, ev.Val}
		if !c.readSeen[k] {
			c.readSeen[k] = true
			for _, w := range c.x.byVal.of(k) {
				c.need(w)
			}
		}
	case trace.OpRequest:
		if next := (trace.EventRef{Thread: e.Thread, Index: e.Index + 1}); int(next.Index) < len(th.Events) && tr.Kind(ev.Obj).WriterPreference() {
			c.need(next)
		}
	case trace.OpSend, trace.OpRecv, trace.OpRecvClosed, trace.OpClose, trace.OpDefault:
		chans := []trace.Sym{ev.Obj}
		if ev.Op == trace.OpDefault {
			chans = nil
		}
		if sel, ok := tr.SelectAt(e); ok { // which case is ready depends on every case's channel
			for _, cs := range sel.Cases {
				chans = append(chans, cs.Chan)
			}
		}
		for _, ch := range chans {
			if !c.chanSeen[ch] {
				c.chanSeen[ch] = true
				for _, o := range c.x.chanOps[ch] {
					c.need(o)
				}
			}
		}
	case trace.OpWait:
		if !c.sigSeen[ev.Val] {
			c.sigSeen[ev.Val] = true
			for _, n := range c.x.notifies[ev.Val] {
				c.need(n)
			}
		}
	}
	if c.x.startsHold[e.Thread][e.Index] {
		c.hold(ev.Obj, e)
	}
}

// hold records a hold of lock l starting at e; once two threads use l,
// every hold's end joins the slice.
func (c *closer) hold(l trace.Sym, e trace.EventRef) {
	users := c.lockUsers[l]
	if users == nil {
		users = map[trace.ThreadID]bool{}
		c.lockUsers[l] = users
	}
	users[e.Thread] = true
	c.holds[l] = append(c.holds[l], e)
	if len(users) < 2 {
		return
	}
	for _, h := range c.holds[l] {
		if end := c.x.holdEnd[h.Thread][h.Index]; end >= 0 {
			c.need(trace.EventRef{Thread: h.Thread, Index: uint32(end)})
		}
	}
	c.holds[l] = c.holds[l][:0]
}
