package predict

import (
	"context"
	"fmt"
	"math/rand"
	"testing"

	"gpredict/encode"
	"gpredict/spec"
	"gpredict/trace"
)

// genTrace builds a deterministic, realistic trace of about n events: a
// main thread forks workers and joins them; each worker runs operations
// on shared state — lock-protected field updates, unprotected flag reads
// and writes, and Map get/remove invocations (check-then-act) with and
// without the map's lock. The number of variables and keys grows with n so
// that each variable sees a bounded number of accesses, as in real runs.
func genTrace(n int, seed int64) *trace.Trace {
	r := rand.New(rand.NewSource(seed))
	b := trace.NewBuilder()
	sy := b.Syms()
	const workers = 4
	nVars := max(4, n/40)
	nKeys := max(4, n/60)
	pos := trace.Pos{File: "gen.trace"}
	emit := func(th string, e trace.Event) {
		pos.Line++
		if err := b.Event(pos, sy.Intern(th), e); err != nil {
			panic(err)
		}
	}
	val := 0
	next := func() trace.Sym { val++; return sy.Intern(fmt.Sprint(val)) }
	loc := func(k int) trace.Sym { return sy.Intern(fmt.Sprintf("Gen.java:%d", k)) }
	getSig, remSig := sy.Intern("Object Map.get(Object)"), sy.Intern("Object Map.remove(Object)")
	m := sy.Intern("m")
	for w := 1; w <= workers; w++ {
		emit("main", trace.Event{Op: trace.OpFork, Obj: sy.Intern(fmt.Sprint("W", w))})
	}
	perWorker := n / workers
	for w := 1; w <= workers; w++ {
		th := fmt.Sprint("W", w)
		for count := 0; count < perWorker; {
			v := sy.Intern(fmt.Sprintf("o%d.f", r.Intn(nVars)))
			switch k := r.Intn(10); {
			case k < 4: // locked read-modify-write
				l := sy.Intern(fmt.Sprint("l", r.Intn(3)))
				emit(th, trace.Event{Op: trace.OpAcquire, Obj: l})
				emit(th, trace.Event{Op: trace.OpRead, Obj: v, Val: sy.Intern("0"), Loc: loc(10 + k)})
				emit(th, trace.Event{Op: trace.OpWrite, Obj: v, Val: next(), Loc: loc(20 + k)})
				emit(th, trace.Event{Op: trace.OpRelease, Obj: l})
				count += 4
			case k < 6: // unprotected flag
				emit(th, trace.Event{Op: trace.OpWrite, Obj: v, Val: next(), Loc: loc(30 + k)})
				count++
			case k < 8: // check-then-act on the map
				key := sy.Intern(fmt.Sprint("k", r.Intn(nKeys)))
				emit(th, trace.Event{Op: trace.OpCall, Obj: getSig, Target: m, Args: b.Args([]trace.Sym{key}), Result: next(), Loc: loc(40)})
				emit(th, trace.Event{Op: trace.OpBranch})
				emit(th, trace.Event{Op: trace.OpCall, Obj: remSig, Target: m, Args: b.Args([]trace.Sym{key}), Result: next(), Loc: loc(41)})
				count += 3
			default: // local work
				emit(th, trace.Event{Op: trace.OpBranch})
				count++
			}
		}
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
	in := mk(tr)
	opts := Options{Jobs: 2, Timeout: 0}
	if defaultDecider == nil {
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
