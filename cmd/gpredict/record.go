package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"gpredict/record"
	"gpredict/record/java"
)

func newRecordCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "record [-o DIR] [--format text|jsonl|std] [--split] [flags] -- go test|run ... | java [JVM options] (-cp CP MAIN | -jar JAR) [args]",
		Short: "Record a trace of a Go or Java program",
		Long: "Record instruments the Go packages of the current module that the go command\n" +
			"builds (not the standard library; dependencies only with --instrument), runs\n" +
			"the command from instrumented copies through a build overlay (the module's\n" +
			"files are never written), and writes the trace of the run to DIR/trace.trace\n" +
			"(DIR/trace.jsonl with --format jsonl; one file per goroutine in DIR/trace/\n" +
			"with --split). docs/recording.md says what is recorded and how.\n\n" +
			"For a java command, a Java agent instruments the program's classes (not the\n" +
			"JDK's; --include/--exclude choose packages) as they load, and logs the calls\n" +
			"that the chosen properties' pointcuts may match (--props, --spec; default: the\n" +
			"catalogue). --format std also writes DIR/trace.std for RAPID.\n" +
			"docs/recording-java.md says what is recorded and how.",
		Example: "  gpredict record -o rec -- go test ./bank -run TestTransfer\n" +
			"  gpredict record -o rec -- java -cp classes demo.Main\n" +
			"  gpredict predict --props all rec/trace.trace",
		RunE: runRecord,
	}
	cmd.Flags().StringP("out", "o", "gpredict-record", "output directory")
	cmd.Flags().String("format", "text", "trace format: text or jsonl")
	cmd.Flags().Bool("split", false, "write one file per goroutine (text only)")
	cmd.Flags().StringSlice("instrument", nil, "also instrument dependencies whose import path starts with one of these")
	cmd.Flags().Bool("keep-raw", false, "keep the runtime's raw logs in DIR/raw")
	boolFlag(cmd.Flags(), "allow-failure", "exit 0 when the recorded command fails (else an error, exit 2, after writing the trace)")
	addPerturbFlags(cmd.Flags())
	addRecordJavaFlags(cmd.Flags())
	return cmd
}

// addPerturbFlags declares the flags of the schedule perturbation of a
// recorded Go program (docs/recording.md, Schedule perturbation), for
// record and test. **Decision:** off by default: on GoBench a perturbed
// recorded run found no more bugs than a plain one (the docs' figures).
func addPerturbFlags(fs *pflag.FlagSet) {
	choiceFlag(fs, "perturb", "off", []string{"on", "off"}, "perturb the recorded run's schedule (random yields), so that runs take more varied interleavings: on or off")
	countFlag(fs, "seed", 0, 0, "0 (a random seed) or more", "the perturbation's seed (0: a random one, printed); a seed turns --perturb on")
}

// perturbOptions sets o's perturbation from the flags: on with --perturb
// on or a --seed (repeating a run's choices needs only its seed), an
// error when the command line also says --perturb off.
func perturbOptions(cmd *cobra.Command, v *config, o *record.Options) error {
	o.Seed = uint64(v.GetInt("seed"))
	o.Perturb = v.GetString("perturb") == "on" || o.Seed != 0
	if o.Seed != 0 && v.GetString("perturb") == "off" && cmd.Flags().Changed("perturb") {
		return usageError(fmt.Errorf("--seed %d perturbs the run; it contradicts --perturb off", o.Seed))
	}
	return nil
}

// perturbLine says with which seed a recorded run was perturbed.
func perturbLine(w io.Writer, res *record.Result) {
	if res.Seed != 0 {
		fmt.Fprintf(w, "gpredict: schedule perturbed with seed %d (--seed %d makes the same choices)\n", res.Seed, res.Seed)
	}
}

func runRecord(cmd *cobra.Command, args []string) error {
	onCommandLine := flagsSet(cmd)
	v, err := settings(cmd)
	if err != nil {
		return err
	}
	if cmd.ArgsLenAtDash() != 0 || len(args) == 0 {
		return usageError(fmt.Errorf("record: want the go or java command after --, e.g. gpredict record -- go test ./pkg -run TestX"))
	}
	if java.IsJava(args[0]) {
		return runRecordJava(cmd, v, args, onCommandLine)
	}
	if err := noJavaFlags(v, onCommandLine); err != nil {
		return err
	}
	out := v.GetString("out")
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	stderr := cmd.ErrOrStderr()
	o := record.Options{
		Out: out, Format: v.GetString("format"), Split: v.GetBool("split"),
		Extra: v.GetStringSlice("instrument"), KeepRaw: v.GetBool("keep-raw"),
		Stdout: cmd.OutOrStdout(), Stderr: stderr,
	}
	if err := perturbOptions(cmd, v, &o); err != nil {
		return err
	}
	res, err := record.Record(args, o)
	if err != nil {
		return err
	}
	failed := recordWarnings(stderr, args, res, v.GetBool("allow-failure"))
	perturbLine(stderr, res)
	fmt.Fprintf(stderr, "gpredict: recorded %d events of %d goroutines (%d files instrumented, %.2fs): %s\n",
		res.Events, res.Threads, res.Instrumented, res.Seconds, strings.Join(res.Traces, " "))
	return failed
}

// recordWarnings prints what the collector could not take as it was, the
// goroutines a blocked run left waiting and, when the run is accepted though it failed, how the recorded command
// ended. A failed run is an error unless --allow-failure accepts it: a
// failing run records what it did, but predicting from it in CI would
// hide the failure. Its error is returned, to be given after the summary
// line, so that the trace written is named either way.
func recordWarnings(stderr io.Writer, args []string, res *record.Result, allowFailure bool) error {
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
	if p := res.Panic; p != nil {
		fmt.Fprintf(stderr, "gpredict: warning: the run panicked: %s%s\n", p.Msg, panicPlace(p))
	}
	if res.ExitCode == 0 {
		return nil
	}
	how := fmt.Sprintf("exited with status %d", res.ExitCode)
	if res.ExitCode == -1 {
		how = "was killed by a signal"
	}
	if allowFailure {
		fmt.Fprintf(stderr, "gpredict: warning: %s %s; the trace holds what it did until then\n", strings.Join(args, " "), how)
		return nil
	}
	return fmt.Errorf("%s %s; the trace holds what it did until then (--allow-failure accepts a failed run)", strings.Join(args, " "), how)
}

// panicPlace is " at SITE" for a panic, with the goroutine's creation
// site when the runtime gave it: the bug a failed run shows, where
// record names a blocked run's waits.
func panicPlace(p *record.Panic) string {
	out := ""
	if p.Site != "" {
		out = " at " + p.Site
	}
	if c := p.Created; c != nil {
		out += fmt.Sprintf(" (in a goroutine created at %s:%d)", c.File, c.Line)
	}
	return out
}
