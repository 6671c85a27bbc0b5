package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"gpredict/internal/javatest"
)

// TestMain lets the test binary act as the gpredict command inside
// testscript scripts.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"gpredict": func() { os.Exit(run()) },
	})
}

// TestScripts runs the CLI cases under testdata/script (txtar files: the
// commands, their inputs and the expected outputs together). `go test
// ./cmd/gpredict -run TestScripts -update` rewrites the expected files of
// failing `cmp` commands.
func TestScripts(t *testing.T) {
	agent := "" // scripts that record Java programs skip without a JDK
	if javatest.Available() {
		agent = javatest.Agent(t)
	}
	testscript.Run(t, testscript.Params{
		Dir:           filepath.Join("testdata", "script"),
		UpdateScripts: *update,
		Setup: func(env *testscript.Env) error {
			env.Setenv("GPREDICT_AGENT", agent)
			return setupSignalled(env)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exitcode":    exitcodeCmd,
			"writebytes":  writebytesCmd,
			"lockedtrace": lockedTraceCmd,
			"sleep":       sleepCmd,
			"signal":      signalCmd,
			"exitstatus":  exitstatusCmd,
			"mkfifo":      mkfifoCmd,
			"holdfifo":    holdfifoCmd,
			"stallfifo":   stallfifoCmd,
			"within":      withinCmd,
			"seqtrace":    seqTraceCmd,
			"locktrace":   lockOrderTraceCmd,
			"prefixtrace": prefixTraceCmd,
			"jsonvalid":   jsonValidCmd,
			"sarifvalid":  sarifValidCmd,
			"waitsize":    waitSizeCmd,
		},
	})
}

// exitcodeCmd is `exitcode N PROGRAM ARGS...`: runs the program like exec
// (its output is then checked with stdout, stderr, cmp) and requires exit
// status N, since exec alone tells only success from failure.
func exitcodeCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exitcode N PROGRAM [ARGS...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exitcode: %v", err)
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("exitcode: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
	}
}

// writebytesCmd is `writebytes FILE 'GO STRING'`: it writes the Go string
// literal's value to FILE, for inputs a txtar file cannot hold as text
// (NUL bytes, invalid UTF-8, lone carriage returns).
func writebytesCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: writebytes FILE 'GO STRING'")
	}
	data, err := strconv.Unquote(`"` + args[1] + `"`)
	if err != nil {
		ts.Fatalf("writebytes: %v", err)
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(data), 0o644))
}

// lockedTraceCmd is `lockedtrace FILE THREADS ROUNDS`: it writes a text
// trace in which each of THREADS threads, ROUNDS times, writes x inside
// a hold of lock l (a long run for properties the solver must decide).
func lockedTraceCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: lockedtrace FILE THREADS ROUNDS")
	}
	threads, err1 := strconv.Atoi(args[1])
	rounds, err2 := strconv.Atoi(args[2])
	if err1 != nil || err2 != nil {
		ts.Fatalf("lockedtrace: THREADS and ROUNDS are numbers")
	}
	var b strings.Builder
	for i := 1; i <= rounds; i++ {
		for t := 1; t <= threads; t++ {
			fmt.Fprintf(&b, "T%d acquire l\nT%d write x %d\nT%d release l\n", t, t, t*1000000+i, t)
		}
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(b.String()), 0o644))
}

// sleepCmd is `sleep DURATION`: it lets a background command run a while.
func sleepCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: sleep DURATION")
	}
	d, err := time.ParseDuration(args[0])
	ts.Check(err)
	time.Sleep(d)
}
