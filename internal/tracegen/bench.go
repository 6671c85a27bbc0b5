// The recordings of the benchmarks (bench/scale.sh, through
// bench/gentrace) and of the tests that need a recording of their shape: a simulated execution, the way a recorder
// would see one. A main thread forks seven workers and works itself, every
// thread runs a random program of lock-protected blocks (at most two locks
// held at once, nested in a fixed lock order so that nothing deadlocks) and
// unprotected accesses, the threads are interleaved at random one event at
// a time (an acquire waits while another thread holds its lock), and main
// joins the workers at the end. Each access gets one of a fixed set of
// source locations, as code lines would, so that reports group as on a
// real program. Two shapes:
//
//	dense   8 threads, 6 locks, about 12% of events are acquires; accesses go
//	        to 100 shared variables, half of them to 10 hot ones
//	sparse  8 threads, 6 locks, about 4% acquires; 95% of accesses go to
//	        the thread's own 100 private variables, the rest to 20 shared ones
//
// The output depends only on the shape, the size and the seed (math/rand's
// seeded source is stable across Go releases), so a test may name an event
// of a generated recording. (This generator and Random share no code: the
// recordings are the benchmarks' inputs, and must stay byte-identical for
// a seed.)

package tracegen

import (
	"bufio"
	"fmt"
	"io"
	"math/rand"
	"sort"
)

// BenchShapes are the shapes WriteBench knows, sorted.
func BenchShapes() []string {
	var out []string
	for s := range benchShapes {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// WriteBench writes a recording of about events events of the named shape, in
// STD form, drawn with seed.
func WriteBench(w io.Writer, shapeName string, events int, seed int64) error {
	p, ok := benchShapes[shapeName]
	if !ok {
		return fmt.Errorf("unknown shape %q (known: %v)", shapeName, BenchShapes())
	}
	if events <= 0 {
		return fmt.Errorf("events must be positive, not %d", events)
	}
	r := rand.New(rand.NewSource(seed))
	progs := make([][]benchOp, p.threads)
	for t := range progs {
		progs[t] = benchProgram(r, p, t, events/p.threads)
	}
	bw := bufio.NewWriter(w)
	for t := 1; t < p.threads; t++ {
		fmt.Fprintf(bw, "T0|fork(T%d)|1\n", t)
	}
	benchSimulate(r, progs, func(t int, o benchOp) {
		fmt.Fprintf(bw, "T%d|%s(%s)|%d\n", t, o.kind, o.obj, o.loc)
	})
	for t := 1; t < p.threads; t++ {
		fmt.Fprintf(bw, "T0|join(T%d)|2\n", t)
	}
	return bw.Flush()
}

// benchShape is the knobs of one kind of program.
type benchShape struct {
	threads, locks int
	// csProb is the chance that a block is lock-protected; nestProb that
	// a protected block takes a second lock inside.
	csProb, nestProb float64
	// Shared variables: hot ones take hotProb of the shared accesses.
	shared, hot int
	hotProb     float64
	// privateProb is the chance that an access goes to one of the
	// thread's own private variables.
	private     int
	privateProb float64
	readProb    float64
}

var benchShapes = map[string]benchShape{
	"dense":  {threads: 8, locks: 6, csProb: 0.4, nestProb: 0.2, shared: 100, hot: 10, hotProb: 0.5, readProb: 0.6},
	"sparse": {threads: 8, locks: 6, csProb: 0.12, nestProb: 0.1, shared: 20, hot: 4, hotProb: 0.5, private: 100, privateProb: 0.95, readProb: 0.6},
}

// benchOp is one event of a thread's program, in STD form without the thread.
type benchOp struct {
	kind string // r, w, acq, rel
	obj  string
	loc  int
}

// benchProgram draws about n events of thread t's program.
func benchProgram(r *rand.Rand, p benchShape, t, n int) []benchOp {
	var prog []benchOp
	access := func(site int) benchOp {
		kind := "w"
		if r.Float64() < p.readProb {
			kind = "r"
		}
		var v string
		switch {
		case p.private > 0 && r.Float64() < p.privateProb:
			v = fmt.Sprintf("P%d_%d", t, r.Intn(p.private))
			site += 50
		case r.Float64() < p.hotProb:
			v = fmt.Sprintf("V%d", r.Intn(p.hot))
		default:
			v = fmt.Sprintf("V%d", p.hot+r.Intn(p.shared-p.hot))
			site += 25
		}
		if kind == "w" {
			site += 100
		}
		return benchOp{kind: kind, obj: v, loc: 1000 + site}
	}
	for len(prog) < n {
		if r.Float64() >= p.csProb {
			for k := 1 + r.Intn(4); k > 0; k-- {
				prog = append(prog, access(r.Intn(5)))
			}
			continue
		}
		l1 := r.Intn(p.locks)
		lock := fmt.Sprintf("L%d", l1)
		prog = append(prog, benchOp{kind: "acq", obj: lock, loc: 10 + l1})
		for k := 1 + r.Intn(6); k > 0; k-- {
			prog = append(prog, access(5+r.Intn(5)))
		}
		if l1+1 < p.locks && r.Float64() < p.nestProb {
			l2 := l1 + 1 + r.Intn(p.locks-l1-1)
			inner := fmt.Sprintf("L%d", l2)
			prog = append(prog, benchOp{kind: "acq", obj: inner, loc: 20 + l2})
			for k := 1 + r.Intn(3); k > 0; k-- {
				prog = append(prog, access(10+r.Intn(5)))
			}
			prog = append(prog, benchOp{kind: "rel", obj: inner, loc: 30 + l2})
		}
		prog = append(prog, benchOp{kind: "rel", obj: lock, loc: 40 + l1})
	}
	return prog
}

// benchSimulate interleaves the programs at random, one event at a time, never
// letting a thread acquire a lock another thread holds, and emits each
// event as it runs. Locks are taken in increasing order, so some thread
// can always run until all are done.
func benchSimulate(r *rand.Rand, progs [][]benchOp, emit func(t int, o benchOp)) {
	owner := map[string]int{} // lock → holding thread+1
	pc := make([]int, len(progs))
	ready := make([]int, 0, len(progs))
	for {
		ready = ready[:0]
		for t, prog := range progs {
			if pc[t] == len(prog) {
				continue
			}
			if o := prog[pc[t]]; o.kind == "acq" && owner[o.obj] != 0 {
				continue
			}
			ready = append(ready, t)
		}
		if len(ready) == 0 {
			return
		}
		t := ready[r.Intn(len(ready))]
		o := progs[t][pc[t]]
		pc[t]++
		switch o.kind {
		case "acq":
			owner[o.obj] = t + 1
		case "rel":
			delete(owner, o.obj)
		}
		emit(t, o)
	}
}
