package predict

import (
	"sort"

	"gpredict/trace"
)

// mhb answers must-happen-before questions with vector clocks over the
// edges every feasible schedule respects (SPEC 3.2 rules 1–2): program
// order, fork → first event of the child, last event of a thread → each
// join of it. Because schedules are prefixes, "a MHB b" means: whenever b
// is scheduled, a is scheduled before it.
type mhb struct {
	tr      *trace.Trace
	nThread int
	// clock[t][i*nThread+u] = number of events of thread u that happen
	// before or at event i of thread t.
	clock [][]uint32
	// known[t] = how many leading events of thread t have a clock; events
	// on a fork/join cycle (an impossible trace) have none and are never
	// used to drop anything.
	known []int
	// locks held strictly inside an outermost region at each event.
	lockset [][]int32 // per thread, per event: index into sets
	sets    [][]trace.Sym
	// joinsOf lists the join events of each thread name.
	joinsOf map[trace.Sym][]trace.EventRef
}

func newMHB(tr *trace.Trace) *mhb {
	n := len(tr.Threads)
	m := &mhb{tr: tr, nThread: n, clock: make([][]uint32, n), known: make([]int, n)}
	for t, th := range tr.Threads {
		m.clock[t] = make([]uint32, len(th.Events)*n)
	}
	// Advance threads round-robin while their next event's inputs are
	// known; a pass with no progress ends the loop.
	for progress := true; progress; {
		progress = false
		for t, th := range tr.Threads {
			for m.known[t] < len(th.Events) && m.step(t) {
				progress = true
			}
		}
	}
	m.computeLocksets()
	m.joinsOf = map[trace.Sym][]trace.EventRef{}
	for t, th := range tr.Threads {
		for i := range th.Events {
			if th.Events[i].Op == trace.OpJoin {
				m.joinsOf[th.Events[i].Obj] = append(m.joinsOf[th.Events[i].Obj], trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)})
			}
		}
	}
	return m
}

// step computes the clock of the next event of thread t if its inputs are
// known.
func (m *mhb) step(t int) bool {
	th := m.tr.Threads[t]
	i := m.known[t]
	n := m.nThread
	ev := &th.Events[i]
	var joined *trace.Thread
	if ev.Op == trace.OpJoin {
		if id, ok := m.tr.ThreadByName(m.tr.Str(ev.Obj)); ok && len(m.tr.Threads[id].Events) > 0 {
			joined = m.tr.Threads[id]
			if m.known[id] < len(joined.Events) {
				return false
			}
		}
	}
	if i == 0 && th.HasFork {
		f := th.ForkedBy
		if m.known[f.Thread] <= int(f.Index) {
			return false
		}
	}
	c := m.clock[t][i*n : (i+1)*n]
	if i > 0 {
		copy(c, m.clock[t][(i-1)*n:i*n])
	} else if th.HasFork {
		f := th.ForkedBy
		copy(c, m.clock[f.Thread][int(f.Index)*n:int(f.Index+1)*n])
	}
	if joined != nil {
		last := len(joined.Events) - 1
		maxInto(c, m.clock[joined.ID][last*n:(last+1)*n])
	}
	c[t] = uint32(i + 1)
	m.known[t] = i + 1
	return true
}

func maxInto(dst, src []uint32) {
	for i, v := range src {
		if v > dst[i] {
			dst[i] = v
		}
	}
}

// has reports whether r has a clock.
func (m *mhb) has(r trace.EventRef) bool { return int(r.Index) < m.known[r.Thread] }

// leq reports a ≤ b in must-happen-before (a = b included). It is false
// when either has no clock.
func (m *mhb) leq(a, b trace.EventRef) bool {
	if !m.has(a) || !m.has(b) {
		return false
	}
	return m.clock[b.Thread][int(b.Index)*m.nThread+int(a.Thread)] >= a.Index+1
}

// successors lists the events b with a direct MHB edge a → b.
func (m *mhb) successors(a trace.EventRef) []trace.EventRef {
	th := m.tr.Threads[a.Thread]
	var out []trace.EventRef
	if int(a.Index)+1 < len(th.Events) {
		out = append(out, trace.EventRef{Thread: a.Thread, Index: a.Index + 1})
	}
	ev := &th.Events[a.Index]
	if ev.Op == trace.OpFork {
		if id, ok := m.tr.ThreadByName(m.tr.Str(ev.Obj)); ok && len(m.tr.Threads[id].Events) > 0 {
			out = append(out, trace.EventRef{Thread: id})
		}
	}
	if int(a.Index) == len(th.Events)-1 {
		out = append(out, m.joinsOf[th.Name]...)
	}
	return out
}

// computeLocksets records, per event, the locks its thread holds around it
// for certain: acquired (outermost) earlier in the thread and released
// later, with the event itself neither that acquire, that release, nor a
// wait on the lock (a wait gives the lock away).
func (m *mhb) computeLocksets() {
	index := map[string]int32{"": 0}
	m.sets = [][]trace.Sym{nil}
	m.lockset = make([][]int32, len(m.tr.Threads))
	for t, th := range m.tr.Threads {
		depth := map[trace.Sym]int{}
		var held []trace.Sym
		cur := int32(0)
		m.lockset[t] = make([]int32, len(th.Events))
		for i := range th.Events {
			ev := &th.Events[i]
			switch ev.Op {
			case trace.OpAcquire:
				depth[ev.Obj]++
				if depth[ev.Obj] == 1 {
					m.lockset[t][i] = cur // the acquire itself is outside
					held = insertSym(held, ev.Obj)
					cur = internSet(index, &m.sets, held)
					continue
				}
			case trace.OpRelease:
				depth[ev.Obj]--
				if depth[ev.Obj] == 0 {
					held = removeSym(held, ev.Obj)
					cur = internSet(index, &m.sets, held)
					m.lockset[t][i] = cur // the release itself is outside
					continue
				}
			case trace.OpWait:
				m.lockset[t][i] = internSet(index, &m.sets, removeSym(append([]trace.Sym(nil), held...), ev.Obj))
				continue
			}
			m.lockset[t][i] = cur
		}
	}
}

// commonLock reports whether a and b are both inside regions of one lock.
func (m *mhb) commonLock(a, b trace.EventRef) bool {
	la := m.sets[m.lockset[a.Thread][a.Index]]
	lb := m.sets[m.lockset[b.Thread][b.Index]]
	for _, x := range la {
		for _, y := range lb {
			if x == y {
				return true
			}
		}
	}
	return false
}

// touchesLockOf reports whether event r acquires, releases or waits on a
// lock held at held.
func (m *mhb) touchesLockOf(r, held trace.EventRef) bool {
	ev := m.tr.Event(r)
	if ev.Op != trace.OpAcquire && ev.Op != trace.OpRelease && ev.Op != trace.OpWait {
		return false
	}
	for _, l := range m.sets[m.lockset[held.Thread][held.Index]] {
		if l == ev.Obj {
			return true
		}
	}
	return false
}

func insertSym(s []trace.Sym, v trace.Sym) []trace.Sym {
	k := sort.Search(len(s), func(i int) bool { return s[i] >= v })
	if k < len(s) && s[k] == v {
		return s
	}
	s = append(s, 0)
	copy(s[k+1:], s[k:])
	s[k] = v
	return s
}

func removeSym(s []trace.Sym, v trace.Sym) []trace.Sym {
	for i, x := range s {
		if x == v {
			return append(s[:i], s[i+1:]...)
		}
	}
	return s
}

func internSet(index map[string]int32, sets *[][]trace.Sym, s []trace.Sym) int32 {
	k := symsKey(s)
	if id, ok := index[k]; ok {
		return id
	}
	id := int32(len(*sets))
	*sets = append(*sets, append([]trace.Sym(nil), s...))
	index[k] = id
	return id
}
