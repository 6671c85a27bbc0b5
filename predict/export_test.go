package predict

import (
	"time"

	"gpredict/predict/smt"
	"gpredict/predict/stage"
	"gpredict/trace"
)

// DirectStages are the stages that need no solver (but recorded, which
// belongs with the base-order stages the narrowed tests exercise).
func DirectStages() []string {
	return []string{"shb", "syncp", "syncp-values", "given", "supply", "closure", "greedy", "saturate", "saturate-rf", "ending", "greedy-saturated", "saturate-wide"}
}

// DirectAndLocal are those and the local stage, which decides chain
// candidates without the slice-based stages.
func DirectAndLocal() []string { return append(DirectStages(), "local") }

// NewTestLadder is the engine's ladder without the stages named in skip,
// with a time limit per candidate (0: none) and, with narrow, the
// solver stages narrowed to windows of one to three positions
// (smt.NarrowConfig), so that on the few-event traces of the tests they
// really fix and drop events.
func NewTestLadder(tr *trace.Trace, model trace.BranchModel, skip []string, narrow bool, timeout time.Duration) *LadderDecider {
	return NewTestLadderOver(stage.NewFacts(tr, model), skip, narrow, timeout)
}

// NewTestLadderConfig is the engine's ladder without the stages named
// in skip, its solver stages configured by scfg.
func NewTestLadderConfig(tr *trace.Trace, model trace.BranchModel, skip []string, scfg smt.Config) *LadderDecider {
	f := stage.NewFacts(tr, model)
	stages, w := ladderStages(f, scfg, skip)
	return &LadderDecider{Ladder: stage.NewLadder(f, 0, nil, stages, w.Close), Solver: w}
}

// NewTestLadderOver is NewTestLadder over facts f.
func NewTestLadderOver(f *stage.Facts, skip []string, narrow bool, timeout time.Duration) *LadderDecider {
	scfg := smt.DefaultConfig(timeout, "")
	if narrow {
		scfg = smt.NarrowConfig()
		scfg.Timeout = timeout
	}
	stages, w := ladderStages(f, scfg, skip)
	return &LadderDecider{Ladder: stage.NewLadder(f, timeout, nil, stages, w.Close), Solver: w}
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

// LadderOrder is the ladder's order of stages, by name.
func LadderOrder() []string { return ladderOrder() }
