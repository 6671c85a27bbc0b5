package predict

import (
	"reflect"
	"testing"

	"gpredict/spec"
	"gpredict/trace"
)

func TestReportOrder(t *testing.T) {
	r := func(th, i int) trace.EventRef { return trace.EventRef{Thread: trace.ThreadID(th), Index: uint32(i)} }
	tests := []struct {
		name   string
		root   *spec.PatNode
		choice []trace.EventRef
		want   []int
	}{
		{"sequence keeps pattern order", seq(ev(0), ev(1), ev(2)), []trace.EventRef{r(1, 0), r(0, 4), r(0, 1)}, []int{0, 1, 2}},
		{"|| in id order", par(ev(0), ev(1)), []trace.EventRef{r(1, 0), r(0, 2)}, []int{1, 0}},
		{"|| already in id order", par(ev(0), ev(1)), []trace.EventRef{r(0, 2), r(1, 0)}, []int{0, 1}},
		{"|| inside a sequence", seq(ev(0), par(ev(1), ev(2)), ev(3)), []trace.EventRef{r(0, 0), r(1, 4), r(0, 1), r(0, 8)}, []int{0, 2, 1, 3}},
		{"|| under !", seq(ev(0), not(par(ev(1), ev(2)))), []trace.EventRef{r(0, 0), r(1, 3), r(0, 2)}, []int{0, 2, 1}},
		{"nested block is one group", par(seq(ev(0), ev(1)), ev(2)), []trace.EventRef{r(1, 0), r(1, 1), r(0, 5)}, []int{2, 0, 1}},
		{"one event twice: pattern order", par(ev(0), ev(1)), []trace.EventRef{r(0, 3), r(0, 3)}, []int{0, 1}},
	}
	for _, tc := range tests {
		alt := &spec.Alternative{Root: tc.root, Occs: make([]spec.Occurrence, len(tc.choice))}
		if got := reportOrder(alt, tc.choice); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}
