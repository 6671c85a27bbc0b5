package predict_test

import (
	"context"
	"testing"

	"gpredict/internal/testtrace"
	. "gpredict/predict"
	"gpredict/predict/explain"
)

// TestExplainSkipsUnformed: --explain leaves out a property with an
// entry for candidates never formed (the memory budget stopped forming):
// the run did not decide all of its candidates, so none of them is
// explained as refuted, and the other properties are explained as
// before.
func TestExplainSkipsUnformed(t *testing.T) {
	props := differentialProps(t)
	tr := testtrace.Text(t, "T1 acquire L\nT1 write x 1\nT1 read y 0\nT1 release L\nT2 acquire L\nT2 write x 2\nT2 write y 3\nT2 release L\n")
	inputs := matchAll(t, props, tr)
	res, err := Run(context.Background(), tr, inputs, Options{Jobs: 1, All: true})
	if err != nil {
		t.Fatal(err)
	}
	explainAll := func(res *Result) map[string]int {
		ex, err := ExplainRefuted(context.Background(), tr, inputs, res, ExplainOptions{Select: []explain.Selector{{All: true}}})
		if err != nil {
			t.Fatal(err)
		}
		n := map[string]int{}
		for _, rf := range ex.Refuted {
			n[rf.Property.Name]++
		}
		return n
	}
	before := explainAll(res)
	var skipped string
	for _, in := range inputs {
		if before[in.Prop.Name] > 0 {
			skipped = in.Prop.Name
			res.Unknown = append(res.Unknown, UnknownCandidate{Property: in.Prop, Reason: "not decided: the memory budget (1.0 MiB, --memory) stayed passed …"})
			break
		}
	}
	if skipped == "" || len(before) < 2 {
		t.Fatalf("refuted by property %v: the trace must give two properties refuted candidates", before)
	}
	after := explainAll(res)
	for name, n := range before {
		want := n
		if name == skipped {
			want = 0
		}
		if after[name] != want {
			t.Errorf("%s: %d explained, want %d", name, after[name], want)
		}
	}
}
