package predict

import (
	"context"
	"time"

	"gpredict/encode"
	"gpredict/internal/abandon"
	"gpredict/internal/interrupt"
	"gpredict/predict/prefilter"
	"gpredict/predict/stage"
	"gpredict/trace"
)

// An interrupt (Run's context) stops the run within a bounded amount of
// work wherever it is (docs/output.md, Interrupts): the enumeration of
// candidates looks at it before every candidate it forms (a look costs
// a channel receive, little next to forming one) and, through the plan's
// encode.Watch, every few thousand steps of the bindings' join and of the
// choices' search, which can run long without forming a candidate; the
// workers look at it before every candidate, and the ladder's stages
// through their query's stop signal, which the encoding they build looks
// at too (encode.Limits). The run's facts, computed once
// before any candidate in code that has no stop signal (a million-event
// recording's base order takes seconds), are abandoned to an interrupt
// (setUp).

// interrupted reports whether ctx is done, at the cost of a look at a
// channel.
func interrupted(ctx context.Context) bool { return interrupt.Closed(ctx.Done()) }

// setUp computes the facts the workers and the pre-filter share, unless
// ctx is done first (ok false; the computation is abandoned).
func setUp(ctx context.Context, tr *trace.Trace, model trace.BranchModel, mem trace.MemoryModel, idx *encode.Indexes) (*stage.Facts, *prefilter.Filter, bool) {
	type setup struct {
		facts *stage.Facts
		pf    *prefilter.Filter
	}
	s, ok := abandon.Run(ctx.Done(), func() setup {
		f := newFacts(tr, model, mem, idx)
		return setup{f, f.Prefilter()}
	})
	return s.facts, s.pf, ok
}

// stoppedEarly is the result of a run that an interrupt stopped before it
// formed any candidate.
func stoppedEarly(res *Result, start time.Time) *Result {
	res.Interrupted = true
	res.Stats.Seconds = time.Since(start).Seconds()
	return res
}
