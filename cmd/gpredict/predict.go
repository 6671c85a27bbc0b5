package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"gpredict/predict"
	"gpredict/props"
	"gpredict/spec"
	"gpredict/trace"
)

// catalogue returns the bundled pattern properties (props/); the
// catalogue's built-ins (Deadlock) are selected and run by
// predict_builtins.go.
var catalogue = props.SpecFiles

// newDecider makes the engine's Deciders; nil means the engine's default
// (Z3). Tests replace it to force verdicts.
var newDecider func(tr *trace.Trace, model trace.BranchModel, opts predict.DeciderOptions) predict.Decider

func newPredictCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "predict [--spec FILE]... [--props NAME,...|all] TRACE...",
		Short: "Predict property violations that other schedules of the traced program exhibit",
		Long: `predict reads a trace and properties, and reports every violation that some
feasible schedule of the same program exhibits (SPEC 3), each with a witness.

Exit status: 0 no violation, 1 at least one violation, 2 a usage, spec or
trace error, 3 no violation but some candidates unknown (solver limit).`,
		RunE: runPredict,
	}
	f := cmd.Flags()
	f.StringArray("spec", nil, "property file (.gp); may be repeated")
	f.String("props", "", "properties to run, by name (comma-separated), or all (catalogue + --spec)")
	f.String("format", "text", "output format: text, json or sarif")
	f.Bool("all", false, "list every (binding, choice) violation instead of grouping by location")
	f.String("branches", "auto", "branch model: auto, implicit or explicit")
	f.Duration("timeout", 10*time.Second, "time limit per candidate, all solver stages included; may be overrun by work Z3 cannot interrupt (see docs/engine.md, Limits) (0: none)")
	f.Int("jobs", 0, "solver workers (0: one per CPU)")
	f.String("dump-smt", "", "write an SMT-LIB2 file per candidate into this directory")
	f.String("input-format", "", "trace format: "+trace.Formats+" (default: by extension)")
	return cmd
}

func runPredict(cmd *cobra.Command, args []string) error {
	v, err := settings(cmd)
	if err != nil {
		return err
	}
	stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
	if len(args) == 0 {
		return usageError{fmt.Errorf("predict: no trace given; usage: %s", cmd.UseLine())}
	}
	format := v.GetString("format")
	write, ok := map[string]func(io.Writer, *predict.Result, predict.ReportOptions) error{
		"text": predict.WriteText, "json": predict.WriteJSON, "sarif": predict.WriteSARIF,
	}[format]
	if !ok {
		return usageError{fmt.Errorf("--format %q: want text, json or sarif", format)}
	}
	model, err := trace.ParseBranchModel(v.GetString("branches"))
	if err != nil {
		return usageError{err}
	}
	jobs := v.GetInt("jobs")
	if jobs < 0 {
		return usageError{fmt.Errorf("--jobs %d: want 0 (one per CPU) or more", jobs)}
	}
	if jobs == 0 {
		jobs = runtime.NumCPU()
	}
	timeout := v.GetDuration("timeout")
	if timeout < 0 {
		return usageError{fmt.Errorf("--timeout %s: want a duration ≥ 0", timeout)}
	}
	if dir := v.GetString("dump-smt"); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return usageError{fmt.Errorf("--dump-smt: %w", err)}
		}
	}

	specFiles, code := loadSpecs(v.GetStringSlice("spec"), stderr)
	if code != 0 {
		return exitCode(code)
	}
	props, err := selectProps(specFiles, v.GetString("props"))
	if err != nil {
		return err
	}
	builtins := selectBuiltins(specFiles, v.GetString("props"))
	if len(props) == 0 && len(builtins) == 0 {
		return usageError{fmt.Errorf("predict: no property to check; give --spec FILE or --props NAME")}
	}

	tr, err := trace.Read(args, v.GetString("input-format"))
	if err != nil {
		return err
	}
	inputs := make([]predict.PropertyInput, len(props))
	for i, p := range props {
		events, err := spec.Match(p, tr)
		if err != nil {
			return fmt.Errorf("property %s: %w", p.Name, err)
		}
		inputs[i] = predict.PropertyInput{Prop: p, Events: events}
	}
	opts := predict.Options{
		Branches: model, Timeout: timeout, Jobs: jobs,
		DumpDir: v.GetString("dump-smt"), NewDecider: newDecider,
	}
	res, err := predict.Run(cmd.Context(), tr, inputs, opts)
	if err != nil {
		return err
	}
	if err := runBuiltins(cmd.Context(), tr, res, builtins, opts); err != nil {
		return err
	}
	if err := write(stdout, res, predict.ReportOptions{Version: version, Traces: args, All: v.GetBool("all")}); err != nil {
		return err
	}
	if err := writeModelNote(stdout, stderr, format, res, props, builtins); err != nil {
		return err
	}
	if code := res.ExitStatus(); code != 0 {
		return exitCode(code)
	}
	return nil
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

// selectProps applies --props (SPEC 4): empty = every --spec property;
// "all" = the catalogue plus the --spec properties; otherwise the named
// ones, looked up in the --spec files first, then the catalogue.
func selectProps(specFiles []*spec.File, sel string) ([]*spec.Property, error) {
	var fromSpecs []*spec.Property
	for _, f := range specFiles {
		fromSpecs = append(fromSpecs, f.Properties...)
	}
	sel = strings.TrimSpace(sel)
	if sel == "" {
		return fromSpecs, nil
	}
	catFiles, err := catalogue()
	if err != nil {
		return nil, fmt.Errorf("loading the property catalogue: %w", err)
	}
	var fromCat []*spec.Property
	for _, f := range catFiles {
		fromCat = append(fromCat, f.Properties...)
	}
	if sel == "all" {
		return append(fromCat, fromSpecs...), nil
	}
	byName := map[string]*spec.Property{}
	for _, p := range fromCat {
		byName[p.Name] = p
	}
	for _, p := range fromSpecs {
		byName[p.Name] = p // a --spec property shadows a catalogue one
	}
	isBuiltin := builtinNames(specFiles)
	var out []*spec.Property
	var unknown []string
	seen := map[string]bool{}
	for _, name := range strings.Split(sel, ",") {
		name = strings.TrimSpace(name)
		if name == "" || seen[name] {
			continue
		}
		seen[name] = true
		if p, ok := byName[name]; ok {
			out = append(out, p)
		} else if !isBuiltin[name] {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		known := make([]string, 0, len(byName)+len(isBuiltin))
		for n := range byName {
			known = append(known, n)
		}
		for n := range isBuiltin {
			known = append(known, n)
		}
		sort.Strings(known)
		list := "none"
		if len(known) > 0 {
			list = strings.Join(known, ", ")
		}
		return nil, usageError{fmt.Errorf("--props: unknown propert%s %s; known: %s",
			map[bool]string{true: "y", false: "ies"}[len(unknown) == 1], strings.Join(unknown, ", "), list)}
	}
	return out, nil
}
