package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"gpredict/predict"
	"gpredict/predict/explain"
	"gpredict/trace"
)

// explainRefuted runs the --explain pass (docs/cli.md): the selectors
// name pattern properties of the run; a built-in (Deadlock) decides its
// cycles its own way and has no refuted candidates to explain. It does
// not start after an interrupt; one during it keeps what it explained
// (the result is then interrupted).
func explainRefuted(cmd *cobra.Command, selectors []string, tr *trace.Trace, inputs []predict.PropertyInput,
	res *predict.Result, sel *selection, opts predict.Options) error {
	if len(selectors) == 0 {
		return nil
	}
	var sels []explain.Selector
	for _, s := range selectors {
		for _, b := range sel.Builtins {
			if s == b.Name {
				return usageError(fmt.Errorf("--explain %s: %s is a built-in; it has no refuted candidates to explain", s, s))
			}
		}
		x, err := explain.ParseSelector(s, sel.Specs)
		if err != nil {
			return usageError(fmt.Errorf("--explain: %w", err))
		}
		sels = append(sels, x)
	}
	if res.Interrupted {
		return nil
	}
	ex, err := predict.ExplainRefuted(cmd.Context(), tr, inputs, res,
		predict.ExplainOptions{Select: sels, Branches: opts.Branches, Timeout: opts.Timeout, Indexes: opts.Indexes})
	if err != nil && cmd.Context().Err() == nil {
		return err
	}
	res.Explained, res.Interrupted = ex, err != nil
	return nil
}
