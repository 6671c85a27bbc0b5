package tracegen

import (
	"bufio"
	"fmt"
	"io"
	"math/rand"
)

// Locks are the knobs of the lock-heavy family: recordings of programs
// whose threads spend most of their time inside nested critical sections
// and whose shared variables take few distinct values, the shape of
// databases and servers (many threads, nested locks, counters and flags).
// Thread T1 forks the others, every thread (T1 too) runs a random program,
// the threads are interleaved one event at a time (an acquire waits while
// another thread holds the lock), and at the end every thread releases
// what it holds and T1 joins the others. Every read returns the last
// write of that simulated execution, so the file order is an execution.
//
// Locks are taken in increasing order, so the simulation never deadlocks.
// Values come from a small domain, so most reads could read from several
// writes: the causal model lets a read take its value from any of them,
// which is what makes the family hard for a predictor.
type Locks struct {
	Threads int // 8 to 32 in the family
	Locks   int // 6 to 12
	Depth   int // locks held at once, at most: 2 or 3
	Vars    int // shared variables (100): x0… and o0.f…
	Hot     int // of which the first Hot x-variables take HotProb of the accesses
	HotProb float64
	Values  int // values are 0 to Values-1
	// ReadProb is the share of accesses that read; AcquireProb the chance
	// that a thread below Depth takes a lock at its next step,
	// ReleaseProb that a thread holding one releases its innermost.
	ReadProb, AcquireProb, ReleaseProb float64
}

// DefaultLocks is the family's member of shared/traces/generated's
// dense-locks-1k.trace: 8 threads, 6 locks held 2 deep, 100 variables of
// which 10 are hot, values 0 to 5.
func DefaultLocks() Locks {
	return Locks{Threads: 8, Locks: 6, Depth: 2, Vars: 100, Hot: 10, HotProb: 0.55, Values: 6,
		ReadProb: 0.62, AcquireProb: 0.12, ReleaseProb: 0.2}
}

// Validate reports knobs outside what the generator can draw.
func (p Locks) Validate() error {
	switch {
	case p.Threads < 2:
		return fmt.Errorf("threads must be at least 2, not %d", p.Threads)
	case p.Locks < 1:
		return fmt.Errorf("locks must be at least 1, not %d", p.Locks)
	case p.Depth < 1:
		return fmt.Errorf("depth must be at least 1, not %d", p.Depth)
	case p.Vars < 2 || p.Hot < 1 || p.Hot > p.Vars/2:
		return fmt.Errorf("need at least 2 variables and 1 to vars/2 hot ones, not %d of %d", p.Hot, p.Vars)
	case p.Values < 1:
		return fmt.Errorf("values must be at least 1, not %d", p.Values)
	}
	return nil
}

// WriteLocks writes a recording of about events events of family member p,
// drawn with seed, in the text format (with values) to text and, when std
// is not nil, the same events in the same order in STD form (RAPID's
// format; STD has no values) to std.
func WriteLocks(text, std io.Writer, p Locks, events int, seed int64) error {
	if err := p.Validate(); err != nil {
		return err
	}
	if events <= 0 {
		return fmt.Errorf("events must be positive, not %d", events)
	}
	tw := bufio.NewWriter(text)
	var sw *bufio.Writer
	if std != nil {
		sw = bufio.NewWriter(std)
	}
	emit := lockEmitter{text: tw, std: sw}
	for t := 2; t <= p.Threads; t++ {
		emit.event(1, "fork", fmt.Sprintf("T%d", t), "", 0)
	}
	s := newLockSim(p, rand.New(rand.NewSource(seed)))
	for emitted := 0; emitted < events-2*(p.Threads-1); emitted++ {
		if !s.step(&emit) {
			break
		}
	}
	s.drain(&emit)
	for t := 2; t <= p.Threads; t++ {
		emit.event(1, "join", fmt.Sprintf("T%d", t), "", 0)
	}
	if sw != nil {
		if err := sw.Flush(); err != nil {
			return err
		}
	}
	return tw.Flush()
}

// lockSim is the simulated execution: who holds what, every variable's
// current value.
type lockSim struct {
	p     Locks
	r     *rand.Rand
	held  [][]int // per thread (0-based), the locks it holds, innermost last
	owner []int   // per lock, the holding thread + 1
	value []int   // per variable
	loc   int     // the last source line handed out
	// want is a thread's pending acquire (-1: none): a thread that chose
	// to take a lock another holds waits for it, as a program would.
	want  []int
	ready []int
}

func newLockSim(p Locks, r *rand.Rand) *lockSim {
	s := &lockSim{p: p, r: r, held: make([][]int, p.Threads), owner: make([]int, p.Locks),
		value: make([]int, p.Vars), want: make([]int, p.Threads)}
	for t := range s.want {
		s.want[t] = -1
	}
	return s
}

// step runs one event of a random thread that can run; false when none
// can (which the increasing lock order rules out).
func (s *lockSim) step(emit *lockEmitter) bool {
	s.ready = s.ready[:0]
	for t := range s.held {
		if w := s.want[t]; w < 0 || s.owner[w] == 0 {
			s.ready = append(s.ready, t)
		}
	}
	if len(s.ready) == 0 {
		return false
	}
	t := s.ready[s.r.Intn(len(s.ready))]
	if w := s.want[t]; w >= 0 {
		s.want[t] = -1
		s.acquire(emit, t, w)
		return true
	}
	held := s.held[t]
	if len(held) > 0 && s.r.Float64() < s.p.ReleaseProb {
		s.release(emit, t)
		return true
	}
	if len(held) < s.p.Depth && s.r.Float64() < s.p.AcquireProb {
		low := 0
		if len(held) > 0 {
			low = held[len(held)-1] + 1
		}
		if low < s.p.Locks {
			l := low + s.r.Intn(s.p.Locks-low)
			if s.owner[l] != 0 {
				s.want[t] = l // blocks until the holder releases it
				return true
			}
			s.acquire(emit, t, l)
			return true
		}
	}
	s.access(emit, t)
	return true
}

func (s *lockSim) acquire(emit *lockEmitter, t, l int) {
	s.owner[l] = t + 1
	s.held[t] = append(s.held[t], l)
	s.loc++
	emit.event(t+1, "acquire", fmt.Sprintf("L%d", l), "", s.loc)
}

// release releases t's innermost lock. Releases carry no source line, as
// in the shared member of the family (the line is the acquire's).
func (s *lockSim) release(emit *lockEmitter, t int) {
	held := s.held[t]
	l := held[len(held)-1]
	s.held[t] = held[:len(held)-1]
	s.owner[l] = 0
	s.loc++
	emit.event(t+1, "release", fmt.Sprintf("L%d", l), "", 0)
}

func (s *lockSim) access(emit *lockEmitter, t int) {
	var v int
	if s.r.Float64() < s.p.HotProb {
		v = s.r.Intn(s.p.Hot)
	} else {
		v = s.p.Hot + s.r.Intn(s.p.Vars-s.p.Hot)
	}
	s.loc++
	if s.r.Float64() < s.p.ReadProb {
		emit.event(t+1, "read", varName(v, s.p.Vars), fmt.Sprint(s.value[v]), s.loc)
		return
	}
	s.value[v] = s.r.Intn(s.p.Values)
	emit.event(t+1, "write", varName(v, s.p.Vars), fmt.Sprint(s.value[v]), s.loc)
}

// drain releases every held lock, threads in random order, innermost
// first; pending acquires are dropped (the program ends before them).
func (s *lockSim) drain(emit *lockEmitter) {
	for {
		s.ready = s.ready[:0]
		for t, h := range s.held {
			if len(h) > 0 {
				s.ready = append(s.ready, t)
			}
		}
		if len(s.ready) == 0 {
			return
		}
		s.release(emit, s.ready[s.r.Intn(len(s.ready))])
	}
}

// varName names variable v: the first half are statics x0…, the rest
// fields o0.f…, so the hot ones are statics.
func varName(v, vars int) string {
	if v < vars/2 {
		return fmt.Sprintf("x%d", v)
	}
	return fmt.Sprintf("o%d.f", v-vars/2)
}

// lockEmitter writes each event in text form and, optionally, STD form.
type lockEmitter struct {
	text, std *bufio.Writer
}

var stdOps = map[string]string{"fork": "fork", "join": "join", "acquire": "acq", "release": "rel", "read": "r", "write": "w"}

// event writes thread t's event op on obj (value for reads and writes,
// loc 0: no source line).
func (e *lockEmitter) event(t int, op, obj, value string, loc int) {
	fmt.Fprintf(e.text, "T%d %s %s", t, op, obj)
	if value != "" {
		fmt.Fprintf(e.text, " %s", value)
	}
	if loc > 0 {
		fmt.Fprintf(e.text, " @A.java:%d", loc)
	}
	e.text.WriteByte('\n')
	if e.std != nil {
		// STD needs a location on every line: 0 for events without one
		// (forks, joins and releases, which RAPID never counts as racy).
		fmt.Fprintf(e.std, "T%d|%s(%s)|%d\n", t, stdOps[op], obj, loc)
	}
}
