package predict_test

import (
	"context"
	"math/rand"
	"slices"
	"testing"

	"gpredict/internal/tracegen"
	. "gpredict/predict"
	"gpredict/spec"
)

// TestReleaseEvents: with Options.ReleaseEvents, Run drops each
// property's events once its candidates are formed, and decides the same
// candidates as a run that keeps them; so does a run that matches each
// property only when it comes to it (PropertyInput.Match). A release
// made before a property's last alternative is enumerated loses its
// later candidates, and this test fails.
func TestReleaseEvents(t *testing.T) {
	props := differentialProps(t)
	r := rand.New(rand.NewSource(11))
	compared := 0
	for k := 0; k < 40; k++ {
		tr := tracegen.Random(r, e2eConfig(k))
		keys := func(res *Result) []string {
			var out []string
			for _, v := range res.Violations {
				out = append(out, violationKey(tr, v.Property.Name, v.Binding, v.Alt, v.Choice))
			}
			return out
		}
		kept := matchAll(t, props, tr)
		released := slices.Clone(kept)
		want, err := Run(context.Background(), tr, kept, Options{Jobs: 1, All: true})
		if err != nil {
			t.Fatal(err)
		}
		got, err := Run(context.Background(), tr, released, Options{Jobs: 1, All: true, ReleaseEvents: true})
		if err != nil {
			t.Fatal(err)
		}
		// Matched when the run comes to each property.
		lazy := make([]PropertyInput, len(props))
		for i, p := range props {
			lazy[i] = PropertyInput{Prop: p, Match: func(ctx context.Context) ([][]spec.PropEvent, error) { return spec.MatchContext(ctx, p, tr) }}
		}
		late, err := Run(context.Background(), tr, lazy, Options{Jobs: 2, All: true, ReleaseEvents: true})
		if err != nil {
			t.Fatal(err)
		}
		if late.Stats.PropertyEvents != want.Stats.PropertyEvents || late.Stats.Candidates != want.Stats.Candidates || !slices.Equal(keys(late), keys(want)) {
			t.Fatalf("trace %d: matched late %d property events, %d candidates, %v; first %d, %d, %v\n%s", k,
				late.Stats.PropertyEvents, late.Stats.Candidates, keys(late), want.Stats.PropertyEvents, want.Stats.Candidates, keys(want), traceText(tr))
		}
		for i := range released {
			if released[i].Events != nil {
				t.Fatalf("trace %d: %s keeps its events after a releasing run", k, released[i].Prop.Name)
			}
			if kept[i].Events == nil {
				t.Fatalf("trace %d: %s lost its events in a run that keeps them", k, kept[i].Prop.Name)
			}
		}
		if got.Stats.Candidates != want.Stats.Candidates || !slices.Equal(keys(got), keys(want)) {
			t.Fatalf("trace %d: released %d candidates, %v; kept %d, %v\n%s", k,
				got.Stats.Candidates, keys(got), want.Stats.Candidates, keys(want), traceText(tr))
		}
		compared += want.Stats.Candidates
	}
	if compared == 0 {
		t.Fatal("no candidate compared")
	}
}
