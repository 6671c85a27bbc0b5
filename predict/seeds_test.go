package predict_test

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"gpredict/encode"
	"gpredict/internal/diag"
	"gpredict/internal/testwitness"
	. "gpredict/predict"
	"gpredict/predict/replay"
	"gpredict/spec"
	"gpredict/trace"
)

// The seed examples of issue 4 through the whole engine: properties as
// .gp text (the catalogue's own files where one fits) loaded with
// spec.Load, matched with spec.Match, decided by Run with the Z3 decider.
// Run replay-validates every witness; the tests re-check each one against
// its pattern too.

func readSeedTrace(t *testing.T, name string) *trace.Trace {
	t.Helper()
	tr, err := trace.Read([]string{filepath.Join("testdata", "seeds", name)}, "")
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// catalogueSpec is the text of a catalogue property file.
func catalogueSpec(t *testing.T, name string) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "props", "catalog", name+".gp"))
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
}

// runSpec runs every property of src on tr under model and returns the
// violations as "Property binding... : ids" strings, in Run's order.
func runSpec(t *testing.T, tr *trace.Trace, src string, model trace.BranchModel) []string {
	t.Helper()
	var inputs []PropertyInput
	for _, p := range loadSpec(t, "seed.gp", src) {
		evs, err := spec.Match(p, tr)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, PropertyInput{Prop: p, Events: evs})
	}
	res, err := Run(context.Background(), tr, inputs, Options{Branches: model, Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Unknown) > 0 {
		t.Fatalf("%d unknown candidates", len(res.Unknown))
	}
	var out []string
	for _, v := range res.Violations {
		checkWitness(t, tr, res.Model, encodeCandidate(v), testwitness.Schedule(t, tr, v))
		out = append(out, violationKey(tr, v.Property.Name, v.Binding, v.Alt, v.Choice))
	}
	return out
}

// FIG. 4 of the patent: (3,10) — T1#3 write x, T2#5 read x — is a race
// only under the explicit branch model (under the implicit one T2's read
// of y at line 8 must still read 1, which orders line 4 and so line 3
// before it); (4,8) is protected by the lock and (12,15) ordered by the
// join, under both models. The catalogue's DataRace lists the read first
// (its pattern is `read(t1) || write(t2) | ...`), so the race is
// alternative 0 with the read at T2#5.
func TestSeedFig4Races(t *testing.T) {
	tr := readSeedTrace(t, "fig4.trace")
	src := catalogueSpec(t, "DataRace")
	for _, tc := range []struct {
		model trace.BranchModel
		want  []string
	}{
		{trace.BranchesExplicit, []string{"DataRace(x) alt 0 [T2#5 T1#3]"}},
		{trace.BranchesImplicit, nil},
	} {
		got := runSpec(t, tr, src, tc.model)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: violations %q, want %q", tc.model, got, tc.want)
		}
	}
	if got := runSpec(t, tr, src, trace.BranchesAuto); len(got) != 1 {
		t.Errorf("auto (the trace has branches, so explicit): %q, want the (3,10) race", got)
	}
}

// FIG. 8 (examples/iterator.trace): exactly one UnsafeIterator violation,
// the iterator i1 of c created at T1#3, c updated by T2#1, i1 used at T1#4.
func TestSeedFig8UnsafeIterator(t *testing.T) {
	tr := readSeedTrace(t, "fig8.trace")
	src := catalogueSpec(t, "UnsafeIterator")
	for _, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
		got := runSpec(t, tr, src, model)
		want := []string{"UnsafeIterator(c,i1) alt 0 [T1#3 T2#1 T1#4]"}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: violations %q, want %q", model, got, want)
		}
	}
}

// FIG. 14: T1 and T2 wait on l, T3 notifies once. Both waiters' releases
// after their waits (T1#3, T2#3) can only both happen if the one notify
// woke both, so no ordering of the two is a violation; each alone after
// T3's release is.
const bothWoken = `
BothWoken() {
  event done before() : unlock();
  pattern: done(t1) done(t2)
}
`

func TestSeedFig14OneNotifyWakesOne(t *testing.T) {
	tr := readSeedTrace(t, "fig14.trace")
	for _, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
		got := runSpec(t, tr, bothWoken, model)
		want := []string{"BothWoken() alt 0 [T3#3 T1#3]", "BothWoken() alt 0 [T3#3 T2#3]"}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: violations %q, want %q", model, got, want)
		}
	}
}

// Velodrome (seed 004, section 2): Thread 2's write can come between the
// read and the write of Thread 1's atomic read-modify-write — the
// catalogue's R-W-W alternative (index 2), and only it.
func TestSeedVelodromeRMW(t *testing.T) {
	tr := readSeedTrace(t, "rmw.trace")
	src := catalogueSpec(t, "AtomicityViolation")
	for _, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
		got := runSpec(t, tr, src, model)
		want := []string{"AtomicityViolation(x) alt 2 [T1#1 T1#2 T2#1 T1#3 T1#4]"}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: violations %q, want %q", model, got, want)
		}
	}
}

// wrongDecider claims every candidate with the same schedule.
type wrongDecider struct{ sched []replay.Step }

func (d wrongDecider) Decide(encode.Candidate) Decision {
	return Decision{Verdict: Sat, Schedule: d.sched}
}
func (wrongDecider) Close() {}

// A deliberately wrong witness never becomes a report: the explicit-model
// witness of the FIG. 4 race, claimed under the implicit model, lets T2's
// read of y (line 8) read a value it did not read before another event
// of T2 — the replay validator rejects it and Run fails with a witness
// error (diag.CodeWitness) instead of reporting. A witness that is a feasible
// schedule but leaves the race's events apart fails the pattern check.
func TestSeedWrongWitnessRejected(t *testing.T) {
	tr := readSeedTrace(t, "fig4.trace")
	props := loadSpec(t, "DataRace.gp", catalogueSpec(t, "DataRace"))
	evs, err := spec.Match(props[0], tr)
	if err != nil {
		t.Fatal(err)
	}
	in := []PropertyInput{{Prop: props[0], Events: evs}}
	res, err := Run(context.Background(), tr, in, Options{Branches: trace.BranchesExplicit, Jobs: 1})
	if err != nil || len(res.Violations) != 1 {
		t.Fatalf("explicit: %v, %d violations", err, len(res.Violations))
	}
	explicitWitness := testwitness.Schedule(t, tr, res.Violations[0])
	if err := replay.Validate(tr, trace.BranchesImplicit, explicitWitness); err == nil {
		t.Fatalf("the explicit witness %v should not be feasible under the implicit model", explicitWitness)
	}
	// The recorded order (the file's line order) is feasible under both
	// models, but T1#3 and T2#5 are not adjacent in it.
	var recorded []replay.Step
	for _, id := range []string{"T1#1", "T1#2", "T1#3", "T1#4", "T1#5", "T2#1", "T2#2", "T2#3", "T2#4", "T2#5"} {
		r, ok := tr.Ref(id)
		if !ok {
			t.Fatalf("no event %s", id)
		}
		recorded = append(recorded, replay.Step{Ref: r})
	}
	if err := replay.Validate(tr, trace.BranchesExplicit, recorded); err != nil {
		t.Fatalf("the recorded prefix should be feasible: %v", err)
	}
	for _, tc := range []struct {
		name  string
		model trace.BranchModel
		sched []replay.Step
	}{
		{"non-adjacent race", trace.BranchesExplicit, recorded},
	} {
		_, err := Run(context.Background(), tr, in, Options{Branches: tc.model, Jobs: 1,
			NewDecider: func(*trace.Trace, trace.BranchModel, DeciderOptions) Decider { return wrongDecider{tc.sched} }})
		if diag.CodeOf(err) != diag.CodeWitness {
			t.Errorf("%s: err = %v, want a witness error", tc.name, err)
		}
	}
	// Under the implicit model the must-read-from edges of the pre-filter
	// already prove the race (3,10) impossible, so no decider is asked and
	// the wrong witness above (rejected by Validate) never comes up.
	res, err = Run(context.Background(), tr, in, Options{Branches: trace.BranchesImplicit, Jobs: 1,
		NewDecider: func(*trace.Trace, trace.BranchModel, DeciderOptions) Decider { return wrongDecider{explicitWitness} }})
	if err != nil || len(res.Violations) != 0 || res.Stats.SolverCalls != 0 {
		t.Errorf("implicit: err %v, %d violations, %d solver calls; want the pre-filter to rule the race out", err, len(res.Violations), res.Stats.SolverCalls)
	}
}
