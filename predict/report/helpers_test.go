package report

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"gpredict/encode"
	"gpredict/internal/explore"
	"gpredict/predict"
	"gpredict/spec"
	"gpredict/trace"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// The properties of the report tests, written in the property language
// (docs/language.md) so that the results are those of real properties.
const testProps = `
// FIG. 10 after quantifier removal.
UnsafeIterator(Collection c, Iterator i) {
  event create after(Collection c) returning(Iterator i) : call(* ArrayList.iterator()) && target(c);
  event update after(Collection c) : call(* ArrayList.add(..)) && target(c);
  event next before(Iterator i) : call(* Iterator.next()) && target(i);
  pattern: create update next
}
// Two accesses to one variable that can be adjacent.
Race(Object v) {
  event acc before(Object v) : (get(* *) || set(* *)) && location(v);
  pattern: acc(t1) || acc(t2)
}
// A read and a write of one variable that can be adjacent.
ReadWrite(Object v) {
  event rd before(Object v) : get(* *) && location(v);
  event wr before(Object v) : set(* *) && location(v);
  pattern: rd(t1) || wr(t2)
}
`

// property returns the test property named name, matched against tr.
func property(t testing.TB, tr *trace.Trace, name string) predict.PropertyInput {
	t.Helper()
	f, diags := spec.Load("test.gp", []byte(testProps))
	if diags.HasErrors() {
		t.Fatal(diags.Render([]byte(testProps)))
	}
	for _, p := range f.Properties {
		if p.Name == name {
			events, err := spec.Match(p, tr)
			if err != nil {
				t.Fatal(err)
			}
			return predict.PropertyInput{Prop: p, Events: events}
		}
	}
	t.Fatalf("no test property %s", name)
	return predict.PropertyInput{}
}

// fig8 is examples/iterator.trace, the collection-iteration bug of FIG. 8
// of the GPredict patent.
func fig8(t testing.TB) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "..", "examples", "iterator.trace"))
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
}

// exploreDecider decides by the brute-force reference explorer: the
// witnesses of the golden files do not depend on the solver's choices.
type exploreDecider struct {
	tr    *trace.Trace
	model trace.BranchModel
}

func (d exploreDecider) Close() {}

func (d exploreDecider) Decide(c encode.Candidate) predict.Decision {
	if ok, sched := explore.Decide(d.tr, d.model, c); ok {
		return predict.Decision{Verdict: predict.Sat, Schedule: sched}
	}
	return predict.Decision{Verdict: predict.Unsat}
}

func newExplore(tr *trace.Trace, model trace.BranchModel, _ predict.DeciderOptions) predict.Decider {
	return exploreDecider{tr: tr, model: model}
}

// run runs the engine on tr with the explorer as decider (or newDecider),
// and zeroes the wall time, which is not reproducible.
func run(t testing.TB, tr *trace.Trace, all bool, newDecider func(*trace.Trace, trace.BranchModel, predict.DeciderOptions) predict.Decider, props ...predict.PropertyInput) *predict.Result {
	t.Helper()
	if newDecider == nil {
		newDecider = newExplore
	}
	res, err := predict.Run(context.Background(), tr, props, predict.Options{Jobs: 2, All: all, NewDecider: newDecider})
	if err != nil {
		t.Fatal(err)
	}
	res.Stats.Seconds = 0
	return res
}

// checkGolden compares got with testdata/golden/name, or rewrites it with
// -update.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	golden := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if string(got) != string(want) {
		t.Errorf("%s differs from golden:\n%s", golden, got)
	}
}
