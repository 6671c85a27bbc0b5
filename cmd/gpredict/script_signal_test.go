package main

import (
	"errors"
	"os"
	"os/exec"
	"slices"
	"sync"
	"syscall"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// The commands of this file let a script interrupt a run and check how
// it ended: testscript's kill sends only INT and KILL, and its wait tells
// only success from failure, not the status 130 of an interrupted run.

// signalled is what signal hands on to exitstatus within one script (a
// value of the script's testscript.Env, made fresh by setupSignalled).
type signalled struct {
	cmds []*exec.Cmd
}

type signalledKey struct{}

// setupSignalled gives each script its own record of signalled commands.
func setupSignalled(env *testscript.Env) error {
	env.Values[signalledKey{}] = &signalled{}
	return nil
}

// signalCmd is `signal INT|TERM`: it sends the signal to every
// background command and remembers them for exitstatus.
func signalCmd(ts *testscript.TestScript, neg bool, args []string) {
	sigs := map[string]os.Signal{"INT": os.Interrupt, "TERM": syscall.SIGTERM}
	if neg || len(args) != 1 || sigs[args[0]] == nil {
		ts.Fatalf("usage: signal INT|TERM")
	}
	cmds := ts.BackgroundCmds()
	if len(cmds) == 0 {
		ts.Fatalf("signal: no background command")
	}
	rec := ts.Value(signalledKey{}).(*signalled)
	for _, cmd := range cmds {
		ts.Check(cmd.Process.Signal(sigs[args[0]]))
		if !slices.Contains(rec.cmds, cmd) {
			rec.cmds = append(rec.cmds, cmd)
		}
	}
}

// exitstatusCmd is `exitstatus N`, after `wait`: every command that
// signal reached exited with status N (and was not killed by a signal
// it left to its default action).
func exitstatusCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: exitstatus N")
	}
	rec := ts.Value(signalledKey{}).(*signalled)
	if len(rec.cmds) == 0 {
		ts.Fatalf("exitstatus: no command was signalled")
	}
	for _, cmd := range rec.cmds {
		// testscript's wait returns after cmd.Wait has set
		// ProcessState; nil means the script did not wait.
		if cmd.ProcessState == nil {
			ts.Fatalf("exitstatus: %s has not been waited for", cmd.Path)
		}
		if got := cmd.ProcessState.String(); got != "exit status "+args[0] {
			ts.Fatalf("%s: %s, want exit status %s", cmd.Path, got, args[0])
		}
	}
}

// mkfifoCmd is `mkfifo FILE`: a named pipe, an input that a reader
// waits on for as long as its writer keeps it open without writing.
func mkfifoCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: mkfifo FILE")
	}
	ts.Check(syscall.Mkfifo(ts.MkAbs(args[0]), 0o644))
}

// holdfifoCmd is `holdfifo FIFO DURATION`: it waits until a process has
// opened FIFO for reading, then keeps the write end open, writing
// nothing, so that the reader's read blocks. The write end is closed
// after DURATION (the reader then sees the end of the input), so that a
// reader that should have gone away by then ends instead of hanging the
// test, and when the script ends.
func holdfifoCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: holdfifo FIFO DURATION")
	}
	limit, err := time.ParseDuration(args[1])
	ts.Check(err)
	path := ts.MkAbs(args[0])
	deadline := time.Now().Add(limit)
	var f *os.File
	for {
		// Opening a FIFO for writing without blocking fails with ENXIO
		// until a reader has opened it.
		f, err = os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0)
		if err == nil {
			break
		}
		if !errors.Is(err, syscall.ENXIO) {
			ts.Fatalf("holdfifo: %v", err)
		}
		if time.Now().After(deadline) {
			ts.Fatalf("holdfifo: no reader opened %s within %s", args[0], limit)
		}
		time.Sleep(10 * time.Millisecond)
	}
	var once sync.Once
	closeIt := func() { once.Do(func() { f.Close() }) }
	timer := time.AfterFunc(time.Until(deadline), closeIt)
	ts.Defer(func() {
		timer.Stop()
		closeIt()
	})
}
