package tracegen

import (
	"fmt"
	"math/rand"

	"gpredict/trace"
)

// Workers builds a deterministic, realistic trace of about n events by
// simulating an execution, the way a recorder would see one: a main thread
// forks workers, the workers' operations are interleaved at random one
// event at a time (an acquire waits while another thread holds its lock),
// every read returns the variable's current value and every write a fresh
// unique value (as the STD importer gives them), and main joins the
// workers at the end. The operations are lock-protected read-modify-writes,
// unprotected flag reads and writes, Map get/remove invocations
// (check-then-act) and local work. The number of variables and keys grows
// with n so that each variable sees a bounded number of accesses, as in
// real runs. The predict package's benchmarks run on it.
func Workers(n int, seed int64) *trace.Trace {
	r := rand.New(rand.NewSource(seed))
	b := trace.NewBuilder()
	sy := b.Syms()
	const workers = 4
	nVars := max(4, n/40)
	nKeys := max(4, n/60)
	loc := func(k int) trace.Sym { return sy.Intern(fmt.Sprintf("Gen.java:%d", k)) }
	getSig, remSig := sy.Intern("Object Map.get(Object)"), sy.Intern("Object Map.remove(Object)")
	m := sy.Intern("m")

	// op is one event of a worker's program; values are filled in when
	// the simulation runs it.
	type op struct{ ev trace.Event }
	progs := make([][]op, workers)
	for w := range progs {
		var p []op
		for len(p) < n/workers {
			v := sy.Intern(fmt.Sprintf("o%d.f", r.Intn(nVars)))
			switch k := r.Intn(10); {
			case k < 4: // locked read-modify-write
				l := sy.Intern(fmt.Sprint("l", r.Intn(3)))
				p = append(p, op{ev: trace.Event{Op: trace.OpAcquire, Obj: l}},
					op{ev: trace.Event{Op: trace.OpRead, Obj: v, Loc: loc(10 + k)}},
					op{ev: trace.Event{Op: trace.OpWrite, Obj: v, Loc: loc(20 + k)}},
					op{ev: trace.Event{Op: trace.OpRelease, Obj: l}})
			case k < 5: // unprotected flag write
				p = append(p, op{ev: trace.Event{Op: trace.OpWrite, Obj: v, Loc: loc(30)}})
			case k < 6: // unprotected flag read
				p = append(p, op{ev: trace.Event{Op: trace.OpRead, Obj: v, Loc: loc(31)}})
			case k < 8: // check-then-act on the map
				key := sy.Intern(fmt.Sprint("k", r.Intn(nKeys)))
				args := b.Args([]trace.Sym{key})
				p = append(p, op{ev: trace.Event{Op: trace.OpCall, Obj: getSig, Target: m, Args: args, Loc: loc(40)}},
					op{ev: trace.Event{Op: trace.OpBranch}},
					op{ev: trace.Event{Op: trace.OpCall, Obj: remSig, Target: m, Args: args, Loc: loc(41)}})
			default: // local work
				p = append(p, op{ev: trace.Event{Op: trace.OpBranch}})
			}
		}
		progs[w] = p
	}

	pos := trace.Pos{File: "gen.trace"}
	emit := func(th string, e trace.Event) {
		pos.Line++
		if err := b.Event(pos, sy.Intern(th), e); err != nil {
			panic(err)
		}
	}
	fresh := 0
	next := func() trace.Sym { fresh++; return sy.Intern(fmt.Sprint(fresh)) }
	zero := sy.Intern("0")
	cur := map[trace.Sym]trace.Sym{} // variable → current value
	owner := map[trace.Sym]int{}     // lock → holding worker+1 (0: free)
	for w := 1; w <= workers; w++ {
		emit("main", trace.Event{Op: trace.OpFork, Obj: sy.Intern(fmt.Sprint("W", w))})
	}
	pc := make([]int, workers)
	for {
		var ready []int
		for w := range progs {
			if pc[w] == len(progs[w]) {
				continue
			}
			if e := progs[w][pc[w]].ev; e.Op == trace.OpAcquire && owner[e.Obj] != 0 && owner[e.Obj] != w+1 {
				continue
			}
			ready = append(ready, w)
		}
		if len(ready) == 0 {
			break // every worker is done (locks are released in-block, so nothing deadlocks)
		}
		w := ready[r.Intn(len(ready))]
		o := progs[w][pc[w]]
		pc[w]++
		e := o.ev
		switch e.Op {
		case trace.OpAcquire:
			owner[e.Obj] = w + 1
		case trace.OpRelease:
			owner[e.Obj] = 0
		case trace.OpRead:
			e.Val = zero
			if v, ok := cur[e.Obj]; ok {
				e.Val = v
			}
		case trace.OpWrite:
			e.Val = next()
			cur[e.Obj] = e.Val
		case trace.OpCall:
			e.Result = next()
		}
		emit(fmt.Sprint("W", w+1), e)
	}
	for w := 1; w <= workers; w++ {
		emit("main", trace.Event{Op: trace.OpJoin, Obj: sy.Intern(fmt.Sprint("W", w))})
	}
	return b.Finish()
}
