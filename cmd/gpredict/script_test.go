package main

import (
	"errors"
	"os"
	"os/exec"
	"strconv"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// The command-line suite: each testdata/script/*.txtar is a script that
// runs gpredict as a user would, with its input files and the output it
// must print in the same file (testscript's format). `go test
// ./cmd/gpredict -run TestScripts -update` rewrites the expected files of
// failing `cmp` commands.

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"gpredict": func() { os.Exit(Main(os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		UpdateScripts:       *update,
		RequireExplicitExec: true,
		Cmds: map[string]func(*testscript.TestScript, bool, []string){
			"exits":      cmdExits,
			"writebytes": cmdWriteBytes,
		},
	})
}

// cmdExits is `exits N PROGRAM ARGS...`: it runs the program like exec
// and requires exit status N (exec only tells zero from non-zero, and
// gpredict's statuses 1, 2 and 3 mean different things). Its output is
// then checked with stdout and stderr as after exec.
func cmdExits(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exits STATUS PROGRAM [ARGS...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exits: status %q is not a number", args[0])
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			ts.Fatalf("exits: %v", err)
		}
		got = exit.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
	}
}

// cmdWriteBytes is `writebytes FILE "GO STRING"`: it writes the unquoted
// Go string literal to FILE, for inputs a txtar file cannot hold as text
// (NUL bytes, invalid UTF-8, a lone carriage return).
func cmdWriteBytes(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf(`usage: writebytes FILE "GO STRING"`)
	}
	data, err := strconv.Unquote(`"` + args[1] + `"`)
	if err != nil {
		ts.Fatalf("writebytes: %v", err)
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(data), 0o644))
}
