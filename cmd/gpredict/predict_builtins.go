package main

import (
	"context"
	"fmt"
	"io"

	"gpredict/predict"
	"gpredict/props"
	"gpredict/spec"
	"gpredict/trace"
)

// The catalogue's built-in properties (Deadlock) are not patterns, so they
// do not go through spec.Match and predict.Run: props.Select selects them
// with the same --props rules, and runBuiltins merges their results into
// the pattern properties' result.

// runBuiltins runs the selected built-ins and merges their violations and
// unknowns into res, after the pattern properties'; with show, each draws
// its progress. An interrupt stops them, keeping what they found (the
// merged result is then interrupted), and no later one starts.
func runBuiltins(ctx context.Context, stderr io.Writer, show bool, tr *trace.Trace, res *predict.Result, builtins []props.Property, opts predict.Options) error {
	for _, b := range builtins {
		if res.Interrupted {
			return nil
		}
		r, err := runBuiltinWithProgress(ctx, stderr, show, b, tr, opts)
		if err != nil {
			return err
		}
		props.Merge(res, r)
	}
	return nil
}

// writeModelNote adds props.ModelNote to the summary: after it in the
// text report, on stderr for the JSON and SARIF documents (which keep
// their documented shape). checked are the pattern properties that ran,
// the built-ins after them.
func writeModelNote(stdout, stderr io.Writer, format string, res *predict.Result, checked []*spec.Property, builtins []props.Property) error {
	var names []string
	for _, p := range checked {
		names = append(names, p.Name)
	}
	for _, b := range builtins {
		names = append(names, b.Name)
	}
	note := props.ModelNote(res, names)
	if note == "" {
		return nil
	}
	w := stdout
	if format != "text" {
		w, note = stderr, "gpredict: "+note
	}
	_, err := fmt.Fprint(w, note)
	return err
}
