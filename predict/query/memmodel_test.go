package query

import (
	"math/rand"
	"os"
	"strconv"
	"testing"

	"gpredict/encode"
	"gpredict/internal/explore"
	"gpredict/internal/tracegen"
	"gpredict/predict/smt"
	"gpredict/predict/stage"
	"gpredict/trace"
)

// The answers agree with the reference explorer under every memory model
// (docs/semantics.md, rule 6) on random small traces: plain accesses and
// fences (tracegen.Accesses), where the models differ, and one trace in
// four with every kind of event, sometimes with a volatile variable,
// under both branch models. Questions on which the explorer's answers
// under SC and under TSO or PSO differ are rare among random ones, so
// each trace's questions are drawn from many: those the explorer says the
// models disagree on first, then as many others, all asked of gpredict.
func TestDifferentialMemoryModels(t *testing.T) {
	seeds := int64(48)
	if s := os.Getenv("GPREDICT_MM_SEEDS"); s != "" {
		seeds, _ = strconv.ParseInt(s, 10, 64) // a larger sweep, run by hand
	}
	if testing.Short() {
		seeds = 20
	}
	mismatches, asked := 0, 0
	relaxedOnly := map[trace.MemoryModel]int{}
	commitAsked := map[bool]int{} // questions with a commit point, by answer
	models := []trace.MemoryModel{trace.SC, trace.TSO, trace.PSO}
	for seed := int64(0); seed < seeds; seed++ {
		r := rand.New(rand.NewSource(seed))
		var tr *trace.Trace
		if seed%4 == 0 {
			tr = tracegen.Random(r, tracegen.Config{Events: 5 + r.Intn(4), FenceWeight: 1})
		} else {
			tr = tracegen.Accesses(r, seed%2 == 0)
		}
		if seed%5 == 0 {
			markVolatile(r, tr)
		}
		model := []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit}[seed%2]
		type question struct {
			q    *Query
			want []bool // per model
		}
		var differ, same []question
		for k := 0; k < 40; k++ {
			q := readsQuery(r, tr)
			if k%4 == 0 {
				q = randomQuery(r, tr)
			}
			orders, reads := explorerQuery(tr, q)
			qu := question{q: q}
			for _, mem := range models {
				ok, _ := explore.QueryIn(tr, model, mem, orders, reads)
				qu.want = append(qu.want, ok)
			}
			if qu.want[0] != qu.want[1] || qu.want[0] != qu.want[2] {
				differ = append(differ, qu)
			} else {
				same = append(same, qu)
			}
		}
		// Orders with a write's commit step, which only the relaxed
		// models have (commit.go).
		for k := 0; k < 2; k++ {
			q := commitQuery(r, tr)
			if q == nil {
				break
			}
			orders, reads := explorerQuery(tr, q)
			for _, mem := range models[1:] {
				asked++
				want, _ := explore.QueryIn(tr, model, mem, orders, reads)
				if verdict := verdictOf(t, tr, q, model, mem, asked%10 == 0); want != (verdict == stage.Sat) || verdict == stage.Unknown {
					mismatches++
					t.Errorf("seed %d %s %s %s: gpredict says %s, the explorer %v\n%s", seed, model, mem, describe(tr, q), verdict, want, dump(tr))
				}
				commitAsked[want]++
			}
		}
		for _, qu := range append(differ, same[:min(len(same), max(2, len(differ)))]...) {
			for i, mem := range models {
				asked++
				if verdict := verdictOf(t, tr, qu.q, model, mem, asked%10 == 0); qu.want[i] != (verdict == stage.Sat) || verdict == stage.Unknown {
					mismatches++
					t.Errorf("seed %d %s %s %s: gpredict says %s, the explorer %v\n%s",
						seed, model, mem, describe(tr, qu.q), verdict, qu.want[i], dump(tr))
				}
				if i > 0 && qu.want[i] && !qu.want[0] {
					relaxedOnly[mem]++
				}
			}
		}
	}
	t.Logf("%d questions, %d mismatches; possible only under a relaxed model: %v; with a commit point, yes/no: %d/%d",
		asked, mismatches, relaxedOnly, commitAsked[true], commitAsked[false])
	if commitAsked[true] == 0 || commitAsked[false] == 0 {
		t.Errorf("the questions with a commit point were all answered alike: %v", commitAsked)
	}
	if relaxedOnly[trace.TSO] < 3 || relaxedOnly[trace.PSO] <= relaxedOnly[trace.TSO] {
		t.Errorf("the sweep met too few relaxed-only answers (%v): TSO must have some, PSO more", relaxedOnly)
	}
}

// verdictOf answers q as Ask does (whole, when ask says so), or, to keep the
// sweep fast, by the encoding alone without Ask's must-happen-before
// shortcut and the minimisation of its explanation; a yes is checked by
// the replay validator either way.
func verdictOf(t *testing.T, tr *trace.Trace, q *Query, model trace.BranchModel, mem trace.MemoryModel, ask bool) stage.Verdict {
	t.Helper()
	if ask {
		ans, err := Ask(tr, q, Options{Branches: model, Mem: mem})
		if err != nil {
			t.Fatalf("%s %s %s: %v\n%s", model, mem, describe(tr, q), err, dump(tr))
		}
		return ans.Verdict
	}
	idx := encode.NewIndex(tr)
	sl, err := idx.Close(encode.Limits{}, events(tr, q), nil)
	if err != nil {
		t.Fatal(err)
	}
	prob := encode.NewProblemIn(idx, model, mem, sl)
	cs, _ := conditions(prob, q)
	enc := prob.With(cs)
	res := smt.DecideWithCore(enc, enc.All(), smt.CoreConfig{})
	if res.Verdict == stage.Sat {
		if err := CheckIn(tr, model, mem, q, res.Schedule); err != nil {
			t.Fatalf("%s %s %s: the witness fails: %v\n%s", model, mem, describe(tr, q), err, dump(tr))
		}
	}
	return res.Verdict
}

// readsQuery asks for two or three reads to return values written to
// their variables or, half of the time, the initial value: the shape of
// the litmus tests.
func readsQuery(r *rand.Rand, tr *trace.Trace) *Query {
	var reads []trace.EventRef
	for _, th := range tr.Threads {
		for i := range th.Events {
			if th.Events[i].Op == trace.OpRead {
				reads = append(reads, trace.EventRef{Thread: th.ID, Index: uint32(i)})
			}
		}
	}
	if len(reads) == 0 {
		return randomQuery(r, tr)
	}
	q := &Query{}
	for _, k := range r.Perm(len(reads))[:min(len(reads), 2+r.Intn(2))] {
		ev := tr.Event(reads[k])
		values := []string{tr.Str(tr.InitValue(ev.Obj))}
		for _, th := range tr.Threads {
			for _, w := range th.Events {
				if w.Op == trace.OpWrite && w.Obj == ev.Obj {
					values = append(values, tr.Str(w.Val))
				}
			}
		}
		v := values[r.Intn(len(values))]
		if r.Intn(2) == 0 {
			v = values[0] // a stale value: what store buffers let a read see
		}
		q.Reads = append(q.Reads, Read{Event: reads[k], Value: v})
	}
	return q
}

// commitQuery asks for a buffered write's commit before or after another
// point, and sometimes a read's value too (nil if the trace has no
// buffered write).
func commitQuery(r *rand.Rand, tr *trace.Trace) *Query {
	var writes []trace.EventRef
	for _, th := range tr.Threads {
		for i, ev := range th.Events {
			if ev.Op == trace.OpWrite && !tr.Volatile[ev.Obj] {
				writes = append(writes, trace.EventRef{Thread: th.ID, Index: uint32(i)})
			}
		}
	}
	if len(writes) == 0 {
		return nil
	}
	q := randomQuery(r, tr)
	c := Point{Event: writes[r.Intn(len(writes))], Part: encode.Commit}
	o := q.Orders
	if len(o) == 0 {
		o = []Order{{A: Point{Event: writes[0]}, B: c}}
	} else if r.Intn(2) == 0 {
		o[0].A = c
	} else {
		o[0].B = c
	}
	if o[0].A == o[0].B {
		o[0].A = Point{Event: o[0].A.Event}
	}
	q.Orders = o
	return q
}

// markVolatile declares one of the trace's variables volatile: the
// recorded values stay consistent (volatile changes nothing under SC).
func markVolatile(r *rand.Rand, tr *trace.Trace) {
	var vars []trace.Sym
	for _, th := range tr.Threads {
		for _, ev := range th.Events {
			if ev.Op.IsAccess() {
				vars = append(vars, ev.Obj)
			}
		}
	}
	if len(vars) > 0 {
		tr.Volatile[vars[r.Intn(len(vars))]] = true
	}
}
