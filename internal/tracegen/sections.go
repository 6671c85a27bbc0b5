package tracegen

import (
	"fmt"
	"math/rand"

	"gpredict/predict/replay"
	"gpredict/trace"
)

// Lock-order cycles of three or more threads are rare in Random's
// traces: a cycle needs every one of its threads to nest two locks in the
// right order. Sections generates traces made for deadlock tests: each
// thread runs one or two nested sections (acquire a, acquire b, …,
// release b, release a, over random distinct locks, sometimes inside a
// common guard lock, sometimes three deep), with reads and writes of
// shared variables between the acquires, so that the value a read returns
// can order sections of different threads. The main thread forks the
// others, most before its own sections and some after them; a thread may
// join one forked before it. The trace is written as executed one thread
// after the other (the main thread first), which is a feasible schedule,
// so it is the trace's base order.

// SectionsConfig bounds a trace of Sections. Zero fields take the
// defaults.
type SectionsConfig struct {
	Threads  int // default 3 or 4
	Locks    int // besides the guard lock; default 3 or 4
	Sections int // most sections per thread; default 2
}

// Sections returns a random trace of nested lock sections.
func Sections(r *rand.Rand, cfg SectionsConfig) *trace.Trace {
	tr, _ := sections(r, cfg)
	return tr
}

// sections also returns the execution the trace was written from.
func sections(r *rand.Rand, cfg SectionsConfig) (*trace.Trace, []replay.Step) {
	if cfg.Threads == 0 {
		cfg.Threads = 3 + r.Intn(2)
	}
	if cfg.Locks == 0 {
		cfg.Locks = 3 + r.Intn(2)
	}
	if cfg.Sections == 0 {
		cfg.Sections = 2
	}
	g := &sectionGen{r: r, cfg: cfg, values: map[string]string{}}
	progs := make([][]op, cfg.Threads)
	var late []op // forks after the main thread's sections
	for t := 1; t < cfg.Threads; t++ {
		f := op{kind: trace.OpFork, obj: threadName(t)}
		if r.Intn(5) == 0 {
			late = append(late, f)
		} else {
			progs[0] = append(progs[0], f)
		}
	}
	for t := range progs {
		if t >= 2 && r.Intn(6) == 0 {
			progs[t] = append(progs[t], op{kind: trace.OpJoin, obj: threadName(1 + r.Intn(t-1))})
		}
		for range 1 + r.Intn(cfg.Sections) {
			progs[t] = g.section(progs[t])
		}
		if t == 0 {
			progs[0] = append(progs[0], late...)
		}
	}
	names := make([]string, len(progs))
	for t := range progs {
		names[t] = threadName(t)
	}
	tr := writeTrace("sections.trace", names, progs, nil, nil)
	var sched []replay.Step
	for t, prog := range progs {
		id, _ := tr.ThreadByName(threadName(t))
		for i := range prog {
			sched = append(sched, replay.Step{Ref: trace.EventRef{Thread: id, Index: uint32(i)}})
		}
	}
	return tr, sched
}

func threadName(t int) string { return fmt.Sprintf("T%d", t+1) }

type sectionGen struct {
	r      *rand.Rand
	cfg    SectionsConfig
	values map[string]string // current value per variable, as executed
	writes int
}

// section appends one nested section to prog: its locks are distinct,
// taken in a random order and released in the reverse one.
func (g *sectionGen) section(prog []op) []op {
	depth := 2
	if g.r.Intn(5) == 0 {
		depth = 3
	}
	locks := g.r.Perm(g.cfg.Locks)[:depth]
	var held []string
	if g.r.Intn(5) == 0 {
		held = append(held, "g")
	}
	for _, l := range locks {
		held = append(held, fmt.Sprintf("l%d", l))
	}
	for _, l := range held {
		prog = append(prog, op{kind: trace.OpAcquire, obj: l})
		prog = g.access(prog)
	}
	for i := len(held) - 1; i >= 0; i-- {
		prog = append(prog, op{kind: trace.OpRelease, obj: held[i]})
	}
	return g.access(prog)
}

// access appends a read or a write of x or y, or nothing.
func (g *sectionGen) access(prog []op) []op {
	v := []string{"x", "y"}[g.r.Intn(2)]
	switch g.r.Intn(3) {
	case 0:
		val, ok := g.values[v]
		if !ok {
			val = "0"
		}
		return append(prog, op{kind: trace.OpRead, obj: v, val: val})
	case 1:
		g.writes++
		g.values[v] = fmt.Sprint(g.writes)
		return append(prog, op{kind: trace.OpWrite, obj: v, val: g.values[v]})
	}
	return prog
}
