package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"gpredict/encode"
	"gpredict/predict"
	"gpredict/predict/report"
	"gpredict/predict/report/witness"
	"gpredict/spec"
	"gpredict/trace"
)

// deciderFactory makes the engine's Deciders (predict.Options.NewDecider).
type deciderFactory = func(tr *trace.Trace, model trace.BranchModel, opts predict.DeciderOptions) predict.Decider

// deciderKey is the context key under which a test gives the engine its
// Deciders, to force verdicts (MainContext with withDeciders): carried by
// the run's context, not a package variable, so runs never share it.
type deciderKey struct{}

// withDeciders is ctx carrying f as the engine's Decider factory.
func withDeciders(ctx context.Context, f deciderFactory) context.Context {
	return context.WithValue(ctx, deciderKey{}, f)
}

// newDecider is the Decider factory ctx carries; nil, the engine's own
// (Z3), unless a test gave one.
func newDecider(ctx context.Context) deciderFactory {
	f, _ := ctx.Value(deciderKey{}).(deciderFactory)
	return f
}

func newPredictCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "predict [--spec FILE]... [--props NAME,...|all] TRACE...",
		Short: "Predict property violations that other schedules of the traced program exhibit",
		Long: `predict reads a trace and properties, and reports every violation that some
feasible schedule of the same program exhibits, each with a witness schedule
that an independent validator has replayed. docs/semantics.md says what a
violation is, docs/output.md what is printed.

Exit status: 0 no violation, 1 at least one violation, 2 a usage, spec or
trace error, 3 no violation but some candidates unknown (solver limit);
--fail-on chooses which of 1 and 3 fail the run, 130 an interrupt.`,
		RunE: runPredict,
	}
	f := cmd.Flags()
	f.StringArray("spec", nil, "property file (.gp); may be repeated")
	f.String("props", "", "properties to run, by name (comma-separated), or all (catalogue + --spec)")
	choiceFlag(f, "format", "text", []string{"text", "json", "sarif", "html"}, "output format: text, json, sarif or html (one self-contained page)")
	boolFlag(f, "all", "list every (binding, choice) violation instead of grouping by location, and every unknown candidate")
	choiceFlag(f, "branches", "auto", []string{"auto", "implicit", "explicit"}, "branch model: auto, implicit or explicit")
	memoryModelFlag(f)
	choiceFlag(f, "witness", "trimmed", witness.Modes, "witness: trimmed (text: around the chosen events), full or none (JSON: no schedule)")
	durationFlag(f, "timeout", 0, "a duration such as 10s or 1m30s, or 0 for no limit",
		"time limit per candidate, all solver stages included; may be overrun by work Z3 cannot interrupt (see docs/engine.md, Limits) (0: none)")
	countFlag(f, "jobs", 0, 0, "0 (one per CPU) or more", "solver workers (0: one per CPU)")
	sizeFlag(f, "memory", "auto or a size such as 512MiB or 2GiB",
		"memory budget of the run (auto: half the physical memory); past it the solver stages no longer run and what they would decide is unknown")
	countFlag(f, "rlimit", 0, 0, "0 (the default, 160000000) or more", "Z3's resource limit per check of the exact stages and of rescue; the other solver stages get an eighth (0: the default)")
	f.String("dump-smt", "", "write an SMT-LIB2 file per candidate into this directory")
	f.StringArray("explain", nil, `explain why candidates are not violations: all, NAME or "NAME(PARAM=VALUE, ...)"; may be repeated`)
	boolFlag(f, "stats", "after the text summary, count what each stage of the decision ladder settled, and its time")
	boolFlag(f, "quiet", "draw no progress display on stderr (it is drawn only when stderr is a terminal and CI is unset)")
	addPolicyFlags(f)
	addInputFormatFlag(cmd)
	return cmd
}

func runPredict(cmd *cobra.Command, args []string) error {
	v, err := settings(cmd)
	if err != nil {
		return err
	}
	stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
	if len(args) == 0 {
		return usageError(fmt.Errorf("predict: no trace given; usage: %s", cmd.UseLine()))
	}
	write := map[string]func(io.Writer, *predict.Result, report.Options) error{
		"text": report.WriteText, "json": report.WriteJSON, "sarif": report.WriteSARIF, "html": report.WriteHTML,
	}[v.GetString("format")]
	model, witness, err := modelAndWitness(v)
	if err != nil {
		return err
	}
	policy, err := readPolicy(v)
	if err != nil {
		return err
	}
	mem, err := relaxedPredict(v)
	if err != nil {
		return err
	}
	if dir := v.GetString("dump-smt"); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return usageError(fmt.Errorf("--dump-smt: %w", err))
		}
	}

	specFiles, code := loadSpecs(v.GetStringSlice("spec"), stderr)
	if code != 0 {
		return exitCode(code)
	}
	sel, err := selectProps(specFiles, v.GetString("props"))
	if err != nil {
		return err
	}
	if len(sel.Specs) == 0 && len(sel.Builtins) == 0 {
		return usageError(fmt.Errorf("predict: no property to check; give --spec FILE or --props NAME"))
	}

	// An interrupt stops whichever phase runs; the reports found by then
	// are written for at most reportGrace after it (interrupt.go).
	ctx := cmd.Context()
	stopWriting, release := graceAfter(ctx, reportGrace)
	defer release()
	ropts := report.Options{Version: version, Traces: args, All: v.GetBool("all"),
		Witness: witness, Stats: v.GetBool("stats"), Rules: ruleDocs(sel), Stop: stopWriting}
	out := func(res *predict.Result, warnings []report.Warning) error {
		ropts.Warnings = warnings
		return writePredict(stdout, stderr, write, policy, res, ropts, v.GetString("format"), sel)
	}

	budget := v.memoryBudget()
	tr, loading, err := readWithinBudget(ctx, args, v.GetString("input-format"), budget)
	defer loading.Stop()
	if err != nil {
		if ctx.Err() != nil {
			return out(interruptedResult(nil, model), nil)
		}
		return err
	}
	if err := policy.checkEmpty(tr, args); err != nil {
		return err
	}
	opts := predict.Options{MemoryBudget: budget,
		Branches: model, Timeout: v.GetDuration("timeout"), RLimit: v.GetInt("rlimit"), Jobs: v.GetInt("jobs"), All: v.GetBool("all"),
		DumpDir: v.GetString("dump-smt"), NewDecider: newDecider(ctx), Mem: mem,
		NoWitnesses: v.GetString("witness") == "none",
		// The pattern properties, Deadlock, Blocked and --explain need
		// the same index of the trace: built once.
		Indexes: encode.NewIndexes(tr),
	}
	showProgress := progressWanted(stderr, v.GetBool("quiet"), isTerminal, os.Getenv)
	explaining := len(v.GetStringSlice("explain")) > 0
	res, inputs, warnings, err := predictTrace(ctx, stderr, showProgress, explaining, loading.Stop, tr, sel, opts)
	if err != nil {
		return err
	}
	if err := explainRefuted(cmd, v.GetStringSlice("explain"), tr, inputs, res, sel, opts); err != nil {
		return err
	}
	return out(res, warnings)
}

// writePredict writes the report of res and returns the run's exit
// status (as an exitCode): 130 when an interrupt stopped the run or cut
// the writing short.
func writePredict(stdout, stderr io.Writer, write func(io.Writer, *predict.Result, report.Options) error,
	policy *runPolicy, res *predict.Result, ropts report.Options, format string, sel *selection) error {
	shown := policy.apply(res, &ropts)
	if err := write(stdout, shown, ropts); err != nil {
		if errors.Is(err, report.ErrTruncated) {
			return exitCode(exitInterrupted)
		}
		return err
	}
	if res.Interrupted {
		return exitCode(exitInterrupted)
	}
	if err := writeModelNote(stdout, stderr, format, res, sel.Specs, sel.Builtins); err != nil {
		return err
	}
	if code := report.ExitStatus(shown, ropts); code != 0 {
		return exitCode(code)
	}
	return nil
}

// errReadingBudget is why a trace stopped being read: the process's
// resident memory stayed past the memory budget after a collection.
var errReadingBudget = errors.New("reading the trace stopped at the memory budget")

// readWithinBudget reads the trace of paths keeping to the memory budget
// as the run does (its collector settings, predict.WatchMemoryThen); a
// trace that does not fit stops being read, with an error naming the
// files and the budget: the run would have nothing left to decide with.
// The watch goes on until the caller stops it (the run watches on its
// own). An interrupt gives ctx's error.
func readWithinBudget(ctx context.Context, paths []string, format string, budget int64) (*trace.Trace, predict.MemoryWatch, error) {
	reading, stopReading := context.WithCancelCause(ctx)
	defer stopReading(nil)
	watch := predict.WatchMemoryThen(budget, func() { stopReading(errReadingBudget) })
	tr, err := trace.ReadContext(reading, paths, format)
	if err != nil && ctx.Err() == nil && errors.Is(context.Cause(reading), errReadingBudget) {
		err = fmt.Errorf("%s: %w (%s, --memory); a larger --memory lets it be read", strings.Join(paths, ", "), errReadingBudget, watch.Budget())
	}
	return tr, watch, err
}

// predictTrace runs the selected properties on tr: the pattern
// properties (matched, then decided with a progress display if show),
// then the built-ins. It prints the warnings of the trace and the
// matching on stderr and returns them with the result, and the inputs
// when keepInputs (--explain decides them again). Otherwise the run
// matches each property when it comes to it and drops its events once
// its candidates are formed (predict.PropertyInput.Match,
// Options.ReleaseEvents), so that one property's events are alive at a
// time; the matching's warnings are then printed after the run.
// endLoading is called before the run (which watches the memory budget
// itself). An interrupt during the matching gives an interrupted result
// with what was found by then.
func predictTrace(ctx context.Context, stderr io.Writer, show, keepInputs bool, endLoading func(), tr *trace.Trace, sel *selection, opts predict.Options) (*predict.Result, []predict.PropertyInput, []report.Warning, error) {
	warnings := traceWarnings(tr)
	inputs := make([]predict.PropertyInput, len(sel.Specs))
	var late []report.Warning // the run's matching's (one goroutine)
	for i, p := range sel.Specs {
		if !keepInputs {
			inputs[i] = predict.PropertyInput{Prop: p, Match: func(ctx context.Context) ([][]spec.PropEvent, error) {
				events, err := matchProperty(ctx, p, tr)
				late = append(late, unmatchedWarnings(p, events, sel.warnUnmatched(p))...)
				return events, err
			}}
			continue
		}
		events, err := matchProperty(ctx, p, tr)
		if err != nil {
			if ctx.Err() != nil {
				return interruptedResult(tr, opts.Branches), nil, warnings, nil
			}
			return nil, nil, nil, err
		}
		inputs[i] = predict.PropertyInput{Prop: p, Events: events}
		warnings = append(warnings, unmatchedWarnings(p, events, sel.warnUnmatched(p))...)
	}
	printReportWarnings(stderr, warnings)
	endLoading()
	// The run drops each property's events once it has formed its
	// candidates; --explain gets them from a copy of the inputs.
	opts.ReleaseEvents = true
	run, kept := inputs, []predict.PropertyInput(nil)
	if keepInputs {
		kept = slices.Clone(inputs)
	}
	res, err := runWithProgress(ctx, stderr, show, tr, run, opts)
	if err != nil {
		return nil, nil, nil, err
	}
	printReportWarnings(stderr, late)
	warnings = append(warnings, late...)
	if err := runBuiltins(ctx, stderr, show, tr, res, sel.Builtins, opts); err != nil {
		return nil, nil, nil, err
	}
	return res, kept, warnings, nil
}

// matchProperty is spec.MatchContext, its error naming the property.
func matchProperty(ctx context.Context, p *spec.Property, tr *trace.Trace) ([][]spec.PropEvent, error) {
	events, err := spec.MatchContext(ctx, p, tr)
	if err != nil {
		return nil, fmt.Errorf("property %s: %w", p.Name, err)
	}
	return events, nil
}

// printReportWarnings prints ws on stderr, one a line.
func printReportWarnings(stderr io.Writer, ws []report.Warning) {
	for _, w := range ws {
		fmt.Fprintf(stderr, "gpredict: warning: %s\n", w.Message)
	}
}

// loadSpecs loads the --spec files; warnings are printed and kept, errors
// printed and turned into exit status 2.
func loadSpecs(files []string, stderr io.Writer) ([]*spec.File, int) {
	var out []*spec.File
	failed := false
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintf(stderr, "gpredict: %v\n", err)
			failed = true
			continue
		}
		f, diags := spec.Load(name, src)
		if len(diags) > 0 {
			fmt.Fprint(stderr, diags.Render(src))
		}
		if diags.HasErrors() {
			failed = true
			continue
		}
		out = append(out, f)
	}
	if failed {
		return nil, exitError
	}
	return out, 0
}
