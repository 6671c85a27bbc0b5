package replay

import "gpredict/trace"

// Checker validates schedules of one trace. It numbers the trace's locks
// and signals (one space) and its variables (another) once, so that every
// validation keeps its state in arrays: a witness of a long recording has
// a hundred thousand steps, and a run may validate hundreds of them.
type Checker struct {
	tr *trace.Trace
	// obj[t][i] is the number of event i's Obj (a lock, a signal or a
	// variable), sig[t][i] of a wait's signal (-1 where none applies).
	obj, sig [][]int32
	syncs    int // locks and signals numbered
	vars     int // variables numbered
	// kind[l] is the kind of lock number l (docs/trace-format.md, "Lock
	// kinds and requests"); signals get the default, which they never use.
	kind []trace.LockKind
	// chans numbers the channels (a third space); caps[ch] is channel
	// ch's capacity (chan.go).
	chans int
	caps  []int
	// chanNum numbers every channel by name, those only a select's cases
	// name too (select.go).
	chanNum map[trace.Sym]int32
}

// NewChecker numbers tr's objects.
func NewChecker(tr *trace.Trace) *Checker {
	c := &Checker{tr: tr, obj: make([][]int32, len(tr.Threads)), sig: make([][]int32, len(tr.Threads))}
	syncID, varID, chanID := map[trace.Sym]int32{}, map[trace.Sym]int32{}, map[trace.Sym]int32{}
	number := func(m map[trace.Sym]int32, s trace.Sym, n *int) int32 {
		id, ok := m[s]
		if !ok {
			id = int32(*n)
			m[s] = id
			*n++
		}
		return id
	}
	for t, th := range tr.Threads {
		obj, sig := make([]int32, len(th.Events)), make([]int32, len(th.Events))
		for i := range th.Events {
			ev := &th.Events[i]
			obj[i], sig[i] = -1, -1
			switch ev.Op {
			case trace.OpAcquire, trace.OpRelease, trace.OpRAcquire, trace.OpRRelease, trace.OpRequest, trace.OpRRequest, trace.OpNotify, trace.OpNotifyAll:
				obj[i] = number(syncID, ev.Obj, &c.syncs)
			case trace.OpWait:
				obj[i] = number(syncID, ev.Obj, &c.syncs)
				sig[i] = number(syncID, ev.Val, &c.syncs)
			case trace.OpRead, trace.OpWrite:
				obj[i] = number(varID, ev.Obj, &c.vars)
			case trace.OpSend, trace.OpRecv, trace.OpRecvClosed, trace.OpClose, trace.OpRecvWait:
				obj[i] = number(chanID, ev.Obj, &c.chans)
			}
		}
		c.obj[t], c.sig[t] = obj, sig
	}
	c.kind = make([]trace.LockKind, c.syncs)
	for s, id := range syncID {
		c.kind[id] = tr.Kind(s)
	}
	for _, sel := range tr.Selects {
		for _, cs := range sel.Cases {
			number(chanID, cs.Chan, &c.chans)
		}
	}
	c.chanNum = chanID
	c.caps = make([]int, c.chans)
	for s, id := range chanID {
		c.caps[id] = tr.Cap(s)
	}
	return c
}

func (c *Checker) objOf(r trace.EventRef) int32 { return c.obj[r.Thread][r.Index] }
func (c *Checker) sigOf(r trace.EventRef) int32 { return c.sig[r.Thread][r.Index] }
