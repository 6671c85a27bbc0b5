package main

import (
	"context"

	"gpredict/predict"
	"gpredict/props"
	"gpredict/trace"
)

// The catalogue's built-in properties (Deadlock) are not patterns, so they
// do not go through spec.Match and predict.Run: selectProps selects them
// with the same --props rules, and runBuiltins merges their results into
// the pattern properties' result.

// runBuiltins runs the selected built-ins and merges their violations and
// unknowns into res, after the pattern properties'.
func runBuiltins(ctx context.Context, tr *trace.Trace, res *predict.Result, builtins []props.Property, opts predict.Options) error {
	for _, b := range builtins {
		r, err := b.Builtin(ctx, tr, opts)
		if err != nil {
			return err
		}
		props.Merge(res, r)
	}
	return nil
}
