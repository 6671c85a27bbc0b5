package encode

import "gpredict/trace"

// Writer preference (docs/semantics.md, rule 3): a thread that has
// requested an rwmutex exclusively (`request l`) and not yet acquired it
// keeps every other thread from taking l shared. For a request q of l by
// thread W, the acquire a that follows it in W (if the slice has it: W's
// next event, when it is the acquire of l) and a racquire r of l by
// another thread:
//
//	r ∉ π  ∨  q ∉ π  ∨  r < q  ∨  a < r
//
// that is, r is not inside [q, a], and not after q at all while a is not
// scheduled (W still waits when the schedule ends). Every racquire counts,
// a nested one too: Go's RLock blocks behind a waiting writer even when
// its goroutine already holds the lock shared (the read-write-read
// deadlock). A wait's reacquire has no request, so it keeps nobody out
// (docs/semantics.md says why that is its meaning). Pairs that
// must-happen-before already orders (r before q, or a before r) get no
// clause. The slice brings a request's acquire with it (slice.go), so a
// window never looks open in a slice that is closed in the trace.

// wantsWriterPreference reports whether tr declares any lock with writer
// preference: only then is there something to encode.
func wantsWriterPreference(tr *trace.Trace) bool {
	for _, k := range tr.LockKinds {
		if k.WriterPreference() {
			return true
		}
	}
	return false
}

// writerWindow is a request of an rwmutex and the acquire that ends it.
type writerWindow struct {
	request, acquire trace.EventRef
	hasAcquire       bool
}

// encodeWriterPreference adds the clauses above for every rwmutex.
func (p *Problem) encodeWriterPreference() {
	tr := p.Trace
	if !wantsWriterPreference(tr) {
		return
	}
	windows := map[trace.Sym][]writerWindow{}
	readers := map[trace.Sym][]trace.EventRef{}
	for t, n := range p.Slice.Prefix {
		evs := tr.Threads[t].Events
		for i := 0; i < n; i++ {
			ev := &evs[i]
			if !tr.Kind(ev.Obj).WriterPreference() {
				continue
			}
			r := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)}
			switch ev.Op {
			case trace.OpRequest:
				w := writerWindow{request: r}
				if i+1 < n && evs[i+1].Op == trace.OpAcquire && evs[i+1].Obj == ev.Obj {
					w.acquire, w.hasAcquire = trace.EventRef{Thread: r.Thread, Index: r.Index + 1}, true
				}
				windows[ev.Obj] = append(windows[ev.Obj], w)
			case trace.OpRAcquire:
				readers[ev.Obj] = append(readers[ev.Obj], r)
			}
		}
	}
	for _, l := range sortedSyms(windows) {
		for _, w := range windows[l] {
			for _, r := range readers[l] {
				if r.Thread == w.request.Thread || p.idx.Before(r, w.request) || w.hasAcquire && p.idx.Before(w.acquire, r) {
					continue
				}
				q, rs := Step{Ref: w.request, Part: Whole}, Step{Ref: r, Part: Whole}
				alts := []*F{p.out(rs), p.out(q), Lt(p.Var(rs), p.Var(q))}
				why := p.StepName(rs) + " does not take " + tr.Str(l) + " shared while " + tr.ThreadName(w.request.Thread) + " waits to acquire it (from " + p.StepName(q)
				if w.hasAcquire {
					a := Step{Ref: w.acquire, Part: Whole}
					alts = append(alts, Lt(p.Var(a), p.Var(rs)))
					why += " to " + p.StepName(a) + ")"
				} else {
					why += " on)"
				}
				p.add(Or(alts...), FamLock, why, r, w.request)
			}
		}
	}
}

// writersWaiting follows the requests of rwmutexes along a base order for
// Windows: which threads wait for which lock (no cut is placed while one
// does), and whether the next event keeps to writer preference.
type writersWaiting struct {
	waits map[trace.Sym]map[trace.ThreadID]bool
	n     int // (thread, lock) pairs waiting
}

// step applies event r; false if it is a racquire of an rwmutex that
// another thread waits for (the base order is then no execution).
func (w *writersWaiting) step(tr *trace.Trace, r trace.EventRef, ev *trace.Event) bool {
	if !tr.Kind(ev.Obj).WriterPreference() {
		return true
	}
	switch ev.Op {
	case trace.OpRequest:
		if w.waits == nil {
			w.waits = map[trace.Sym]map[trace.ThreadID]bool{}
		}
		if w.waits[ev.Obj] == nil {
			w.waits[ev.Obj] = map[trace.ThreadID]bool{}
		}
		w.waits[ev.Obj][r.Thread] = true
		w.n++
	case trace.OpAcquire:
		if w.waits[ev.Obj][r.Thread] {
			delete(w.waits[ev.Obj], r.Thread)
			w.n--
		}
	case trace.OpRAcquire:
		for u := range w.waits[ev.Obj] {
			if u != r.Thread {
				return false
			}
		}
	}
	return true
}
