package predict

import "gpredict/trace"

// NewRelaxedTestDecider is the engine's decider under a relaxed memory
// model (memmodel.go), for the sweeps of package predict_test.
func NewRelaxedTestDecider(tr *trace.Trace, model trace.BranchModel, mem trace.MemoryModel) Decider {
	return newRelaxedDecider(relaxedFacts(tr, model), mem, DeciderOptions{})
}
