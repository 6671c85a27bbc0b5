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
	"golang.org/x/sys/unix"
)

// The commands of this file let a script interrupt a run and check how
// it ended: testscript's kill sends only INT and KILL, and its wait tells
// only success from failure, not the status 130 of an interrupted run.

// signalled is what signal hands on to exitstatus within one script (a
// value of the script's testscript.Env, made fresh by setupSignalled).
type signalled struct {
	cmds []*exec.Cmd
	// first is when each command got its first signal; within checks
	// each command once, and forgets it.
	first map[*exec.Cmd]time.Time
}

type signalledKey struct{}

// setupSignalled gives each script its own record of signalled commands.
func setupSignalled(env *testscript.Env) error {
	env.Values[signalledKey{}] = &signalled{first: map[*exec.Cmd]time.Time{}}
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
			rec.first[cmd] = time.Now()
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

// withinCmd is `within DURATION`, right after `wait`: every command that
// signal reached since the last `within` ended within DURATION of its
// first signal. wait returns once they have ended, so the time measured
// is an upper bound of theirs.
func withinCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: within DURATION")
	}
	limit, err := time.ParseDuration(args[0])
	ts.Check(err)
	rec := ts.Value(signalledKey{}).(*signalled)
	if len(rec.first) == 0 {
		ts.Fatalf("within: no command was signalled since the last within")
	}
	for cmd, first := range rec.first {
		if cmd.ProcessState == nil {
			ts.Fatalf("within: %s has not been waited for", cmd.Path)
		}
		delete(rec.first, cmd)
		took := time.Since(first)
		ts.Logf("%s ended %s after its first signal", cmd.Path, took.Round(time.Millisecond))
		if took > limit {
			ts.Fatalf("%s ended %s after its first signal, want at most %s", cmd.Path, took.Round(time.Millisecond), limit)
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

// stallfifoCmd is `stallfifo FIFO DURATION`: it opens FIFO for reading
// and never reads from it, having made the pipe one page long; it
// returns once a writer has filled that page, so that the writer's next
// write blocks. A command whose standard output is FIFO (`exec sh -c
// 'exec gpredict ... >FIFO'`) then stays in the middle of writing its
// report, where no interrupt can stop it. stallfifo fails if the page is
// not full within DURATION; it closes the pipe DURATION after opening it
// (the writer's next write then fails) so that a writer that should have
// gone away ends instead of hanging the test, and when the script ends.
func stallfifoCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: stallfifo FIFO DURATION")
	}
	limit, err := time.ParseDuration(args[1])
	ts.Check(err)
	// Opening for reading without blocking succeeds before any writer.
	f, err := os.OpenFile(ts.MkAbs(args[0]), os.O_RDONLY|syscall.O_NONBLOCK, 0)
	ts.Check(err)
	var once sync.Once
	closeIt := func() { once.Do(func() { f.Close() }) }
	timer := time.AfterFunc(limit, closeIt)
	ts.Defer(func() {
		timer.Stop()
		closeIt()
	})
	// The descriptor is used while the file is open: before the timer
	// can close it.
	fd := int(f.Fd())
	size, err := unix.FcntlInt(uintptr(fd), unix.F_SETPIPE_SZ, os.Getpagesize())
	ts.Check(err)
	for deadline := time.Now().Add(limit / 2); ; time.Sleep(10 * time.Millisecond) {
		n, err := unix.IoctlGetInt(fd, unix.TIOCINQ) // FIONREAD: the bytes waiting
		ts.Check(err)
		if n >= size {
			return
		}
		if time.Now().After(deadline) {
			ts.Fatalf("stallfifo: %d of %d bytes written to %s within %s", n, size, args[0], limit/2)
		}
	}
}
