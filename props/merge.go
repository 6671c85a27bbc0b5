package props

import "gpredict/predict"

// Merge appends the violations and unknowns of src to dst and adds its
// counts and its time (the two ran one after the other); an interrupted
// src makes dst interrupted. Both must be results for the same trace and
// branch model.
func Merge(dst, src *predict.Result) {
	dst.Interrupted = dst.Interrupted || src.Interrupted
	dst.Stats.Undecided += src.Stats.Undecided
	dst.Violations = append(dst.Violations, src.Violations...)
	dst.Unknown = append(dst.Unknown, src.Unknown...)
	dst.Stats.PropertyEvents += src.Stats.PropertyEvents
	dst.Stats.Candidates += src.Stats.Candidates
	dst.Stats.Prefiltered += src.Stats.Prefiltered
	dst.Stats.SolverCalls += src.Stats.SolverCalls
	dst.Stats.Skipped += src.Stats.Skipped
	dst.Stats.Stages = predict.MergeStages(dst.Stats.Stages, src.Stats.Stages)
	dst.Stats.Seconds += src.Stats.Seconds
}
