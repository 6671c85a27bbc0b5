package greedy_test

import (
	"slices"
	"testing"

	"gpredict/predict/greedy"
)

// TestCutOutsideHolds: a window's cut never falls inside a lock hold,
// exclusive or shared, so that the window holds no release without its
// acquire (the prefix-window stage decides such a window as a trace of
// its own; a cut inside a shared hold gave it witnesses that replay
// validation rejected).
func TestCutOutsideHolds(t *testing.T) {
	tests := []struct {
		name, trace, block string
		k                  int
		want               []int // the cut of each thread, by thread id
	}{
		{"outside any hold", `T1 write y 1
T1 write x 1
T2 write x 2`, "T1#2 T2#1", 1, []int{1, 0}},
		{"inside an exclusive hold", `T1 acquire l
T1 write y 1
T1 write x 1
T1 release l
T2 write x 2`, "T1#3 T2#1", 1, []int{0, 0}},
		{"inside a shared hold", `T1 racquire l
T1 write y 1
T1 write x 1
T1 rrelease l
T2 write x 2`, "T1#3 T2#1", 1, []int{0, 0}},
		{"inside a nested shared hold", `T1 write z 1
T1 racquire l
T1 racquire l
T1 rrelease l
T1 write y 1
T1 write x 1
T1 rrelease l
T2 write x 2`, "T1#6 T2#1", 1, []int{1, 0}},
		{"inside a shared hold never released", `T1 racquire l
T1 write y 1
T1 write x 1
T2 write x 2`, "T1#3 T2#1", 1, []int{0, 0}},
		{"after a finished shared hold", `T1 racquire l
T1 rrelease l
T1 write y 1
T1 write x 1
T2 write x 2`, "T1#4 T2#1", 2, []int{2, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, x, ch, res := saturated(t, tc.trace, tc.block)
			if got := greedy.Cut(x, ch, res, tc.k); !slices.Equal(got, tc.want) {
				t.Errorf("cut %v, want %v", got, tc.want)
			}
		})
	}
}
