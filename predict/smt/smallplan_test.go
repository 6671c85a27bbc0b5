package smt

import (
	"slices"
	"testing"

	"gpredict/encode"
	"gpredict/predict/stage"
)

// TestSmallPlan runs the small stages' plan over the default stages with
// given answers and checks which stages it asks. Each case breaks if
// one of its rules is dropped.
func TestSmallPlan(t *testing.T) {
	stages := DefaultConfig(0, "").Small
	window := DefaultConfig(0, "").Window
	relax := func(w int) SmallStage { return SmallStage{Relax: true, Window: w, Gap: encode.Span} }
	freeze := func(w int) SmallStage { return SmallStage{Window: w, Gap: encode.Span} }
	type outcome struct {
		verdict stage.Verdict
		free    int
		whole   bool
	}
	for _, tc := range []struct {
		name      string
		tried     []SmallStage
		exactNext bool
		// answers gives a stage's free variables and verdict; a stage
		// not listed frees defaultFree and answers Sat.
		answers map[SmallStage]outcome
		want    []SmallStage
	}{
		{
			name:      "every stage when each frees more and none is spent",
			exactNext: true,
			want:      stages,
		},
		{
			name:      "the window's frozen stages are not asked again",
			tried:     window,
			exactNext: true,
			want:      stages[3:],
		},
		{
			name:      "a spent relaxed check ends the relaxed ones when the exact stage follows",
			tried:     window,
			exactNext: true,
			answers:   map[SmallStage]outcome{relax(32): {verdict: stage.Unknown, free: 32}},
			want:      []SmallStage{relax(32), freeze(64), freeze(256), freeze(1024), freeze(4096)},
		},
		{
			name:    "without the exact stage after them every relaxed check runs",
			tried:   window,
			answers: map[SmallStage]outcome{relax(32): {verdict: stage.Unknown, free: 32}},
			want:    stages[3:],
		},
		{
			name:      "a stage freeing as many as the last of its kind asks the same question",
			tried:     window,
			exactNext: true,
			answers:   map[SmallStage]outcome{freeze(256): {verdict: stage.Sat, free: defaultFree(freeze(64))}},
			want:      []SmallStage{relax(32), freeze(64), relax(256), relax(1024), freeze(1024), freeze(4096)},
		},
		{
			name:      "a stage freeing every step is the exact question when the exact stage follows",
			tried:     window,
			exactNext: true,
			answers:   map[SmallStage]outcome{relax(1024): {verdict: stage.Sat, free: 1024, whole: true}, freeze(1024): {verdict: stage.Sat, free: 1024, whole: true}, freeze(4096): {verdict: stage.Sat, free: 4096, whole: true}},
			want:      []SmallStage{relax(32), freeze(64), relax(256), freeze(256)},
		},
		{
			name:    "and is asked when it does not",
			tried:   window,
			answers: map[SmallStage]outcome{relax(1024): {verdict: stage.Sat, free: 1024, whole: true}},
			want:    stages[3:],
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			plan := newSmallPlan(tc.tried, tc.exactNext)
			var asked []SmallStage
			for _, st := range stages {
				if plan.skipsStage(st) {
					continue
				}
				o, ok := tc.answers[st]
				if !ok {
					o = outcome{verdict: stage.Sat, free: defaultFree(st)}
				}
				if !plan.asks(st, o.free, o.whole) {
					continue
				}
				asked = append(asked, st)
				plan.answered(st, o.verdict)
			}
			if !slices.Equal(asked, tc.want) {
				t.Errorf("asked %v, want %v", asked, tc.want)
			}
		})
	}
}

// defaultFree is a count of free variables that differs from stage to
// stage of one kind.
func defaultFree(st SmallStage) int { return st.Window + st.Gap%1000 }
