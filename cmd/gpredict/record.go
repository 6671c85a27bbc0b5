package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"gpredict/record"
)

func newRecordCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "record [-o DIR] [--format text|jsonl] [--split] [--instrument PATH,...] -- go test|run ...",
		Short: "Record a trace of a Go program or its tests",
		Long: "Record instruments the Go packages of the current module that the go command\n" +
			"builds (not the standard library; dependencies only with --instrument), runs\n" +
			"the command from instrumented copies through a build overlay (the module's\n" +
			"files are never written), and writes the trace of the run to DIR/trace.trace\n" +
			"(DIR/trace.jsonl with --format jsonl; one file per goroutine in DIR/trace/\n" +
			"with --split). docs/recording.md says what is recorded and how.",
		Example: "  gpredict record -o rec -- go test ./bank -run TestTransfer\n" +
			"  gpredict predict --props all rec/trace.trace",
		RunE: runRecord,
	}
	cmd.Flags().StringP("out", "o", "gpredict-record", "output directory")
	cmd.Flags().String("format", "text", "trace format: text or jsonl")
	cmd.Flags().Bool("split", false, "write one file per goroutine (text only)")
	cmd.Flags().StringSlice("instrument", nil, "also instrument dependencies whose import path starts with one of these")
	cmd.Flags().Bool("keep-raw", false, "keep the runtime's raw logs in DIR/raw")
	boolFlag(cmd.Flags(), "allow-failure", "exit 0 when the recorded command fails (else an error, exit 2, after writing the trace)")
	return cmd
}

func runRecord(cmd *cobra.Command, args []string) error {
	v, err := settings(cmd)
	if err != nil {
		return err
	}
	if cmd.ArgsLenAtDash() != 0 || len(args) == 0 {
		return usageError{fmt.Errorf("record: want the go command after --, e.g. gpredict record -- go test ./pkg -run TestX")}
	}
	out := v.GetString("out")
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	stderr := cmd.ErrOrStderr()
	res, err := record.Record(args, record.Options{
		Out: out, Format: v.GetString("format"), Split: v.GetBool("split"),
		Extra: v.GetStringSlice("instrument"), KeepRaw: v.GetBool("keep-raw"),
		Stdout: cmd.OutOrStdout(), Stderr: stderr,
	})
	if err != nil {
		return err
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(stderr, "gpredict: warning: %s\n", w.Msg)
	}
	for _, b := range res.Blocked {
		held := ""
		if b.Holder != "" {
			held = ", held by " + b.Holder
		}
		fmt.Fprintf(stderr, "gpredict: warning: the run ended (%s) with goroutine %s waiting in %s at %s%s\n", b.Why, b.Thread, b.What, b.Site, held)
	}
	failed := res.ExitCode != 0 && !v.GetBool("allow-failure")
	if res.ExitCode != 0 && !failed {
		fmt.Fprintf(stderr, "gpredict: warning: %s exited with status %d; the trace holds what it did until then\n", strings.Join(args, " "), res.ExitCode)
	}
	fmt.Fprintf(stderr, "gpredict: recorded %d events of %d goroutines (%d files instrumented, %.2fs): %s\n",
		res.Events, res.Threads, res.Instrumented, res.Seconds, strings.Join(res.Traces, " "))
	if failed {
		// A failing test run records what it did, but predicting from it
		// in CI would hide the failure: it is an error unless accepted.
		return fmt.Errorf("%s exited with status %d; the trace holds what it did until then (--allow-failure accepts a failed run)", strings.Join(args, " "), res.ExitCode)
	}
	return nil
}
