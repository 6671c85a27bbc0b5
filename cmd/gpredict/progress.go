package main

import (
	"context"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
	"golang.org/x/term"

	"gpredict/predict"
	"gpredict/props"
	"gpredict/trace"
)

// The progress display of `gpredict predict` (docs/cli.md, Progress): one
// line on standard error, redrawn by mpb, saying what the engine does
// (enumerating candidates, then deciding them), how many candidates are
// decided out of how many, the violations found so far and the time
// spent. It is for a person watching a terminal: a pipe, a file or a CI
// log would keep every redraw, so it is drawn only when standard error
// is a terminal, and never with --quiet or when CI is set.

// progressWanted reports whether predict draws its progress display on
// stderr. isTerminal and getenv are parameters so that the tests can
// decide what is a terminal and what the environment holds.
func progressWanted(stderr io.Writer, quiet bool, isTerminal func(io.Writer) bool, getenv func(string) string) bool {
	switch {
	case quiet:
		return false
	case getenv("CI") != "":
		// CI services set CI; some give their jobs a pseudo-terminal,
		// and a log that kept every redraw would be unreadable.
		return false
	case getenv("TERM") == "dumb":
		// A dumb terminal cannot move the cursor up to redraw the line.
		return false
	}
	return isTerminal(stderr)
}

// runWithProgress is predict.Run with, if show, the progress display
// drawn on stderr while it runs. The display is down when it returns,
// whether the run ended, was interrupted or failed: the report comes
// next, and must not share a line with it.
func runWithProgress(ctx context.Context, stderr io.Writer, show bool, tr *trace.Trace, inputs []predict.PropertyInput, opts predict.Options) (*predict.Result, error) {
	if !show {
		return predict.Run(ctx, tr, inputs, opts)
	}
	d := startProgress(stderr, progressPhase)
	defer d.stop()
	opts.Progress = d.update
	return predict.Run(ctx, tr, inputs, opts)
}

// runBuiltinWithProgress is a built-in property's run (Deadlock) with, if
// show, the progress display drawn while it decides its candidates, the
// phase named after it.
func runBuiltinWithProgress(ctx context.Context, stderr io.Writer, show bool, b props.Property, tr *trace.Trace, opts predict.Options) (*predict.Result, error) {
	if !show {
		return b.Builtin(ctx, tr, opts)
	}
	d := startProgress(stderr, func(predict.Progress) string { return b.Name + " candidates" })
	defer d.stop()
	opts.Progress = d.update
	return b.Builtin(ctx, tr, opts)
}

// isTerminal reports whether w is a terminal: a file (os.Stderr) whose
// descriptor is one.
func isTerminal(w io.Writer) bool {
	f, ok := w.(interface{ Fd() uintptr })
	return ok && term.IsTerminal(int(f.Fd()))
}

// progressDisplay draws the progress of one run until stop.
type progressDisplay struct {
	container *mpb.Progress
	bar       *mpb.Bar
	// last is the engine's latest report, which the decorators read when
	// mpb redraws (on its own goroutine, at its own pace).
	last atomic.Pointer[predict.Progress]
	once sync.Once
	// phase names what the run is doing (progressPhase for predict.Run).
	phase func(predict.Progress) string
}

// phaseWidth keeps the bar and the counts from shifting when the phase
// changes: the width of the longer phase, "enumerating candidates".
const phaseWidth = len("enumerating candidates")

// startProgress starts drawing on w; opts are added to the container's
// (the tests choose when it redraws and pretend w is a terminal).
func startProgress(w io.Writer, phase func(predict.Progress) string, opts ...mpb.ContainerOption) *progressDisplay {
	d := &progressDisplay{phase: phase}
	d.last.Store(&predict.Progress{})
	d.container = mpb.New(append([]mpb.ContainerOption{mpb.WithOutput(w)}, opts...)...)
	d.bar = d.container.New(0, mpb.BarStyle(),
		mpb.BarWidth(32),
		// Until the candidates are all enumerated their number is not
		// known, and a bar of the ones known so far would jump back at
		// every batch: it is left empty, the counts say enough.
		mpb.BarFillerMiddleware(func(base mpb.BarFiller) mpb.BarFiller {
			return mpb.BarFillerFunc(func(w io.Writer, st decor.Statistics) error {
				if !d.last.Load().Enumerated || st.Total == 0 {
					return nil
				}
				return base.Fill(w, st)
			})
		}),
		mpb.PrependDecorators(decor.Any(func(decor.Statistics) string { return d.phase(*d.last.Load()) },
			decor.WC{W: phaseWidth, C: decor.DindentRight})),
		mpb.AppendDecorators(decor.Any(func(decor.Statistics) string { return progressCounts(*d.last.Load()) })),
	)
	return d
}

// update is predict.Options.Progress: the engine calls it about five
// times a second and once at the end of the run.
func (d *progressDisplay) update(p predict.Progress) {
	d.last.Store(&p)
	if p.Enumerated {
		// The bar's own total is never reached (it was made with none),
		// so it stays up until stop takes it down.
		d.bar.SetTotal(int64(p.Queued), false)
	}
	d.bar.SetCurrent(int64(p.Decided))
}

// stop takes the display down, erasing its line, and returns once it is
// gone, so that what is written next (the report) starts on a clean
// line. Calling it again does nothing.
func (d *progressDisplay) stop() {
	d.once.Do(func() {
		d.bar.Abort(true) // true: remove the bar's line
		d.container.Wait()
	})
}

// progressPhase is what the engine is doing: it decides candidates while
// it still enumerates them, so the first phase lasts until enumeration
// ends.
func progressPhase(p predict.Progress) string {
	if !p.Enumerated {
		return "enumerating candidates"
	}
	return "deciding candidates"
}

// progressCounts is the display's text after the bar: candidates decided
// out of those to decide (a lower bound, marked "+", until all are
// enumerated), violations so far and time spent, e.g.
// "120/340 decided, 2 violations, 1m5s".
func progressCounts(p predict.Progress) string {
	total := fmt.Sprint(p.Queued)
	formed := ""
	if !p.Enumerated {
		total += "+"
		formed = fmt.Sprintf("%d formed, ", p.Formed)
	}
	return fmt.Sprintf("%s%d/%s decided, %s, %s", formed, p.Decided, total,
		countNoun(p.Violations, "violation"), p.Elapsed.Truncate(time.Second))
}

// countNoun is "1 violation", "2 violations".
func countNoun(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
