package predict

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"gpredict/encode"
	"gpredict/internal/tracegen"
	"gpredict/spec"
	"gpredict/trace"
)

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
	tr := tracegen.Workers(n, 1)
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
func dataRace(b testing.TB, tr *trace.Trace) PropertyInput {
	b.Helper()
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
