package main

import (
	"context"
	"io"
	"time"

	"gpredict/predict"
	"gpredict/trace"
)

// An interrupt (SIGINT, or SIGTERM as CI services send it a few seconds
// before SIGKILL) stops every phase of a run within a bounded amount of
// work — reading the trace, matching, forming and deciding candidates,
// the Deadlock built-in, the --explain pass — and the reports found by
// then are written in the format asked for, for at most reportGrace after
// the signal: a run with tens of thousands of reports then ends its
// document early, valid and marked truncated (report.ErrTruncated). The
// exit status is 130 (docs/cli.md); a second signal exits at once
// (main.go).

// reportGrace is how long after an interrupt the reports found are
// written: long enough for thousands of them, short enough that the
// whole run ends within two seconds of the signal.
const reportGrace = time.Second

// graceAfter returns a channel that closes grace after ctx is done (never
// if it is not), and a function that releases what it holds.
func graceAfter(ctx context.Context, grace time.Duration) (<-chan struct{}, func()) {
	c := make(chan struct{})
	done := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
		case <-done:
			return
		}
		t := time.NewTimer(grace)
		defer t.Stop()
		select {
		case <-t.C:
			close(c)
		case <-done:
		}
	}()
	return c, func() { close(done) }
}

// interruptedResult is the result of a run that an interrupt stopped
// before any candidate was formed: nothing found, nothing decided. tr is
// the trace, nil if reading it was interrupted (an empty one stands for
// it).
func interruptedResult(tr *trace.Trace, model trace.BranchModel) *predict.Result {
	if tr == nil {
		tr = trace.NewBuilder().Finish()
	}
	res := &predict.Result{Trace: tr, Model: model.Resolve(tr), Interrupted: true}
	res.Stats.Threads, res.Stats.Events = len(tr.Threads), tr.NumEvents()
	return res
}

// ctxWriter writes to w until ctx is done, then fails with ctx's error:
// an output written in buffers of a few KB (trace convert) stops within
// one buffer of an interrupt.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}
