package explore

import (
	"math/rand"
	"slices"
	"testing"

	"gpredict/internal/tracegen"
	"gpredict/predict/replay"
	"gpredict/trace"
)

func TestQuery(t *testing.T) {
	tr := readTrace(t, "fig8.trace")
	step := func(id string) replay.Step { return replay.Step{Ref: ref(t, tr, id)} }
	cases := []struct {
		orders [][2]string
		want   bool
	}{
		{[][2]string{{"T1#3", "T2#1"}, {"T2#1", "T1#4"}}, true},
		{[][2]string{{"T2#1", "T1#2"}}, false}, // T1#2 forks T2
		{[][2]string{{"T2#3", "T2#1"}}, false}, // program order
	}
	for _, c := range cases {
		var orders []StepOrder
		for _, o := range c.orders {
			orders = append(orders, StepOrder{Before: step(o[0]), After: step(o[1])})
		}
		ok, sched := Query(tr, imp, orders, nil)
		if ok != c.want {
			t.Errorf("%v: %v, want %v", c.orders, ok, c.want)
		}
		if ok {
			checkQuery(t, tr, imp, orders, nil, sched)
		}
	}
}

// On random traces, every schedule Query returns is feasible (the replay
// validator) and meets the conditions, read off the replay.
func TestQuerySchedulesHold(t *testing.T) {
	found := 0
	for seed := int64(0); seed < 80; seed++ {
		r := rand.New(rand.NewSource(seed))
		tr := tracegen.Random(r, tracegen.Config{Events: 7})
		steps := allSteps(tr)
		orders := []StepOrder{{Before: steps[r.Intn(len(steps))], After: steps[r.Intn(len(steps))]}}
		var reads []ReadValue
		for _, s := range steps {
			if ev := tr.Event(s.Ref); ev.Op == trace.OpRead && r.Intn(2) == 0 {
				reads = append(reads, ReadValue{Read: s.Ref, Value: []string{"0", "1", "2"}[r.Intn(3)]})
				break
			}
		}
		for _, model := range []trace.BranchModel{imp, exp} {
			if ok, sched := Query(tr, model, orders, reads); ok {
				found++
				checkQuery(t, tr, model, orders, reads, sched)
			}
		}
	}
	if found == 0 {
		t.Fatal("no random query has an answer")
	}
}

func checkQuery(t *testing.T, tr *trace.Trace, model trace.BranchModel, orders []StepOrder, reads []ReadValue, sched []replay.Step) {
	t.Helper()
	if err := replay.Validate(tr, model, sched); err != nil {
		t.Fatalf("%v: %v", formatSched(tr, sched), err)
	}
	for _, o := range orders {
		i, j := slices.Index(sched, o.Before), slices.Index(sched, o.After)
		if i < 0 || j < 0 || i >= j {
			t.Fatalf("%v: %s does not come before %s", formatSched(tr, sched), o.Before.Format(tr), o.After.Format(tr))
		}
	}
	seen, err := replay.NewChecker(tr).ReadsSeen(sched)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range reads {
		if s, ok := seen[r.Read]; !ok || !s.Known || tr.Str(s.Value) != r.Value {
			t.Fatalf("%v: %s does not read %s", formatSched(tr, sched), tr.ID(r.Read), r.Value)
		}
	}
}
