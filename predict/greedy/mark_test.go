package greedy

import (
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/predict/closure"
	"gpredict/predict/replay"
	"gpredict/trace"
)

// markTrace is a recorded execution of two threads; its base has a mark
// after every step.
const markTrace = `
main fork w
main write a 1
w write b 1
main write c 1
w write d 1
main write e 1
w write f 1
main write x 1
w write x 2
`

// TestMarkFor: the mark a simulation starts from lies before the chosen
// events and before the target of every derived
// order the base breaks, but not before one the base keeps, which holds
// in every prefix of it — unless asked to be before every order's target
// (the full Build's first start). Moving the mark back for every target
// always, as until 2026-11-29, or ignoring broken orders, fails a case.
func TestMarkFor(t *testing.T) {
	tr := testtrace.Text(t, markTrace)
	x := encode.NewIndex(tr)
	base := NewBase(x, 1)
	if base == nil {
		t.Fatal("no base")
	}
	ref := func(id string) trace.EventRef { return testtrace.Refs(t, tr, id)[0] }
	chosen := testtrace.Refs(t, tr, "main#5 w#4") // the writes of x, base steps 7 and 8
	kept := closure.Edge{From: ref("main#2"), To: ref("w#2")}
	broken := closure.Edge{From: ref("w#3"), To: ref("main#3")}
	tests := []struct {
		name       string
		edges      []closure.Edge
		everyOrder bool
		want       int
	}{
		{"chosen only", nil, false, 7},
		{"an order the base keeps", []closure.Edge{kept}, false, 7},
		{"an order the base breaks", []closure.Edge{broken}, false, base.stepOf(broken.To)},
		{"every order", []closure.Edge{kept}, true, base.stepOf(kept.To)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, ok := base.markFor(chosen, tc.edges, tc.everyOrder)
			if !ok || m.steps != tc.want {
				t.Errorf("mark after %d steps (ok %v), want %d", m.steps, ok, tc.want)
			}
		})
	}
}

// TestWriteWaitsForLastSupply: main's read of x=1 must come before b's
// write of 2, since the only other write of 1 (a's second) follows a's
// chosen event. Several writes give 1, so the read has no single source
// to keep; the simulation must still hold b's write back while the read
// needs the value it would spoil (lastSupply). Without that rule the
// first run takes the write in recorded order and gets stuck.
func TestWriteWaitsForLastSupply(t *testing.T) {
	tr, block := testtrace.Parse(t, `
main fork a
main fork b
a write x 1
b write x 2
b write z 1
a write y 1
a write x 1
main read x 1
main read z 1
main write y 2
`, "a#2 main#5")
	x := encode.NewModelIndex(tr, trace.BranchesImplicit)
	ch := closure.Chain{Groups: [][]trace.EventRef{block}}
	res := closure.Saturate(x, ch, closure.DefaultConfig(false))
	if res.Refuted {
		t.Fatal("the race is refuted")
	}
	steps, why := Explain(x, ch, res)
	if why != "" {
		t.Fatalf("the first run found nothing: %s", why)
	}
	if err := replay.Validate(tr, trace.BranchesImplicit, steps); err != nil {
		t.Fatalf("the schedule is no execution: %v", err)
	}
}
