// Command gpredict predicts concurrency bugs from one recorded execution.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() { os.Exit(run()) }

// run is the whole command, interruptible (the CLI tests run it too).
func run() int {
	ctx, stop := interruptible(os.Stderr)
	defer stop()
	return MainContext(ctx, os.Args[1:], os.Stdout, os.Stderr)
}

// interruptible returns a context cancelled by the first SIGINT or
// SIGTERM: a run then stops, prints what it has found and says it was
// interrupted (exit 130). A second signal exits at once.
func interruptible(stderr io.Writer) (context.Context, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case <-sig:
			cancel()
		case <-done:
			return
		}
		select {
		case <-sig:
			fmt.Fprintln(stderr, "gpredict: interrupted again: exiting at once")
			os.Exit(exitInterrupted)
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(sig)
		close(done)
		cancel()
	}
}
