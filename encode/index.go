package encode

import "gpredict/trace"

// Index holds the facts about a trace that every slice and every
// candidate reuse: who writes what, who notifies which signal, where each
// lock hold ends, and the must-happen-before relation as vector clocks.
type Index struct {
	Trace *trace.Trace

	writesVal map[varVal][]trace.EventRef    // writes of a variable with a value
	writesVar map[trace.Sym][]trace.EventRef // all writes of a variable
	notifies  map[trace.Sym][]trace.EventRef // notify and notifyAll by signal
	// holdEnd[t][i], for an event starting a lock hold (outermost acquire,
	// or a wait, whose reacquire starts one), is the index of the event
	// ending that hold (the release back to depth 0, or a wait on the same
	// lock, whose release part ends it), or -1 if the hold never ends.
	holdEnd [][]int32
	// startsHold[t][i] reports whether event i of thread t starts a hold.
	startsHold [][]bool
	// vc[t][i][u] is the number of events of thread u that must happen
	// before (or be) event i of thread t: program order, fork and join.
	vc [][][]uint32
}

type varVal struct{ v, val trace.Sym }

// NewIndex computes the index of tr.
func NewIndex(tr *trace.Trace) *Index {
	x := &Index{Trace: tr, writesVal: map[varVal][]trace.EventRef{},
		writesVar: map[trace.Sym][]trace.EventRef{}, notifies: map[trace.Sym][]trace.EventRef{}}
	for _, th := range tr.Threads {
		for i := range th.Events {
			ev := &th.Events[i]
			r := trace.EventRef{Thread: th.ID, Index: uint32(i)}
			switch ev.Op {
			case trace.OpWrite:
				k := varVal{ev.Obj, ev.Val}
				x.writesVal[k] = append(x.writesVal[k], r)
				x.writesVar[ev.Obj] = append(x.writesVar[ev.Obj], r)
			case trace.OpNotify, trace.OpNotifyAll:
				x.notifies[ev.Obj] = append(x.notifies[ev.Obj], r)
			}
		}
	}
	x.computeHolds()
	x.computeClocks()
	return x
}

// computeHolds finds the outermost lock holds of every thread. A wait
// splits a hold in two: its release part ends one, its reacquire part
// starts the next, at the same re-entrant depth.
func (x *Index) computeHolds() {
	tr := x.Trace
	x.holdEnd = make([][]int32, len(tr.Threads))
	x.startsHold = make([][]bool, len(tr.Threads))
	for t, th := range tr.Threads {
		ends := make([]int32, len(th.Events))
		starts := make([]bool, len(th.Events))
		depth := map[trace.Sym]int{}
		open := map[trace.Sym]int{} // lock → index of the event starting the open hold
		for i := range th.Events {
			ends[i] = -1
			ev := &th.Events[i]
			switch ev.Op {
			case trace.OpAcquire:
				if depth[ev.Obj] == 0 {
					starts[i], open[ev.Obj] = true, i
				}
				depth[ev.Obj]++
			case trace.OpRelease:
				depth[ev.Obj]--
				if depth[ev.Obj] == 0 {
					ends[open[ev.Obj]] = int32(i)
					delete(open, ev.Obj)
				}
			case trace.OpWait:
				if s, ok := open[ev.Obj]; ok {
					ends[s] = int32(i)
				}
				starts[i], open[ev.Obj] = true, i
			}
		}
		x.holdEnd[t], x.startsHold[t] = ends, starts
	}
}

// computeClocks propagates vector clocks along program order, fork and
// join. Threads are advanced in passes until no thread can progress; the
// events left (only if fork/join form a cycle, which no execution has)
// keep what they know so far.
func (x *Index) computeClocks() {
	tr := x.Trace
	n := len(tr.Threads)
	x.vc = make([][][]uint32, n)
	done := make([]int, n)
	for t, th := range tr.Threads {
		x.vc[t] = make([][]uint32, len(th.Events))
	}
	for progress := true; progress; {
		progress = false
		for t, th := range tr.Threads {
			for done[t] < len(th.Events) {
				i := done[t]
				c := make([]uint32, n)
				if i > 0 {
					copy(c, x.vc[t][i-1])
				} else if th.HasFork {
					f := th.ForkedBy
					if int(f.Index) >= done[f.Thread] {
						break
					}
					copy(c, x.vc[f.Thread][f.Index])
				}
				if ev := &th.Events[i]; ev.Op == trace.OpJoin {
					child, _ := tr.ThreadByName(tr.Str(ev.Obj))
					if k := len(tr.Threads[child].Events); k > 0 {
						if done[child] < k {
							break
						}
						for u, v := range x.vc[child][k-1] {
							c[u] = max(c[u], v)
						}
					}
				}
				c[t] = uint32(i + 1)
				x.vc[t][i] = c
				done[t]++
				progress = true
			}
		}
	}
	for t, th := range tr.Threads {
		for i := done[t]; i < len(th.Events); i++ {
			c := make([]uint32, n)
			c[t] = uint32(i + 1)
			x.vc[t][i] = c
		}
	}
}

// Before reports whether event a must happen before event b in every
// execution (a ≠ b).
func (x *Index) Before(a, b trace.EventRef) bool {
	if a.Thread == b.Thread {
		return a.Index < b.Index
	}
	return x.vc[b.Thread][b.Index][a.Thread] > a.Index
}

// StepBefore is Before for steps (the parts of one wait are ordered).
func (x *Index) StepBefore(a, b Step) bool {
	if a.Ref == b.Ref {
		return a.Part < b.Part
	}
	return x.Before(a.Ref, b.Ref)
}
