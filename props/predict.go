package props

import (
	"context"
	"fmt"
	"time"

	"gpredict/predict"
	"gpredict/spec"
	"gpredict/trace"
)

// Selection is what a `--props` list resolves to: the pattern properties,
// ready for spec.Match and predict.Run, and the built-ins, which run
// through their own function.
type Selection struct {
	Specs    []*spec.Property
	Builtins []Property
}

// Load resolves names as Select does and loads each pattern property.
func Load(names []string) (*Selection, error) {
	ps, err := Select(names)
	if err != nil {
		return nil, err
	}
	sel := &Selection{}
	for _, p := range ps {
		if p.IsBuiltin() {
			sel.Builtins = append(sel.Builtins, p)
			continue
		}
		sp, err := p.Spec()
		if err != nil {
			return nil, err
		}
		sel.Specs = append(sel.Specs, sp)
	}
	return sel, nil
}

// Predict checks tr against pattern properties (matched with spec.Match
// and decided by predict.Run in one run) and built-ins, and merges the
// results: the pattern properties' violations first, in their order, then
// each built-in's.
func Predict(ctx context.Context, tr *trace.Trace, specs []*spec.Property, builtins []Property, opts predict.Options) (*predict.Result, error) {
	start := time.Now()
	inputs := make([]predict.PropertyInput, 0, len(specs))
	for _, sp := range specs {
		evs, err := spec.Match(sp, tr)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", sp.Name, err)
		}
		inputs = append(inputs, predict.PropertyInput{Prop: sp, Events: evs})
	}
	res := &predict.Result{Trace: tr, Model: opts.Branches.Resolve(tr),
		Stats: predict.Stats{Threads: len(tr.Threads), Events: tr.NumEvents()}}
	if len(inputs) > 0 {
		var err error
		if res, err = predict.Run(ctx, tr, inputs, opts); err != nil {
			return nil, err
		}
	}
	for _, b := range builtins {
		if res.Interrupted {
			break
		}
		r, err := b.Builtin(ctx, tr, opts)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", b.Name, err)
		}
		Merge(res, r)
	}
	res.Stats.Seconds = time.Since(start).Seconds()
	return res, nil
}

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
	dst.Stats.Stages = predict.MergeStages(dst.Stats.Stages, src.Stats.Stages)
	dst.Stats.Seconds += src.Stats.Seconds
}

// SpecFiles loads every pattern property of the catalogue, one spec.File
// each (the shape of `--spec` files). It fails only if the catalogue is
// broken, which TestValidateCatalogue rules out.
func SpecFiles() ([]*spec.File, error) {
	var out []*spec.File
	for _, p := range catalogue {
		if p.IsBuiltin() {
			continue
		}
		sp, err := p.Spec()
		if err != nil {
			return nil, err
		}
		out = append(out, &spec.File{Name: p.File, Src: []byte(p.Source), Properties: []*spec.Property{sp}})
	}
	return out, nil
}

// Builtins returns the built-in properties of the catalogue.
func Builtins() []Property {
	var out []Property
	for _, p := range catalogue {
		if p.IsBuiltin() {
			out = append(out, p)
		}
	}
	return out
}
