package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"gpredict/encode"
	"gpredict/predict"
	"gpredict/predict/report/witness"
	"gpredict/props"
	"gpredict/record"
)

// gpredict test (docs/recording.md, gpredict test): record `go test` and
// predict on each test binary's trace, reporting as the race detector
// does. Its own options are the double-dash flags below; every other
// argument is go test's (-run, -count, -timeout, packages, …), which is
// why cobra's flag parsing is off and testArgs splits the arguments.

// testFlags are gpredict test's own flags: name → takes a value.
var testFlags = map[string]bool{
	"props": true, "out": true, "timeout": true, "jobs": true, "memory": true, "witness": true,
	"instrument": true, "perturb": true, "seed": true, "config": true, "help": false,
}

func newTestCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "test [--props NAME,...] [--out DIR] [--timeout DURATION] [--jobs N] [--memory SIZE] [--witness MODE] [--perturb on|off] [--seed N] [go test flags] [packages]",
		Short: "Record a package's tests and report the concurrency bugs other schedules exhibit",
		Long: `test records go test (gpredict record), predicts DataRace, Deadlock, Blocked
(goroutines left waiting for ever: leaks and hangs) and the catalogue's Go
properties on the recording of each test binary, and prints every report as
the race detector prints a race: the events with their call stacks, the
creation stack of each goroutine involved, then the witness, grouped by test.
A run that blocked, timed out or was killed is reported with the goroutines it
left blocked. Every argument that is not one of the flags
above, which start with two dashes, is go test's (-run, -count, -timeout
...). docs/recording.md says what is recorded.

Exit status: 0 nothing reported, 1 a report, a test that failed or a run
that blocked, 2 a usage error or a package that does not load, 3 nothing
reported but some candidates unknown (solver limit).`,
		Example:            "  gpredict test -run TestCache ./cache\n  gpredict test --props DataRace -count=3 .",
		DisableFlagParsing: true,
		RunE:               runTest,
	}
	f := cmd.Flags()
	f.String("props", goProps, "properties to run, by name (comma-separated), or all")
	f.StringP("out", "o", "", "keep the recording in this directory (default: a temporary one, removed)")
	durationFlag(f, "timeout", 0, "a duration such as 10s or 1m30s, or 0 for no limit",
		"time limit per candidate (go test's own is -timeout, one dash)")
	countFlag(f, "jobs", 0, 0, "0 (one per CPU) or more", "solver workers (0: one per CPU)")
	sizeFlag(f, "memory", "auto or a size such as 512MiB or 2GiB",
		"memory budget of each trace's prediction (auto: half the physical memory), as predict's --memory")
	choiceFlag(f, "witness", "trimmed", witness.Modes, "witness drawn: trimmed, full or none")
	f.StringSlice("instrument", nil, "also instrument dependencies whose import path starts with one of these")
	addPerturbFlags(f)
	return cmd
}

// goProps are the properties gpredict test runs by default: what the race
// detector finds, the deadlocks and goroutines left waiting for ever
// (leaks, hangs) that it cannot, and the Go properties.
var goProps = func() string {
	names := []string{"DataRace", "Deadlock", "Blocked"}
	for _, name := range props.Names() {
		if strings.HasPrefix(name, "Go") {
			names = append(names, name)
		}
	}
	return strings.Join(names, ",")
}()

// testArgs splits the arguments into gpredict test's flags (set on cmd)
// and go test's; help reports --help or -h.
func testArgs(cmd *cobra.Command, args []string) (goArgs []string, help bool, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "-h" || a == "--help" {
			return nil, true, nil
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		if a == "-o" {
			name = "out"
		}
		takes, ours := testFlags[name]
		if !ours || !strings.HasPrefix(a, "--") && a != "-o" {
			goArgs = append(goArgs, a)
			continue
		}
		if takes && !hasValue {
			if i+1 >= len(args) {
				return nil, false, usageError(fmt.Errorf("test: --%s needs a value", name))
			}
			i++
			value = args[i]
		}
		if err := cmd.Flags().Set(name, value); err != nil {
			return nil, false, usageError(fmt.Errorf("--%s: %v", name, err))
		}
	}
	return goArgs, false, nil
}

func runTest(cmd *cobra.Command, args []string) error {
	goArgs, help, err := testArgs(cmd, args)
	if err != nil || help {
		if help {
			return cmd.Help()
		}
		return err
	}
	v, err := settings(cmd)
	if err != nil {
		return err
	}
	stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
	_, witness, err := modelAndWitness(v)
	if err != nil {
		return err
	}
	sel, err := selectProps(nil, v.GetString("props"))
	if err != nil {
		return err
	}
	out := v.GetString("out")
	if out == "" {
		if out, err = os.MkdirTemp("", "gpredict-test-"); err != nil {
			return err
		}
		defer os.RemoveAll(out)
	} else if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	o := record.Options{Out: out, Extra: v.GetStringSlice("instrument"), Stdout: stdout, Stderr: stderr}
	if err := perturbOptions(cmd, v, &o); err != nil {
		return err
	}
	res, err := record.Record(append([]string{"go", "test"}, goArgs...), o)
	if err != nil {
		return err
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(stderr, "gpredict: warning: %s\n", w.Msg)
	}
	perturbLine(stderr, res)
	fmt.Fprintf(stderr, "gpredict: recorded %d events of %d goroutines (%d files instrumented, %.2fs)\n",
		res.Events, res.Threads, res.Instrumented, res.Seconds)
	budget := v.memoryBudget()
	opts := predict.Options{Timeout: v.GetDuration("timeout"), Jobs: v.GetInt("jobs"), MemoryBudget: budget, NewDecider: newDecider(cmd.Context())}
	sum := testSummary{}
	for _, path := range res.Traces {
		tr, loading, err := readWithinBudget(cmd.Context(), []string{path}, "", budget)
		var r *predict.Result
		if err == nil {
			o := opts
			o.Indexes = encode.NewIndexes(tr) // this trace's, shared by its properties, gone with it
			r, _, _, err = predictTrace(cmd.Context(), io.Discard, false, false, loading.Stop, tr, sel, o)
		}
		loading.Stop() // a watch stopped already (predictTrace's endLoading) stays so
		if err != nil {
			return err
		}
		if err := writeTestReports(stdout, tr, r, witness, waitingAtEnd(res), &sum); err != nil {
			return err
		}
		if r.Interrupted {
			return exitCode(exitInterrupted)
		}
	}
	for _, b := range res.Blocked {
		sum.blocked++
		writeBlocked(stdout, b)
	}
	if res.Panic != nil {
		writePanic(stdout, res.Panic)
	}
	sum.write(stdout, res)
	return sum.status(res)
}

// testSummary counts what gpredict test reported, for its last line and
// its exit status.
type testSummary struct {
	reports, unknown, blocked int
	byProp                    map[string]int
	tests                     map[string]bool // tests with a report
}

func (s *testSummary) write(w io.Writer, res *record.Result) {
	var parts []string
	for _, name := range sortedKeys(s.byProp) {
		parts = append(parts, fmt.Sprintf("%s %d", name, s.byProp[name]))
	}
	line := fmt.Sprintf("gpredict test: %s", countOf(s.reports, "report"))
	if s.reports > 0 {
		line += fmt.Sprintf(" in %s (%s)", countOf(len(s.tests), "test"), strings.Join(parts, ", "))
	}
	if s.unknown > 0 {
		line += fmt.Sprintf(", %s", countOf(s.unknown, "unknown candidate"))
	}
	if s.blocked > 0 {
		line += fmt.Sprintf(", the run blocked (%s: %s)", res.Ended, countOf(s.blocked, "goroutine"))
	}
	if res.ExitCode != 0 {
		line += fmt.Sprintf("; go test failed (exit status %d)", res.ExitCode)
		if res.Panic != nil {
			line += ": panic: " + res.Panic.Msg
		}
	}
	fmt.Fprintln(w, line)
}

// status is the exit status: 1 for a report, a failed test or a blocked
// run, else 3 for unknown candidates, else 0.
func (s *testSummary) status(res *record.Result) error {
	switch {
	case s.reports > 0 || s.blocked > 0 || res.ExitCode != 0:
		return exitCode(exitViolation)
	case s.unknown > 0:
		return exitCode(exitUnknown)
	}
	return nil
}
