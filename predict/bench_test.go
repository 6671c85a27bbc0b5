package predict

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"testing"
	"time"

	"gpredict/encode"
	"gpredict/spec"
	"gpredict/trace"
)

// genTrace builds a deterministic, realistic trace of about n events by
// simulating an execution, the way a recorder would see one: a main thread
// forks workers, the workers' operations are interleaved at random one
// event at a time (an acquire waits while another thread holds its lock),
// every read returns the variable's current value and every write a fresh
// unique value (as the STD importer gives them), and main joins the
// workers at the end. The operations are lock-protected read-modify-writes,
// unprotected flag reads and writes, Map get/remove invocations
// (check-then-act) and local work. The number of variables and keys grows
// with n so that each variable sees a bounded number of accesses, as in
// real runs.
func genTrace(n int, seed int64) *trace.Trace {
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

// raceProp is `wr(t1) || rd(t2) | wr(t1) || wr(t2)` binding the variable.
func raceProp(tr *trace.Trace) PropertyInput {
	p := newProp("Race", []string{"v"}, []string{"rd", "wr"}, par(ev(0), ev(1)), occ(1, "wr", "t1"), occ(0, "rd", "t2"))
	p.Normal.Alts = append(p.Normal.Alts, spec.Alternative{Root: par(ev(0), ev(1)), Occs: []spec.Occurrence{occ(1, "wr", "t1"), occ(1, "wr", "t2")}})
	events := matchEvents(tr, 2, func(d int, e *trace.Event) []trace.Sym {
		if (d == 0 && e.Op == trace.OpRead) || (d == 1 && e.Op == trace.OpWrite) {
			return []trace.Sym{e.Obj}
		}
		return nil
	})
	return PropertyInput{Prop: p, Events: events}
}

// checkThenAct is FIG. 20: check(t1) act(t2) act(t1) binding (m, key).
func checkThenAct(tr *trace.Trace) PropertyInput {
	p := newProp("CheckThenAct", []string{"m", "key"}, []string{"check", "act"},
		seq(ev(0), ev(1), ev(2)), occ(0, "check", "t1"), occ(1, "act", "t2"), occ(1, "act", "t1"))
	events := matchEvents(tr, 2, func(d int, e *trace.Event) []trace.Sym {
		if e.Op != trace.OpCall {
			return nil
		}
		name := tr.Signature(e.Obj).Name
		if (d == 0 && name == "get") || (d == 1 && name == "remove") {
			return []trace.Sym{e.Target, tr.Args(e.Args)[0]}
		}
		return nil
	})
	return PropertyInput{Prop: p, Events: events}
}

// stubDecider answers Unsat; used only when no solver is linked in, so the
// harness still measures enumeration and pre-filtering.
type stubDecider struct{}

func (stubDecider) Decide(encode.Candidate) Decision { return Decision{Verdict: Unsat} }
func (stubDecider) Close()                           {}

func benchRun(b *testing.B, n int, mk func(*trace.Trace) PropertyInput) {
	tr := genTrace(n, 1)
	runBench(b, tr, mk(tr))
}

func runBench(b *testing.B, tr *trace.Trace, in PropertyInput) {
	// The CLI's default time limit per candidate, unless
	// GPREDICT_BENCH_TIMEOUT (a duration, 0 for none) says otherwise.
	opts := Options{Jobs: 2, Timeout: 10 * time.Second}
	if s := os.Getenv("GPREDICT_BENCH_TIMEOUT"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil {
			b.Fatalf("GPREDICT_BENCH_TIMEOUT: %v", err)
		}
		opts.Timeout = d
	}
	if os.Getenv("GPREDICT_BENCH_STUB") != "" {
		b.Logf("no solver linked in: solver calls answered by a stub")
		opts.NewDecider = func(*trace.Trace, trace.BranchModel, DeciderOptions) Decider { return stubDecider{} }
	}
	var res *Result
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var err error
		res, err = Run(context.Background(), tr, []PropertyInput{in}, opts)
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(res.Stats.Events), "events")
	b.ReportMetric(float64(res.Stats.Candidates), "candidates")
	b.ReportMetric(float64(res.Stats.Prefiltered), "prefiltered")
	b.ReportMetric(float64(res.Stats.SolverCalls), "solvercalls")
	b.ReportMetric(float64(len(res.Violations)), "violations")
	b.ReportMetric(float64(len(res.Unknown)), "unknown")
}

func BenchmarkRace(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) { benchRun(b, n, raceProp) })
	}
}

func BenchmarkCheckThenAct(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) { benchRun(b, n, checkThenAct) })
	}
}

// dataRace is the catalogue's DataRace property (props/catalog/DataRace.gp,
// read from the file: predict may not import props) matched against tr.
func dataRace(b *testing.B, tr *trace.Trace) PropertyInput {
	const file = "../props/catalog/DataRace.gp"
	src, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	f, diags := spec.Load(file, src)
	if diags.HasErrors() {
		b.Fatal(diags)
	}
	p := f.Properties[0]
	events, err := spec.Match(p, tr)
	if err != nil {
		b.Fatal(err)
	}
	return PropertyInput{Prop: p, Events: events}
}

// BenchmarkDataRaceReal runs DataRace on real recordings of
// testdata/traces (the largest there is Dbcp2, 2,484 events; bigger ones,
// such as jigsaw, are in the sources its README names).
func BenchmarkDataRaceReal(b *testing.B) {
	for _, name := range []string{"Account", "Dbcp1", "Dbcp2"} {
		b.Run(name, func(b *testing.B) {
			path := filepath.Join("..", "testdata", "traces", "std", name+".std")
			tr, err := trace.Read([]string{path}, "")
			if err != nil {
				b.Fatal(err)
			}
			runBench(b, tr, dataRace(b, tr))
		})
	}
}
