package predict

import (
	"time"

	"gpredict/predict/closure"
	"gpredict/predict/smt"
	"gpredict/predict/stage"
	"gpredict/trace"
)

// NewTestLadder is a ladder for the tests, with a time limit per
// candidate (0: none): the direct
// stages (closure, greedy, recorded) only with direct, then the solver
// stages, narrowed to windows of one to three positions with narrow
// (smt.NarrowConfig), so that on the few-event traces of the tests they
// really fix and drop events.
func NewTestLadder(tr *trace.Trace, model trace.BranchModel, direct, narrow bool, timeout time.Duration) *LadderDecider {
	f := stage.NewFacts(tr, model)
	scfg := smt.DefaultConfig(timeout, "")
	if narrow {
		scfg = smt.NarrowConfig()
		scfg.Timeout = timeout
	}
	var stages []stage.Stage
	if direct {
		stages = stage.Direct(f, closure.DefaultConfig(false), closure.DefaultConfig(true))
	} else {
		// The recorded stage needs no solver but belongs with the
		// base-order stages the narrowed test exercises.
		for _, s := range stage.Direct(f, closure.Config{}, closure.Config{}) {
			if s.Name == "recorded" {
				stages = append(stages, s)
			}
		}
	}
	solverStages, w := smt.Stages(f, scfg)
	return &LadderDecider{Ladder: stage.NewLadder(f, timeout, append(stages, solverStages...), w.Close), Solver: w}
}

// StageCounts sums a ladder's counts by stage name: witnesses found and
// candidates refuted.
func StageCounts(d *LadderDecider) (found, refuted map[string]int) {
	found, refuted = map[string]int{}, map[string]int{}
	for _, s := range d.Stats() {
		found[s.Name] += s.Found
		refuted[s.Name] += s.Refuted
	}
	return found, refuted
}
