package predict

import (
	"testing"

	"gpredict/spec"
	"gpredict/trace"
)

// TestChoiceFixesBinding: the memo of choices is left out only when a
// choice agrees with one binding at most.
func TestChoiceFixesBinding(t *testing.T) {
	const x, y = trace.Sym(1), trace.Sym(2)
	ev := func(vals ...trace.Sym) spec.PropEvent { return spec.PropEvent{Values: vals} }
	alt := &spec.Alternative{Occs: []spec.Occurrence{{Decl: 0}, {Decl: 1}}}
	tests := []struct {
		name    string
		nParams int
		events  [][]spec.PropEvent
		want    bool
	}{
		{"both bind the one parameter", 1, [][]spec.PropEvent{{ev(x)}, {ev(x), ev(y)}}, true},
		{"one occurrence binds it", 1, [][]spec.PropEvent{{ev(x)}, {ev(trace.NoSym)}}, true},
		{"some events of each leave it free", 1, [][]spec.PropEvent{{ev(x), ev(trace.NoSym)}, {ev(trace.NoSym), ev(y)}}, false},
		{"a parameter no occurrence binds", 2, [][]spec.PropEvent{{ev(x, trace.NoSym)}, {ev(y, trace.NoSym)}, {ev(trace.NoSym, x)}}, false},
		{"each parameter by its own occurrence", 2, [][]spec.PropEvent{{ev(x, trace.NoSym)}, {ev(trace.NoSym, y)}}, true},
	}
	for _, tc := range tests {
		if got := choiceFixesBinding(alt, tc.events, tc.nParams); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
