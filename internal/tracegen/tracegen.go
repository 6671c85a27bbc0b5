// Package tracegen is the one home of generated traces, for the tests and
// the benchmarks alike:
//
//   - Random (this file): small random executions for the differential
//     tests, with every kind of event; Config tunes their mix;
//   - Sections (sections.go): nested lock sections, for deadlock tests;
//   - WriteBench (bench.go): the dense and sparse recordings of the
//     benchmarks, in STD form;
//   - WriteLocks (locks.go): the lock-heavy family of recordings;
//   - Workers (workers.go): forked workers with locked read-modify-writes
//     and map check-then-acts, for predict's Race and CheckThenAct
//     benchmarks.
//
// Each is a function of its seed. The benchmarks' recordings must stay
// byte-identical for a seed (bench_test.go pins them); the random traces
// of the tests may change with the generator, the differential sweeps
// then being run at a larger count once to keep their coverage.
//
// Random produces a trace by simulating an execution: every thread runs a
// random program chosen step by step, a random scheduler interleaves the
// threads while respecting locks, wait/notify, fork and join, and reads
// return the current value. Each thread's events are then written out
// thread-locally, so the trace is consistent with a real interleaving
// (the simulated one) by construction.
package tracegen

import (
	"fmt"
	"math/rand"

	"gpredict/predict/replay"
	"gpredict/trace"
)

// Config bounds a generated trace. Zero fields take the defaults.
type Config struct {
	Threads int // number of threads, default 2 or 3
	Events  int // events before the threads wind down, default 6..14
	Vars    int // shared variables, default 1..3
	Values  int // distinct written values, default 3
	Locks   int // locks, default 1..2
	// NoSync leaves out locks, wait/notify, fork and join.
	NoSync bool
	// WaitWeight and JoinWeight weigh a wait and a join against the
	// other actions (default 1 each; a read or write weighs 4). Waits and
	// joins are rare under the defaults because they need a held lock and
	// another thread able to notify, or a finished thread, so tests that
	// must cover them raise these.
	WaitWeight, JoinWeight int
	// ForkWeight weighs a fork (default 1): a thread starts only when
	// forked, so a higher weight gives more interleaving early.
	ForkWeight int
	// Recorded writes the events in the simulated order (a wait where it
	// releases its lock) instead of thread by thread, so that the file
	// order is a recorded execution, as in an STD recording.
	Recorded bool
	// SharedWeight weighs a shared (read) acquire of a lock against the
	// other actions (default 0: none). Readers may hold a lock together;
	// an exclusive acquire waits for them (shared.go).
	SharedWeight int
	// UnheldNotifyWeight weighs a notify or notifyAll of a lock the
	// thread does not hold (default 0: none). Java would throw, but a
	// trace may have one (a recorder sees the call), and it may still
	// wake a waiter: the causal model asks nothing of the notifier's
	// locks.
	UnheldNotifyWeight int
	// FenceWeight weighs a fence (default 0: none). A fence changes
	// nothing under SC; the memory-model sweeps need them.
	FenceWeight int
	// HBFacts is the most hb facts added between events of different
	// threads that the simulated execution orders (default 0: none); the
	// trace gets a random number of them up to this.
	HBFacts int
	// LockKinds draws a kind for every lock — re-entrant, Go's mutex or
	// Go's rwmutex — and the request events that come with them
	// (golocks.go): a request before every exclusive acquire of an
	// rwmutex (writer preference), sometimes before other acquires, `end`
	// events, and threads that wind down waiting for a lock they may
	// never get (a request as their last event). Off by default; when
	// on, a wait may be left incomplete by a thread stuck on a lock.
	LockKinds bool
	// Chans is the number of channels (chans.go; default 0: none).
	Chans int
	// Selects adds selects over the channels (select.go): of two cases,
	// each a receive or a send, and sometimes a default.
	Selects bool
}

func (c Config) withDefaults(r *rand.Rand) Config {
	if c.Threads == 0 {
		c.Threads = 2 + r.Intn(2)
	}
	if c.Events == 0 {
		c.Events = 6 + r.Intn(9)
	}
	if c.Vars == 0 {
		c.Vars = 1 + r.Intn(3)
	}
	if c.Values == 0 {
		c.Values = 3
	}
	if c.Locks == 0 {
		c.Locks = 1 + r.Intn(2)
	}
	if c.WaitWeight == 0 {
		c.WaitWeight = 1
	}
	if c.JoinWeight == 0 {
		c.JoinWeight = 1
	}
	if c.ForkWeight == 0 {
		c.ForkWeight = 1
	}
	return c
}

// Random returns a random trace for cfg. The trace always passes the
// Builder's checks, every wait completes (a waiter is always notified
// before the threads finish), and the simulated interleaving is a
// feasible schedule of it.
func Random(r *rand.Rand, cfg Config) *trace.Trace {
	tr, _ := generate(r, cfg)
	return tr
}

// generate also returns the simulated interleaving as a schedule.
func generate(r *rand.Rand, cfg Config) (*trace.Trace, []replay.Step) {
	cfg = cfg.withDefaults(r)
	s := newSim(r, cfg)
	s.run()
	tr := s.build()
	// The builder numbers threads in order of first mention (a fork
	// mentions its child), so map names to ids.
	sched := make([]replay.Step, len(s.steps))
	for i, st := range s.steps {
		id, _ := tr.ThreadByName(s.th[st.thread].name)
		sched[i] = replay.Step{Ref: trace.EventRef{Thread: id, Index: uint32(st.index)}, Part: st.part}
	}
	return tr, sched
}

// step is one step of the simulated interleaving.
type step struct {
	thread, index int
	part          replay.Part
}

// op is one emitted event before interning.
type op struct {
	kind   trace.Op
	obj    string
	val    string
	target string
	result string
}

type thread struct {
	name     string
	started  bool
	finished bool
	events   []op
	held     map[string]int // lock → depth
	order    []string       // locks in first-acquire order (for releasing)
	// shared holds (shared.go): rheld counts shared acquires outside an
	// exclusive hold of the lock, rinner those inside one (re-entrant).
	rheld, rinner map[string]int
	calls         []string // open enter signatures
	// wait state: waitLock != "" while in a wait; woken once notified.
	waitLock string
	woken    bool
	depth    int // depth to restore after the wait
	// want is the lock t has requested and waits to acquire (golocks.go),
	// shared if wantShared.
	want       string
	wantShared bool
	// sendOn is the channel of t's last send while it may still wait in
	// it, sendPos that send's place in the channel (chans.go).
	sendOn  string
	sendPos int
}

type sim struct {
	r       *rand.Rand
	cfg     Config
	th      []*thread
	values  map[string]string // current value per variable
	owner   map[string]int    // lock → holding thread (absent: free)
	readers map[string]int    // lock → threads holding it shared
	// kinds and writers are golocks.go's: the drawn kind of each lock
	// (nil: all re-entrant), and per rwmutex the threads that have
	// requested it exclusively and not acquired it.
	kinds   map[string]trace.LockKind
	writers map[string]int
	// chans are chans.go's channels (nil without Config.Chans).
	chans   map[string]*chanSim
	selects map[string][]string // select.go: the cases of each select drawn, by id
	total   int
	closing bool
	steps   []step
}

func newSim(r *rand.Rand, cfg Config) *sim {
	s := &sim{r: r, cfg: cfg, values: map[string]string{}, owner: map[string]int{}, readers: map[string]int{}}
	for i := 0; i < cfg.Threads; i++ {
		s.th = append(s.th, &thread{name: fmt.Sprintf("T%d", i+1), held: map[string]int{}, rheld: map[string]int{}, rinner: map[string]int{}})
	}
	s.th[0].started = true
	s.drawKinds()
	s.drawChans()
	// Without synchronisation nobody forks: every thread may start at once.
	if cfg.NoSync {
		for _, t := range s.th {
			t.started = true
		}
	}
	return s
}

func (s *sim) emit(t *thread, o op) {
	part := replay.Whole
	if o.kind == trace.OpWait {
		part = replay.Release
	}
	s.steps = append(s.steps, step{s.index(t), len(t.events), part})
	t.events = append(t.events, o)
	s.total++
}

// run interleaves the threads until the event budget is spent, then lets
// every thread wind down (exit its calls, release its locks, notify
// remaining waiters) and finish.
func (s *sim) run() {
	for steps := 0; steps < 10000; steps++ {
		if s.total >= s.cfg.Events {
			s.closing = true
		}
		var ready []int
		for i, t := range s.th {
			if s.canStep(t) {
				ready = append(ready, i)
			}
		}
		if len(ready) == 0 {
			return
		}
		t := s.th[ready[s.r.Intn(len(ready))]]
		switch {
		case t.waitLock != "":
			s.reacquire(t)
		case t.want != "":
			s.acquireWanted(t)
		case s.closing || len(t.events) >= 2 && s.r.Intn(10) == 0:
			// Threads also finish early, so that joins happen.
			s.close(t)
		default:
			s.act(t)
		}
	}
	panic("tracegen: simulation did not terminate")
}

func (s *sim) canStep(t *thread) bool {
	if !t.started || t.finished || s.sendWaits(t) {
		return false
	}
	if t.waitLock != "" {
		_, held := s.owner[t.waitLock]
		return t.woken && !held && s.readers[t.waitLock] == 0
	}
	if t.want != "" {
		return s.canAcquire(t, t.want, t.wantShared)
	}
	return true
}

func (s *sim) reacquire(t *thread) {
	// The wake-up is taken here, just before the re-acquire: the thread
	// was notified earlier, which is all rule 4 asks.
	i, idx := s.index(t), len(t.events)-1
	s.steps = append(s.steps, step{i, idx, replay.Wake}, step{i, idx, replay.Reacquire})
	s.owner[t.waitLock] = s.index(t)
	t.held[t.waitLock] = t.depth
	t.waitLock, t.woken = "", false
}

func (s *sim) index(t *thread) int {
	for i, u := range s.th {
		if u == t {
			return i
		}
	}
	panic("tracegen: unknown thread")
}

// unwokenWaiters lists the threads waiting and not yet notified.
func (s *sim) unwokenWaiters() []*thread {
	var out []*thread
	for _, u := range s.th {
		if u.waitLock != "" && !u.woken {
			out = append(out, u)
		}
	}
	return out
}

// othersCanNotify reports whether a thread other than t is running and
// not stuck in a wait: only then may t wait, or finish while others wait.
func (s *sim) othersCanNotify(t *thread) bool {
	for _, u := range s.th {
		// A thread waiting for a lock may never get it (golocks.go).
		if u != t && u.started && !u.finished && !(u.waitLock != "" && !u.woken) && u.want == "" && !s.sendWaits(u) {
			return true
		}
	}
	return false
}

// close winds thread t down in one go: exits, releases, a final
// notifyAll if it is the last thread that could wake a waiter, finish.
func (s *sim) close(t *thread) {
	for len(t.calls) > 0 {
		s.exitCall(t)
	}
	keep := s.r.Intn(6) == 0 // sometimes a lock stays held to the end
	if s.kinds != nil && !keep && s.r.Intn(2) == 0 {
		keep = true // more often with kinds: a thread that ended holding a lock blocks for ever
	}
	if s.kinds != nil && keep {
		s.keepShared(t) // golocks.go
	} else {
		s.releaseShared(t)
	}
	for _, l := range t.order {
		if keep && !s.someoneWaitsOn(l) {
			continue
		}
		for t.held[l] > 0 {
			s.release(t, l)
		}
	}
	if len(s.unwokenWaiters()) > 0 && !s.othersCanNotify(t) {
		for _, w := range s.unwokenWaiters() {
			l := w.waitLock
			if w.waitLock == "" || w.woken {
				continue
			}
			if s.readers[l] > 0 { // notifying needs no lock
				s.notify(t, l, true)
				continue
			}
			s.acquire(t, l)
			s.notify(t, l, true)
			s.release(t, l)
		}
	}
	s.windDown(t)
	t.finished = true
}

func (s *sim) someoneWaitsOn(l string) bool {
	for _, u := range s.th {
		if u.waitLock == l {
			return true
		}
	}
	return false
}

func (s *sim) acquire(t *thread, l string) {
	if t.held[l] == 0 {
		s.owner[l] = s.index(t)
		if !contains(t.order, l) {
			t.order = append(t.order, l)
		}
	}
	t.held[l]++
	s.emit(t, op{kind: trace.OpAcquire, obj: l})
}

func (s *sim) release(t *thread, l string) {
	t.held[l]--
	if t.held[l] == 0 {
		delete(s.owner, l)
	}
	s.emit(t, op{kind: trace.OpRelease, obj: l})
}

func (s *sim) notify(t *thread, l string, all bool) {
	var ws []*thread
	for _, u := range s.unwokenWaiters() {
		if u.waitLock == l {
			ws = append(ws, u)
		}
	}
	if all {
		for _, w := range ws {
			w.woken = true
		}
		s.emit(t, op{kind: trace.OpNotifyAll, obj: l})
		return
	}
	if len(ws) > 0 {
		ws[s.r.Intn(len(ws))].woken = true
	}
	s.emit(t, op{kind: trace.OpNotify, obj: l})
}

func (s *sim) exitCall(t *thread) {
	sig := t.calls[len(t.calls)-1]
	t.calls = t.calls[:len(t.calls)-1]
	o := op{kind: trace.OpExit, obj: sig}
	if sig != "atomic()" {
		o.target = "o1"
	}
	s.emit(t, o)
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// build writes the simulated events into a trace: thread by thread, or
// in the simulated order if the configuration asks for a recorded one,
// with hb facts the simulated execution satisfies (hbFacts).
func (s *sim) build() *trace.Trace {
	names := make([]string, len(s.th))
	progs := make([][]op, len(s.th))
	for i, t := range s.th {
		names[i], progs[i] = t.name, t.events
	}
	var order [][2]int // (thread, event) in file order
	if s.cfg.Recorded {
		for _, st := range s.steps {
			if st.part == replay.Whole || st.part == replay.Release {
				order = append(order, [2]int{st.thread, st.index})
			}
		}
	}
	return writeTrace("gen.trace", names, progs, order, func(b *trace.Builder) {
		s.lockDirectives(b)
		s.chanDirectives(b)
		s.hbFacts(b)
	})
}

// writeTrace builds the trace whose thread names[i] has the events
// progs[i], as the lines of file: in order (thread, event index) when it
// is given, else thread after thread (which is then their base order);
// facts, if not nil, adds directives before the trace is finished.
func writeTrace(file string, names []string, progs [][]op, order [][2]int, facts func(*trace.Builder)) *trace.Trace {
	b := trace.NewBuilder()
	sy := b.Syms()
	intern := func(x string) trace.Sym {
		if x == "" {
			return trace.NoSym
		}
		return sy.Intern(x)
	}
	line := 0
	add := func(i int, o op) {
		line++
		ev := trace.Event{Op: o.kind, Obj: intern(o.obj), Val: intern(o.val), Target: intern(o.target), Result: intern(o.result)}
		if err := b.Event(trace.Pos{File: file, Line: line}, sy.Intern(names[i]), ev); err != nil {
			panic("tracegen: generated an invalid trace: " + err.Error())
		}
	}
	if order != nil {
		for _, te := range order {
			add(te[0], progs[te[0]][te[1]])
		}
	} else {
		for i, prog := range progs {
			for _, o := range prog {
				add(i, o)
			}
		}
	}
	if facts != nil {
		facts(b)
	}
	if err := b.Resolve(); err != nil {
		panic("tracegen: generated invalid hb facts: " + err.Error())
	}
	return b.Finish()
}
