package main

import (
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"gpredict/atomicity"
	"gpredict/trace"
)

func newAtomicityCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "atomicity [--atomic SIGPATTERN]... [--format text|dot|json] TRACE",
		Short: "Check that the recorded run is serializable with respect to its atomic blocks (Velodrome)",
		Long: `atomicity takes the events of one trace file in the order they were
recorded — an STD or RapidBin recording, or a text or JSON Lines file whose
line order is an execution — and decides whether that run is
conflict-serializable with respect to its atomic blocks: the enter/exit
pairs of methods matching an --atomic pattern (default atomic(), which is
what STD begin/end become). For each violation it blames the block that
closes a cycle of conflicting events and prints the cycle (docs/atomicity.md).

Unlike predict --props AtomicityViolation, which looks at every feasible
schedule, atomicity judges only the run that was recorded.

Exit status: 0 serializable, 1 a violation, 2 a usage or trace error.`,
		RunE: runAtomicity,
	}
	f := cmd.Flags()
	f.StringArray("atomic", []string{"atomic()"}, "signature pattern of the methods whose invocations are atomic blocks; may be repeated (replaces the default)")
	choiceFlag(f, "format", "text", []string{"text", "dot", "json"}, "output format: text, dot or json")
	boolFlag(f, "all", "list every violation instead of grouping those at the same locations")
	addInputFormatFlag(cmd)
	return cmd
}

func runAtomicity(cmd *cobra.Command, args []string) error {
	v, err := settings(cmd)
	if err != nil {
		return err
	}
	if len(args) == 0 {
		return usageError(fmt.Errorf("atomicity: no trace given; usage: %s", cmd.UseLine()))
	}
	write, ok := map[string]func(io.Writer, *trace.Trace, *atomicity.Result, atomicity.ReportOptions) error{
		"text": atomicity.WriteText, "dot": atomicity.WriteDOT, "json": atomicity.WriteJSON,
	}[v.GetString("format")]
	if !ok {
		return usageError(fmt.Errorf("--format %q: want text, dot or json", v.GetString("format")))
	}
	patterns := v.GetStringSlice("atomic")
	if len(patterns) == 0 {
		return usageError(fmt.Errorf("--atomic: want at least one signature pattern"))
	}
	tr, err := readTraces(cmd, args)
	if err != nil {
		return err
	}
	if len(tr.Files) != 1 {
		return usageError(fmt.Errorf("atomicity: the recorded order is the order of one file, and %d files were given (%v); give one", len(tr.Files), tr.Files))
	}
	file := tr.Files[0]
	format, err := trace.ParseFormat(v.GetString("input-format"))
	if err == nil && format == "" {
		format, err = trace.FormatOf(file)
	}
	if err != nil {
		return usageError(err)
	}
	order, err := atomicity.RecordedOrder(tr)
	if err != nil {
		return err
	}
	if fault := checkRecordedOrder(tr, order); fault != nil {
		msg := fault.message(file, format)
		if format == trace.FormatText || format == trace.FormatJSONL {
			return fmt.Errorf("%s; atomicity needs the events in the order they happened (docs/atomicity.md)", msg)
		}
		// A recording's order is what happened, even where the recorder
		// missed something (jigsaw's unrecorded waits): it is analysed.
		fmt.Fprintf(cmd.ErrOrStderr(), "gpredict: warning: %s; the run is analysed as recorded\n", msg)
	}
	isAtomic, err := atomicBlocks(cmd.Context(), tr, patterns)
	if err != nil {
		return err
	}
	start := time.Now()
	res := atomicity.Check(tr, order, atomicity.Options{Atomic: isAtomic, Stop: cmd.Context().Done()})
	if res.Stats.Blocks == 0 {
		fmt.Fprintf(cmd.ErrOrStderr(), "gpredict: warning: no method matching --atomic %v is entered: every event is a transaction of its own, and such a run is always serializable\n", patterns)
	}
	opts := atomicity.ReportOptions{
		Version: version, Traces: args, Atomic: patterns, All: v.GetBool("all"),
		Seconds: time.Since(start).Seconds(),
	}
	if err := write(cmd.OutOrStdout(), tr, res, opts); err != nil {
		return err
	}
	if res.Interrupted {
		return exitCode(exitInterrupted) // the report says so
	}
	if !res.Serializable() {
		return exitCode(exitViolation)
	}
	return nil
}
