package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the test binary act as the gpredict command inside
// testscript scripts.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"gpredict": func() { os.Exit(Main(os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the CLI cases under testdata/script (txtar files: the
// commands, their inputs and the expected outputs together). `go test
// ./cmd/gpredict -run TestScripts -update` rewrites the expected files of
// failing `cmp` commands.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           filepath.Join("testdata", "script"),
		UpdateScripts: *update,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exitcode":   exitcodeCmd,
			"writebytes": writebytesCmd,
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
