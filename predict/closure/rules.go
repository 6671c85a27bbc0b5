package closure

import (
	"slices"
	"sort"

	"gpredict/encode"
	"gpredict/trace"
)

// zones lists the index ranges [lo, hi) of thread t the full rules look
// at: the last Zone events of t in the must-set, and the Zone events up
// to each chosen event of t.
func (s *saturation) zones(t trace.ThreadID) [][2]int {
	z := s.cfg.Zone
	rs := [][2]int{{max(0, s.cut[t]-z), s.cut[t]}}
	for _, c := range s.ch.Events() {
		if c.Thread == t {
			rs = append(rs, [2]int{max(0, int(c.Index)-z), int(c.Index) + 1})
		}
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i][0] < rs[j][0] })
	out := rs[:1]
	for _, r := range rs[1:] {
		if last := &out[len(out)-1]; r[0] <= last[1] {
			last[1] = max(last[1], r[1])
		} else {
			out = append(out, r)
		}
	}
	return out
}

// interference applies rule 5 to the required reads of the zones: a read
// whose value only one write gives reads from that write, so every other
// write of the variable comes before that write or after the read; a read
// of the initial value that no write gives comes before every write.
func (s *saturation) interference() bool {
	tr := s.x.Trace
	for t := range s.cut {
		tid := trace.ThreadID(t)
		for _, z := range s.zones(tid) {
			for i := z[0]; i < z[1] && i < s.cut[t]; i++ {
				if tr.Threads[t].Events[i].Op != trace.OpRead {
					continue
				}
				if !s.readRule(trace.EventRef{Thread: tid, Index: uint32(i)}) {
					return false
				}
			}
		}
	}
	return true
}

// required reports whether read r must return its recorded value in every
// witness: the event that makes it required is in the must-set, and r is
// not an event of the last group (which ends its thread).
func (s *saturation) required(r trace.EventRef) bool {
	if s.ch.inLast(r) {
		return false
	}
	req := s.x.Requirer(r)
	return req >= 0 && req < s.cut[r.Thread]
}

func (s *saturation) readRule(r trace.EventRef) bool {
	if !s.required(r) {
		return true
	}
	tr := s.x.Trace
	ev := tr.Event(r)
	v := ev.Obj
	src, kind := s.x.Source(r)
	what := s.read(r)
	// Each accessing thread's writes of v, in thread order: looking them
	// up by the variable's name for every thread (WritesOf) was a tenth
	// of this rule's time on a 24-thread lock-heavy trace.
	accessors := s.x.Accessors(s.x.ObjNum(r))
	switch kind {
	case encode.Impossible:
		return s.refute("%s, a value nothing writes, and it must (a later event of its thread is scheduled)", s.text(what))
	case encode.Ambiguous:
		return s.writersRule(r, ev, what)
	case encode.Initial:
		for _, acc := range accessors {
			ws := acc.Writes
			if len(ws) == 0 || int(ws[0]) >= s.cut[acc.Thread] {
				continue
			}
			w := trace.EventRef{Thread: acc.Thread, Index: ws[0]}
			if !s.edge(r, w, s.because("%s, the initial value, so it comes before the write %s", what, s.ref(w))) {
				return false
			}
		}
		return true
	}
	w := src
	if w.Thread == r.Thread && w.Index > r.Index {
		return s.refute("%s, which only its own later event %s writes", s.text(what), s.id(w))
	}
	if !s.edge(w, r, s.because("%s, which only %s writes", what, s.ref(w))) {
		return false
	}
	for _, acc := range accessors {
		uid := acc.Thread
		ws := acc.Writes
		if len(ws) == 0 {
			continue
		}
		lo := s.x.ClockAt(w, uid) // uid's events up to lo-1 come before w
		a, _ := slices.BinarySearch(ws, lo)
		b, _ := slices.BinarySearch(ws, uint32(s.cut[uid]))
		if a >= b {
			continue
		}
		ws = ws[a:b]
		at := func(k int) trace.EventRef { return trace.EventRef{Thread: uid, Index: ws[k]} }
		// The latest write that must come before r must come before w.
		if k := sort.Search(len(ws), func(i int) bool { return !s.o.before(at(i), r) }); k > 0 {
			x := at(k - 1)
			if x != w {
				if s.o.before(w, x) {
					return s.refute("%s, but %s writes %s after %s and before %s", s.text(what), s.id(x), tr.Str(v), s.id(w), s.id(r))
				}
				if !s.edge(x, w, s.because("%s from %s, and %s writes %s before %s, so before %s", what, s.ref(w), s.ref(x), s.sym(v), s.ref(r), s.ref(w))) {
					return false
				}
			}
		}
		// The earliest write that must come after w must come after r.
		if k := sort.Search(len(ws), func(i int) bool { return s.o.before(w, at(i)) }); k < len(ws) {
			if x := at(k); !s.edge(r, x, s.because("%s from %s, and %s writes %s after %s, so after %s", what, s.ref(w), s.ref(x), s.sym(v), s.ref(w), s.ref(r))) {
				return false
			}
		}
	}
	return true
}

// writersRule is rule 5 for a required read whose value several writes
// give: it reads from one of them, so when none can come before it (each
// is its own later event, must come after it, or lies at or after a
// last-group event of its thread, where the witness ends) the candidate
// is refuted, and when only one thread's writes can, the first of them
// comes before the read. On a recording whose variables take few values,
// most writes of a value sit after the chosen events, so this is what
// exhausts a read's options. Writing the initial value needs no write.
func (s *saturation) writersRule(r trace.EventRef, ev *trace.Event, what reasonArg) bool {
	tr := s.x.Trace
	if ev.Val == tr.InitValue(ev.Obj) {
		return true
	}
	only, count := trace.EventRef{}, 0
	for _, w := range s.x.FirstWritesOfValue(ev.Obj, ev.Val) {
		if !s.canWriteBefore(w, r) {
			continue
		}
		only, count = w, count+1
		if count > 1 {
			return true
		}
	}
	if count == 0 {
		return s.refute("%s, and no write of that value can come before it", s.text(what))
	}
	if only.Thread == r.Thread {
		return true
	}
	return s.edge(only, r, s.because("%s, which only %s's writes from %s can give", what, s.thread(only.Thread), s.ref(only)))
}

// canWriteBefore reports whether write w, the first of its value in its
// thread, may come before read r in a witness: it is not r's own later
// event, r does not have to come first, and it is not at or after a
// last-group event (nor must follow one), where the witness ends. A
// later write of the value in w's thread can come before r only if w
// can, so looking at the first one suffices.
func (s *saturation) canWriteBefore(w, r trace.EventRef) bool {
	if w.Thread == r.Thread {
		return w.Index < r.Index
	}
	if int(w.Index) >= s.stop[w.Thread] || s.o.atOrBefore(r, w) {
		return false
	}
	for _, c := range s.ch.Last() {
		if (c.Thread == w.Thread && c.Index <= w.Index) || s.o.before(c, w) {
			return false
		}
	}
	return true
}

// overlappingHolds applies rule 3 to the holds open where a thread's part
// of the must-set ends: two holds of one lock by different threads, both
// started, cannot overlap, so when one's start must come before an event
// inside the other, the first one ends before the other starts.
func (s *saturation) overlappingHolds() bool {
	inLast := map[trace.ThreadID]bool{}
	for _, c := range s.ch.Last() {
		inLast[c.Thread] = true
	}
	for t := range s.cut {
		tid := trace.ThreadID(t)
		if s.cut[t] == 0 || inLast[tid] {
			continue // the holds at the last group are openAtEnd's
		}
		last1 := trace.EventRef{Thread: tid, Index: uint32(s.cut[t] - 1)}
		for _, s1 := range s.x.OpenAfter(tid, s.cut[t]-1) {
			l, ok := s.holdLock(tid, s1)
			if !ok {
				continue
			}
			h1 := trace.EventRef{Thread: tid, Index: s1}
			for u := range s.cut {
				uid := trace.ThreadID(u)
				if uid == tid {
					continue
				}
				s2, ok := s.latestHold(l, uid)
				if !ok {
					continue
				}
				if !s.holdPair(l, h1, last1, trace.EventRef{Thread: uid, Index: s2}) {
					return false
				}
			}
		}
	}
	return true
}

// holdPair orders hold h1 (open at the end of its thread's part of the
// must-set, whose last event there is last1) and hold h2 of the same lock.
func (s *saturation) holdPair(l trace.Sym, h1, last1, h2 trace.EventRef) bool {
	u := h2.Thread
	last2 := trace.EventRef{Thread: u, Index: uint32(s.cut[u] - 1)}
	if e := s.x.HoldEnd(u, h2.Index); e >= 0 && e < s.cut[u] {
		if e == int(h2.Index) {
			return true
		}
		last2 = trace.EventRef{Thread: u, Index: uint32(e - 1)}
	}
	a := s.o.before(h2, last1) // h2 starts before h1 is left: h2 ends first
	b := s.o.before(h1, last2) // h1 starts before h2 is left: h1 ends first
	switch {
	case a && b:
		return s.refute("the holds of %s from %s and from %s would overlap", s.x.Trace.Str(l), s.id(h1), s.id(h2))
	case a:
		return s.endsBefore(l, h2, h1)
	case b:
		return s.endsBefore(l, h1, h2)
	}
	return true
}

// endsBefore derives that hold first ends before hold then starts.
func (s *saturation) endsBefore(l trace.Sym, first, then trace.EventRef) bool {
	if s.x.HoldEnd(first.Thread, first.Index) < 0 {
		return s.refute("%s holds %s to the end of the trace from %s, and %s must take it", s.x.Trace.ThreadName(first.Thread), s.x.Trace.Str(l), s.id(first), s.id(then))
	}
	end, ok := s.holdEnd(first.Thread, first.Index)
	if !ok {
		return true
	}
	return s.edge(end, then, s.because("the hold of %s from %s starts first, so %s releases it before %s", s.sym(l), s.ref(first), s.ref(end), s.ref(then)))
}
