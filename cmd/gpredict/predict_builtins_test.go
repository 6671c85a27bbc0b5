package main

import (
	"context"
	"io"
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/predict"
	"gpredict/props"
	"gpredict/trace"
)

// TestBuiltinTimeIsCounted: the run time in the summary includes the
// built-ins', which run after predict.Run.
func TestBuiltinTimeIsCounted(t *testing.T) {
	tr := testtrace.Text(t, "T1 write x 1")
	slow := props.Property{Name: "Slow", Builtin: func(context.Context, *trace.Trace, predict.Options) (*predict.Result, error) {
		return &predict.Result{Trace: tr, Stats: predict.Stats{Seconds: 7}}, nil
	}}
	res := &predict.Result{Trace: tr, Stats: predict.Stats{Seconds: 0.5}}
	if err := runBuiltins(t.Context(), io.Discard, false, tr, res, []props.Property{slow, slow}, predict.Options{}); err != nil {
		t.Fatal(err)
	}
	if res.Stats.Seconds != 14.5 {
		t.Errorf("run time %.2f s, want 14.50 (0.5 s of patterns and 7 s per built-in)", res.Stats.Seconds)
	}
}
