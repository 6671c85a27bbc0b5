package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"gpredict/internal/diag"
)

// Exit statuses (docs/cli.md).
const (
	exitOK        = 0 // no violation
	exitViolation = 1 // at least one violation
	exitError     = 2 // usage, spec or trace error
	exitUnknown   = 3 // no violation, but some candidates unknown
	// exitInterrupted is the shell's status for a run stopped by SIGINT.
	exitInterrupted = 130
)

// exitCode carries a non-zero status out of a command that has already
// printed what it had to say.
type exitCode int

func (c exitCode) Error() string { return fmt.Sprintf("exit status %d", int(c)) }

// usageError marks err as an error in how the command was called (exit
// 2, as every error): the project's one positioned error (package diag) of
// code diag.CodeUsage, written as err is.
func usageError(err error) error { return diag.Wrap(diag.CodeUsage, err) }

// MainContext runs gpredict with args and returns the exit status; ctx
// can interrupt the run. Errors are printed once, here; cobra's own error
// and usage printing are silenced.
func MainContext(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	root := newRootCmd()
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	if err != nil && ctx.Err() != nil && !errors.As(err, new(exitCode)) {
		fmt.Fprintln(stderr, "gpredict: interrupted")
		return exitInterrupted
	}
	var code exitCode
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &code):
		return int(code)
	default:
		// Every error is written once, here, by its own Error: for the
		// project's errors that is package diag's renderer.
		fmt.Fprintf(stderr, "gpredict: %v\n", err)
		return exitError
	}
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "gpredict",
		Short: "Predict concurrency bugs from one recorded execution",
		Long: `gpredict reads a trace recorded from one run of a multithreaded program and
properties of what must not happen, and reports every violation that another
schedule of the same program can exhibit, each with a witness schedule.

Documentation: README.md and docs/ in the gpredict repository — what a
violation means (docs/semantics.md), trace formats (docs/trace-format.md),
the property language (docs/language.md), output (docs/output.md) and the
command line, configuration included (docs/cli.md).`,
		Version:       versionString(),
		SilenceErrors: true,
		SilenceUsage:  true,
		RunE:          wantSubcommand,
	}
	root.SetVersionTemplate("gpredict {{.Version}}\n")
	// Declared here so that cobra does not add its -v shorthand: in Go
	// tools -v means verbose, so the version is asked for by its long name
	// only (or `gpredict version`).
	root.Flags().Bool("version", false, "print the version of gpredict and the commit it was built from")
	root.PersistentFlags().String("config", "", "configuration file (default: ./gpredict.yaml if present)")
	root.SetFlagErrorFunc(flagError)
	root.AddCommand(
		newVersionCmd(),
		newTraceCmd(),
		newSpecCmd(),
		newPredictCmd(),
		newPropsCmd(),
		newAtomicityCmd(),
		newRecordCmd(),
		newTestCmd(),
		newQueryCmd(),
	)
	registerCompletions(root)
	return root
}

// flagError rewords pflag's "invalid argument "5" for "--timeout" flag:
// ..." as the message every source of a value gets (config.go):
// `--timeout: "5" needs a unit, e.g. 5s`.
func flagError(_ *cobra.Command, err error) error {
	var bad *pflag.InvalidValueError
	if errors.As(err, &bad) {
		return usageError(fmt.Errorf("--%s: %v", bad.GetFlag().Name, bad.Unwrap()))
	}
	return usageError(err)
}

// wantSubcommand is the RunE of the commands that only group others
// (gpredict, trace, spec, props): without a subcommand, or with one they do
// not have, they exit 2 and name their subcommands, as any other usage
// error does (docs/cli.md). `--help` still prints the help and exits 0.
func wantSubcommand(cmd *cobra.Command, args []string) error {
	var names []string
	for _, c := range cmd.Commands() {
		if c.IsAvailableCommand() {
			names = append(names, c.Name())
		}
	}
	if !cmd.HasParent() {
		return usageError(fmt.Errorf("missing command; want %s (see gpredict --help)", orList(names)))
	}
	what := "missing subcommand"
	if len(args) > 0 {
		what = fmt.Sprintf("unknown subcommand %q", args[0])
	}
	return usageError(fmt.Errorf("%s: %s; want %s (see %s --help)", cmd.Name(), what, orList(names), cmd.CommandPath()))
}
