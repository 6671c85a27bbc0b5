package explore

import (
	"math/rand"
	"sort"
	"testing"
	"time"

	"gpredict/internal/tracegen"
	"gpredict/predict/replay"
	"gpredict/spec"
	"gpredict/trace"
)

// The explorer's step relation and the replay validator are written
// independently; on random traces they must agree on every prefix: each
// path the explorer reaches validates, and every step the explorer never
// allows after a path (whatever waiter the notifies woke) is rejected.
func TestStepRelationAgreesWithReplay(t *testing.T) {
	for seed := int64(0); seed < 150; seed++ {
		tr := tracegen.Random(rand.New(rand.NewSource(seed)), tracegen.Config{Events: 7})
		for _, model := range []trace.BranchModel{imp, exp} {
			allowed := map[string]map[replay.Step]bool{}
			var paths [][]replay.Step
			var walk func(s *state)
			walk = func(s *state) {
				k := formatSched(tr, s.path)
				if allowed[k] == nil {
					allowed[k] = map[replay.Step]bool{}
					paths = append(paths, s.path)
				}
				for _, n := range successors(tr, model, s) {
					allowed[k][n.path[len(n.path)-1]] = true
					walk(n)
				}
			}
			walk(newState(tr))
			for _, p := range paths {
				if err := replay.Validate(tr, model, p); err != nil {
					t.Fatalf("seed %d %s: explorer path rejected: %v\n%s", seed, model, err, formatSched(tr, p))
				}
				for _, st := range allSteps(tr) {
					if allowed[formatSched(tr, p)][st] {
						continue
					}
					ext := append(append([]replay.Step(nil), p...), st)
					if replay.Validate(tr, model, ext) == nil {
						t.Fatalf("seed %d %s: replay accepts %s after %s; the explorer does not", seed, model, st.Format(tr), formatSched(tr, p))
					}
				}
			}
		}
	}
}

func allSteps(tr *trace.Trace) []replay.Step {
	var out []replay.Step
	for _, th := range tr.Threads {
		for i, e := range th.Events {
			r := trace.EventRef{Thread: th.ID, Index: uint32(i)}
			if e.Op == trace.OpWait {
				out = append(out, replay.Step{Ref: r, Part: replay.Release}, replay.Step{Ref: r, Part: replay.Wake}, replay.Step{Ref: r, Part: replay.Reacquire})
			} else {
				out = append(out, replay.Step{Ref: r})
			}
		}
	}
	return out
}

// randomProperties are the four kinds of property of the differential
// tests, with their property events on a trace.
func randomProperties(tr *trace.Trace) map[string]struct {
	p      *spec.Property
	events [][]spec.PropEvent
} {
	access := func(d int, e *trace.Event) ([]trace.Sym, bool) {
		switch d {
		case 0:
			return []trace.Sym{e.Obj}, e.Op == trace.OpWrite
		case 1:
			return []trace.Sym{e.Obj}, e.Op.IsAccess()
		case 2:
			return []trace.Sym{e.Obj}, e.Op == trace.OpRead
		}
		return nil, false
	}
	atomic := func(d int, e *trace.Event) ([]trace.Sym, bool) {
		isAtomic := e.Op.IsInvocation() && tr.Str(e.Obj) == "atomic()"
		switch d {
		case 0:
			return []trace.Sym{}, isAtomic && e.Op == trace.OpEnter
		case 1:
			return []trace.Sym{}, isAtomic && e.Op == trace.OpExit
		}
		return []trace.Sym{}, e.Op == trace.OpWrite
	}
	out := map[string]struct {
		p      *spec.Property
		events [][]spec.PropEvent
	}{}
	add := func(name string, p *spec.Property, sel func(int, *trace.Event) ([]trace.Sym, bool)) {
		out[name] = struct {
			p      *spec.Property
			events [][]spec.PropEvent
		}{p, matchBy(tr, len(p.Events), sel)}
	}
	add("race", raceProperty(), access)
	add("order", property([]string{"v"}, []string{"w", "a", "r"},
		node(spec.PatSeq, ev(0), ev(1), ev(2)), occ("w", 0, "t1"), occ("a", 1, "t2"), occ("r", 2, "t1")), access)
	add("atomic", property(nil, []string{"begin", "end", "w"},
		node(spec.PatSeq, ev(0), ev(1), ev(2)),
		spec.Occurrence{Event: "begin", Decl: 0, Thread: "t1", Region: "r"}, occ("w", 2, "t2"),
		spec.Occurrence{Event: "end", Decl: 1, Thread: "t1", Region: "r", RegionEnd: true}), atomic)
	add("negated", property([]string{"v"}, []string{"w", "a", "r"},
		node(spec.PatSeq, ev(0), node(spec.PatNot, node(spec.PatSeq, ev(1), ev(2)))),
		occ("w", 0, "t1"), occ("a", 1, "t2"), occ("r", 2, "t1")), access)
	return out
}

// Every witness the explorer reports on random traces is accepted by the
// replay validator; the time per trace is logged (median and max).
func TestRandomWitnessesValidate(t *testing.T) {
	n := 500
	if testing.Short() {
		n = 100
	}
	times := map[string][]time.Duration{}
	total := map[string]int{}
	busy := map[string][]time.Duration{} // runs with at least one candidate
	for seed := int64(0); seed < int64(n); seed++ {
		tr := tracegen.Random(rand.New(rand.NewSource(seed)), tracegen.Config{Events: 14})
		for name, pe := range randomProperties(tr) {
			for _, model := range []trace.BranchModel{imp, exp} {
				start := time.Now()
				vs := Violations(tr, model, pe.p, pe.events)
				times[name] = append(times[name], time.Since(start))
				for _, b := range bindings(tr, len(pe.p.Params), pe.events) {
					if len(Choices(&pe.p.Normal.Alts[0], b, pe.events)) > 0 {
						busy[name] = append(busy[name], time.Since(start))
						break
					}
				}
				total[name] += len(vs)
				for _, v := range vs {
					checkWitness(t, tr, model, &pe.p.Normal.Alts[v.Alt], v.Choice, v.Schedule)
				}
			}
		}
	}
	for name, ds := range times {
		sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
		t.Logf("%-8s %d runs, %d violations, median %v, p99 %v, max %v", name, len(ds), total[name], ds[len(ds)/2], ds[len(ds)*99/100], ds[len(ds)-1])
		if b := busy[name]; len(b) > 0 {
			sort.Slice(b, func(i, j int) bool { return b[i] < b[j] })
			t.Logf("%-8s %d runs with candidates: median %v", name, len(b), b[len(b)/2])
		}
	}
}
