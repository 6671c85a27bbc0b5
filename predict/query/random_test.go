package query

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"gpredict/encode"
	"gpredict/internal/explore"
	"gpredict/internal/tracegen"
	"gpredict/predict/explain"
	"gpredict/predict/replay"
	"gpredict/predict/smt"
	"gpredict/predict/stage"
	"gpredict/trace"
)

// randomQuery asks about a random trace: one or two orders between
// random points (a wait's parts included), and sometimes a read's value
// (its recorded one, another value written to its variable, the initial
// value, or one nobody writes).
func randomQuery(r *rand.Rand, tr *trace.Trace) *Query {
	var all []trace.EventRef
	var reads []trace.EventRef
	for _, th := range tr.Threads {
		for i := range th.Events {
			e := trace.EventRef{Thread: th.ID, Index: uint32(i)}
			all = append(all, e)
			if th.Events[i].Op == trace.OpRead {
				reads = append(reads, e)
			}
		}
	}
	point := func() Point {
		e := all[r.Intn(len(all))]
		p := Point{Event: e}
		if tr.Event(e).Op == trace.OpWait && r.Intn(2) == 0 {
			p.Part = encode.Part(1 + r.Intn(3))
		}
		return p
	}
	// Orders between events that program order, fork and join leave
	// unordered are the interesting ones (the others are settled by
	// must-happen-before): most orders are drawn among them.
	idx := encode.NewIndex(tr)
	concurrent := func(a, b Point) bool {
		return a.Event != b.Event && !idx.Before(a.Event, b.Event) && !idx.Before(b.Event, a.Event)
	}
	q := &Query{}
	for n := 1 + r.Intn(2); len(q.Orders) < n; {
		a, b := point(), point()
		for try := 0; try < 20 && r.Intn(4) > 0 && !concurrent(a, b); try++ {
			a, b = point(), point()
		}
		if a != b {
			q.Orders = append(q.Orders, Order{A: a, B: b})
		}
	}
	if len(reads) > 0 && r.Intn(3) > 0 {
		e := reads[r.Intn(len(reads))]
		ev := tr.Event(e)
		values := []string{tr.Str(ev.Val), tr.Str(tr.InitValue(ev.Obj)), "never-written"}
		for _, th := range tr.Threads {
			for _, w := range th.Events {
				if w.Op == trace.OpWrite && w.Obj == ev.Obj {
					values = append(values, tr.Str(w.Val))
				}
			}
		}
		q.Reads = append(q.Reads, Read{Event: e, Value: values[r.Intn(len(values))]})
	}
	if r.Intn(4) == 0 { // sometimes only a read
		q.Orders = nil
		if len(q.Reads) == 0 {
			q.Orders = []Order{{A: point(), B: point()}}
			if q.Orders[0].A == q.Orders[0].B {
				q.Orders = nil
			}
		}
	}
	if len(q.Orders) == 0 && len(q.Reads) == 0 {
		q.Orders = []Order{{A: Point{Event: all[0]}, B: Point{Event: all[len(all)-1]}}}
	}
	return q
}

// explorerQuery is q for the reference explorer.
func explorerQuery(tr *trace.Trace, q *Query) ([]explore.StepOrder, []explore.ReadValue) {
	step := func(s encode.Step) replay.Step { return s }
	var orders []explore.StepOrder
	for _, o := range q.Orders {
		orders = append(orders, explore.StepOrder{Before: step(o.A.last(tr)), After: step(o.B.first(tr))})
	}
	var reads []explore.ReadValue
	for _, r := range q.Reads {
		reads = append(reads, explore.ReadValue{Read: r.Event, Value: r.Value})
	}
	return orders, reads
}

func describe(tr *trace.Trace, q *Query) string {
	return fmt.Sprint(asked(tr, q))
}

// The answers agree with the brute-force explorer of docs/semantics.md on
// random small traces, under both branch models; every yes comes with a
// witness that Check accepts (Ask fails otherwise), and every fact of every
// no holds in the trace (explain.Verify).
func TestDifferential(t *testing.T) {
	kinds := map[string]int{}
	for seed := int64(0); seed < 200; seed++ {
		r := rand.New(rand.NewSource(seed))
		cfg := tracegen.Config{Events: 6 + r.Intn(5)}
		if seed%4 == 0 {
			cfg.WaitWeight = 4
		}
		if seed%7 == 3 { // Go's lock kinds: orders against a writer's request meet writer preference
			cfg.LockKinds, cfg.SharedWeight = true, 3
		}
		tr := tracegen.Random(r, cfg)
		if seed%5 == 0 {
			// Lock sections with shared reads between them: questions
			// that locks and read values refute.
			tr = tracegen.Sections(r, tracegen.SectionsConfig{Threads: 2, Locks: 3, Sections: 1})
		}
		for k := 0; k < 6; k++ {
			model := []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit}[k%2]
			q := randomQuery(r, tr)
			ans, err := Ask(tr, q, Options{Branches: model})
			if err != nil {
				t.Fatalf("seed %d %s %s: %v", seed, model, describe(tr, q), err)
			}
			orders, reads := explorerQuery(tr, q)
			want, sched := explore.Query(tr, model, orders, reads)
			if want != (ans.Verdict == stage.Sat) || ans.Verdict == stage.Unknown {
				t.Fatalf("seed %d %s %s: gpredict says %s, the explorer %v (its schedule: %v)\n%s",
					seed, model, describe(tr, q), ans.Verdict, want, sched, dump(tr))
			}
			if ans.Verdict != stage.Unsat {
				continue
			}
			kinds[ans.Explanation.By]++
			for _, f := range ans.Explanation.Facts {
				kinds[string(f.Kind)]++
				if err := explain.Verify(tr, model, f); err != nil {
					t.Fatalf("seed %d %s %s: %v\n%s", seed, model, describe(tr, q), err, dump(tr))
				}
			}
		}
	}
	t.Logf("explanations and facts: %v", kinds)
	// The random queries must reach both sources of explanations and the
	// main kinds of facts, or the test proves little.
	for _, k := range []string{explain.ByMHB, explain.BySolver, string(explain.ProgramOrder), string(explain.Fork),
		string(explain.ReadValue), string(explain.AskedRead), string(explain.LockExclusion)} {
		if kinds[k] == 0 {
			t.Errorf("no explanation used %s (counts: %v)", k, kinds)
		}
	}
}

// A minimal core is one: every constraint it keeps is needed. Checked by
// deciding the core without each of its constraints in turn.
func TestCoresAreMinimal(t *testing.T) {
	checked := 0
	for seed := int64(0); seed < 60 && checked < 12; seed++ {
		r := rand.New(rand.NewSource(seed))
		tr := tracegen.Random(r, tracegen.Config{Events: 8})
		q := randomQuery(r, tr)
		model := trace.BranchesImplicit
		idx := encode.NewIndex(tr)
		sl, err := idx.Close(encode.Limits{}, events(tr, q), nil)
		if err != nil {
			t.Fatal(err)
		}
		prob := encode.NewProblem(idx, model, sl)
		asked, _ := conditions(prob, q)
		enc := prob.With(asked)
		cs := enc.All()
		res := smt.DecideWithCore(enc, cs, smt.CoreConfig{MaxChecks: smt.DefaultCoreChecks, Rank: explain.Rank})
		if res.Verdict != stage.Unsat {
			continue
		}
		checked++
		if !res.Minimal {
			t.Fatalf("seed %d: the core was not minimised", seed)
		}
		core := make([]encode.Constraint, len(res.Core))
		for i, k := range res.Core {
			core[i] = cs[k]
		}
		if again := smt.DecideWithCore(enc, core, smt.CoreConfig{}); again.Verdict != stage.Unsat {
			t.Fatalf("seed %d: the core alone is %s", seed, again.Verdict)
		}
		for i := range core {
			without := append(append([]encode.Constraint(nil), core[:i]...), core[i+1:]...)
			if res := smt.DecideWithCore(enc, without, smt.CoreConfig{}); res.Verdict != stage.Sat {
				t.Fatalf("seed %d: the core without %q is still %s", seed, core[i].Origin.Why, res.Verdict)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no random query was refuted by the solver")
	}
}

// dump is the trace as a text file, for failure messages.
func dump(tr *trace.Trace) string {
	var b strings.Builder
	if err := trace.WriteText(&b, tr); err != nil {
		return err.Error()
	}
	return b.String()
}
