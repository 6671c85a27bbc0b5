package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"gpredict/trace"
)

func newTraceCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "trace",
		Short: "Validate and convert recorded traces",
		Long: `Validate and convert recorded traces. The formats (text .trace, JSON Lines
.jsonl, STD .std, RapidBin .data) are described in docs/trace-format.md.`,
		RunE: wantSubcommand,
	}
	cmd.AddCommand(newTraceCheckCmd(), newTraceConvertCmd(), newTraceShowCmd())
	return cmd
}

// addInputFormatFlag adds --input-format, shared by the commands that read
// traces.
func addInputFormatFlag(cmd *cobra.Command) {
	choiceFlag(cmd.Flags(), "input-format", "", inputFormats(), "trace format: "+trace.Formats+" (default: by file extension)")
}

// inputFormats are the values of --input-format.
func inputFormats() []string {
	return []string{string(trace.FormatText), string(trace.FormatJSONL), string(trace.FormatSTD), string(trace.FormatRapidBin)}
}

// readTraces reads the trace given as args with the --input-format
// setting; an interrupt stops it (the error is then the context's).
func readTraces(cmd *cobra.Command, args []string) (*trace.Trace, error) {
	v, err := settings(cmd)
	if err != nil {
		return nil, err
	}
	tr, err := trace.ReadContext(cmd.Context(), args, v.GetString("input-format"))
	if err != nil {
		return nil, err
	}
	printWarnings(cmd.ErrOrStderr(), tr)
	return tr, nil
}

// printWarnings prints the trace's warnings, one line per kind with its
// count and first example.
func printWarnings(w io.Writer, tr *trace.Trace) {
	for _, warn := range tr.Warnings {
		fmt.Fprintf(w, "gpredict: warning: %s\n", warn)
	}
}

func newTraceCheckCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "check TRACE...",
		Short: "Validate a trace and print its statistics",
		Long: "Check reads the trace (several files or a directory make one trace),\n" +
			"reports the first malformed item with FILE:LINE:COL, and prints\n" +
			"threads, events, events per kind, variables, locks, invocations and warnings.",
		Args: cobra.MinimumNArgs(1),
		RunE: runTraceCheck,
	}
	addInputFormatFlag(cmd)
	choiceFlag(cmd.Flags(), "format", "text", []string{"text", "json"}, "output format: text or json")
	return cmd
}

func runTraceCheck(cmd *cobra.Command, args []string) error {
	v, err := settings(cmd)
	if err != nil {
		return err
	}
	format := v.GetString("format")
	tr, err := readTraces(cmd, args)
	if err != nil {
		return err
	}
	st := tr.Stats()
	out := cmd.OutOrStdout()
	if format == "json" {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(st)
	}
	writeStatsText(out, st)
	return nil
}

// writeStatsText prints the statistics for people: one figure per line,
// the kinds that occur indented under the event count.
func writeStatsText(w io.Writer, st trace.Stats) {
	row := func(label string, n int) { fmt.Fprintf(w, "%-13s %d\n", label, n) }
	fmt.Fprintf(w, "%-13s %s\n", "trace", strings.Join(st.Files, " "))
	row("threads", st.Threads)
	row("events", st.Events)
	for op := trace.Op(0); op < trace.NumOps; op++ {
		if n := st.PerKind[op.String()]; n > 0 {
			row("  "+op.String(), n)
		}
	}
	row("variables", st.Variables)
	row("locks", st.Locks)
	row("invocations", st.Invocations)
	if st.HB > 0 {
		row("hb facts", st.HB)
	}
	row("warnings", st.Warnings)
}

func newTraceConvertCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "convert --to text|jsonl TRACE...",
		Short: "Write a trace in another format to standard output",
		Args:  cobra.MinimumNArgs(1),
		RunE:  runTraceConvert,
	}
	addInputFormatFlag(cmd)
	choiceFlag(cmd.Flags(), "to", "", []string{"text", "jsonl"}, "output format: text or jsonl (required)")
	return cmd
}

func runTraceConvert(cmd *cobra.Command, args []string) error {
	v, err := settings(cmd)
	if err != nil {
		return err
	}
	var write func(io.Writer, *trace.Trace) error
	switch to := v.GetString("to"); to {
	case "text":
		write = trace.WriteText
	case "jsonl":
		write = trace.WriteJSONL
	default:
		return usageError(fmt.Errorf("convert: missing --to; want --to text or --to jsonl"))
	}
	tr, err := readTraces(cmd, args)
	if err != nil {
		return err
	}
	// A converted recording is as long as the recording: an interrupt
	// stops the writing too.
	return write(ctxWriter{cmd.Context(), cmd.OutOrStdout()}, tr)
}
