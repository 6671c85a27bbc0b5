package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"gpredict/predict"
	"gpredict/props"
	"gpredict/spec"
	"gpredict/trace"
)

// The catalogue's built-in properties (Deadlock) are not patterns, so they
// do not go through spec.Match and predict.Run: `predict` selects them
// here with the same --props rules and merges their results into the
// pattern properties' result.

// builtinNames are the names --props may give for built-ins: those of the
// catalogue, unless a --spec property of the same name shadows it.
func builtinNames(specFiles []*spec.File) map[string]bool {
	shadowed := map[string]bool{}
	for _, f := range specFiles {
		for _, p := range f.Properties {
			shadowed[p.Name] = true
		}
	}
	out := map[string]bool{}
	for _, b := range props.Builtins() {
		if !shadowed[b.Name] {
			out[b.Name] = true
		}
	}
	return out
}

// selectBuiltins applies --props to the built-ins: none without --props,
// every one for "all", else those named (unknown names are selectProps'
// to report).
func selectBuiltins(specFiles []*spec.File, sel string) []props.Property {
	sel = strings.TrimSpace(sel)
	if sel == "" {
		return nil
	}
	names := builtinNames(specFiles)
	var out []props.Property
	for _, b := range props.Builtins() {
		if !names[b.Name] {
			continue
		}
		if sel == "all" {
			out = append(out, b)
			continue
		}
		for _, n := range strings.Split(sel, ",") {
			if strings.TrimSpace(n) == b.Name {
				out = append(out, b)
				break
			}
		}
	}
	return out
}

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
