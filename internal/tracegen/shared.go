package tracegen

import (
	"gpredict/trace"
)

// Shared (read) locks and hb facts, both off by default (Config).

// sharedActions offers a shared acquire of l and the shared releases t can
// make. A shared acquire is possible when no other thread holds l
// exclusively; inside t's own exclusive hold it is re-entrant.
func (s *sim) sharedActions(t *thread, l string, add func(int, func())) {
	if s.cfg.SharedWeight == 0 {
		return
	}
	if s.canAcquire(t, l, true) {
		add(s.cfg.SharedWeight, func() {
			if s.kinds != nil && s.r.Intn(4) == 0 {
				s.request(t, l, true) // golocks.go
				return
			}
			s.racquire(t, l)
		})
	}
	for _, h := range t.order {
		if t.rinner[h] > 0 || t.rheld[h] > 0 {
			h := h
			add(2, func() { s.rrelease(t, h) })
		}
	}
}

func (s *sim) racquire(t *thread, l string) {
	if t.held[l] > 0 {
		t.rinner[l]++
	} else {
		if t.rheld[l] == 0 {
			s.readers[l]++
		}
		t.rheld[l]++
	}
	if !contains(t.order, l) {
		t.order = append(t.order, l)
	}
	s.emit(t, op{kind: trace.OpRAcquire, obj: l})
}

func (s *sim) rrelease(t *thread, l string) {
	if t.rinner[l] > 0 {
		t.rinner[l]--
	} else {
		t.rheld[l]--
		if t.rheld[l] == 0 {
			s.readers[l]--
		}
	}
	s.emit(t, op{kind: trace.OpRRelease, obj: l})
}

// releaseShared gives up t's shared holds when it winds down: those
// inside its exclusive holds first, so that holds stay nested.
func (s *sim) releaseShared(t *thread) {
	for _, l := range t.order {
		for t.rinner[l] > 0 {
			s.rrelease(t, l)
		}
	}
	for _, l := range t.order {
		for t.rheld[l] > 0 {
			s.rrelease(t, l)
		}
	}
}

// hbFacts adds up to Config.HBFacts facts "a before b" between events of
// different threads such that, in the simulated interleaving, every step
// of a comes before the first step of b: the simulation then still is a
// feasible schedule, and the facts close no cycle.
func (s *sim) hbFacts(b *trace.Builder) {
	if s.cfg.HBFacts == 0 || len(s.steps) < 2 {
		return
	}
	type span struct{ first, last int }
	spans := map[[2]int]*span{}
	var events [][2]int
	for pos, st := range s.steps {
		k := [2]int{st.thread, st.index}
		if sp, ok := spans[k]; ok {
			sp.last = pos
			continue
		}
		spans[k] = &span{pos, pos}
		events = append(events, k)
	}
	ref := func(k [2]int) trace.EventRef {
		id, _ := b.ThreadByName(s.th[k[0]].name)
		return trace.EventRef{Thread: id, Index: uint32(k[1])}
	}
	n := s.r.Intn(s.cfg.HBFacts + 1)
	for tries := 0; n > 0 && tries < 20*s.cfg.HBFacts; tries++ {
		a, c := events[s.r.Intn(len(events))], events[s.r.Intn(len(events))]
		if a[0] == c[0] || spans[a].last >= spans[c].first {
			continue
		}
		b.AddHB(ref(a), ref(c))
		n--
	}
}
