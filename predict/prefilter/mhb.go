package prefilter

import (
	"sort"

	"gpredict/encode"
	"gpredict/trace"
)

// mhb answers must-happen-before questions for the pre-filter. The vector
// clocks are encode's (one implementation serves the encoder and the
// pre-filter): program order, fork → first event of the child, last event
// of a thread → each join of it, and the must-read-from edges of the
// branch model (encode.NewModelIndex). Because schedules are prefixes,
// "a MHB b" means: whenever b is scheduled, a is scheduled before it.
type mhb struct {
	tr  *trace.Trace
	idx *encode.Index
	// locks held strictly inside an outermost region at each event.
	lockset [][]int32 // per thread, per event: index into sets
	sets    [][]trace.Sym
	// rwmutexes held shared around each event, likewise (nil: the trace
	// has no shared holds).
	sharedset [][]int32
	// joinsOf lists the join events of each thread name.
	joinsOf map[trace.Sym][]trace.EventRef
}

func newMHB(idx *encode.Index) *mhb {
	tr := idx.Trace
	m := &mhb{tr: tr, idx: idx}
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
// wait on the lock (a wait gives the lock away). It records the
// rwmutexes held shared likewise (sharedset, when the trace has shared
// holds): a shared hold excludes every other thread's exclusive hold of
// the lock (docs/semantics.md rule 3), so an event inside one and an
// event inside the other cannot be adjacent. A recording's maps are often
// read under RLock and written under Lock: without this every such read
// and write was a GoConcurrentMapWrite candidate for the solver stages.
func (m *mhb) computeLocksets() {
	index := map[string]int32{"": 0}
	m.sets = [][]trace.Sym{nil}
	m.lockset = m.holdSets(index, trace.OpAcquire, trace.OpRelease)
	for _, th := range m.tr.Threads {
		for i := range th.Events {
			if th.Events[i].Op == trace.OpRAcquire {
				m.sharedset = m.holdSets(index, trace.OpRAcquire, trace.OpRRelease)
				return
			}
		}
	}
}

// holdSets is, per thread and event, the set (index into sets) of locks
// held around the event by the outermost regions that acq opens and rel
// closes; neither the acquire nor the release is inside its own region,
// and a wait gives an exclusively held lock away.
func (m *mhb) holdSets(index map[string]int32, acq, rel trace.Op) [][]int32 {
	out := make([][]int32, len(m.tr.Threads))
	for t, th := range m.tr.Threads {
		depth := map[trace.Sym]int{}
		var held []trace.Sym
		cur := int32(0)
		out[t] = make([]int32, len(th.Events))
		for i := range th.Events {
			ev := &th.Events[i]
			out[t][i] = cur
			switch ev.Op {
			case acq:
				if depth[ev.Obj]++; depth[ev.Obj] == 1 {
					held = insertSym(held, ev.Obj)
					cur = internSet(index, &m.sets, held)
				}
			case rel:
				if depth[ev.Obj]--; depth[ev.Obj] == 0 {
					held = removeSym(held, ev.Obj)
					cur = internSet(index, &m.sets, held)
					out[t][i] = cur
				}
			case trace.OpWait:
				if acq == trace.OpAcquire {
					out[t][i] = internSet(index, &m.sets, removeSym(append([]trace.Sym(nil), held...), ev.Obj))
				}
			}
		}
	}
	return out
}

// locksOf are the locks held around r exclusively and shared.
func (m *mhb) locksOf(r trace.EventRef) (excl, shared []trace.Sym) {
	excl = m.sets[m.lockset[r.Thread][r.Index]]
	if m.sharedset != nil {
		shared = m.sets[m.sharedset[r.Thread][r.Index]]
	}
	return excl, shared
}

// commonLock reports whether a and b are both inside regions of one lock
// that exclude each other: two exclusive holds, or an exclusive and a
// shared hold of an rwmutex.
func (m *mhb) commonLock(a, b trace.EventRef) bool {
	ea, sa := m.locksOf(a)
	eb, sb := m.locksOf(b)
	return meet(ea, eb) || meet(ea, sb) || meet(sa, eb)
}

func meet(a, b []trace.Sym) bool {
	for _, x := range a {
		for _, y := range b {
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
	switch ev.Op {
	case trace.OpAcquire, trace.OpRelease, trace.OpWait, trace.OpRAcquire, trace.OpRRelease:
	default:
		return false
	}
	excl, shared := m.locksOf(held)
	return meet(excl, []trace.Sym{ev.Obj}) || meet(shared, []trace.Sym{ev.Obj})
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
	k := trace.SymsKey(s)
	if id, ok := index[k]; ok {
		return id
	}
	id := int32(len(*sets))
	*sets = append(*sets, append([]trace.Sym(nil), s...))
	index[k] = id
	return id
}
