package rt

import (
	"bytes"
	"io"
	"os/exec"
	"sync"
	"unsafe"
)

// os/exec's copying goroutines. When a Cmd's Stdin is not an *os.File,
// Start starts a goroutine that copies it into the process's pipe; when
// its Stdout or Stderr is not an *os.File, one that copies the pipe into
// it (one for both when they are the same writer). Wait waits for them
// all, whatever its error, unless it returns at once because the command
// was not started or Wait was called already. Neither is instrumented:
// a *bytes.Buffer they fill is written by a goroutine the trace did not
// have (GoBench's moby/18412).
//
// The model: when Start returns nil, the recorder forks, for each such
// goroutine whose writer or reader is a *bytes.Buffer, a goroutine of its
// own whose only event is a write of the buffer's variable (rt_stdbuf.go)
// at the site of the Start call; the Wait that waits for them logs an
// event after it returns that follows (hb) their ends. io.Copy writes a
// *bytes.Buffer in every case, even when the process writes nothing:
// copying out of the pipe, the pipe's WriteTo falls back to the buffer's
// ReadFrom, which sets the buffer's fields first; copying into it, io.Copy
// calls the buffer's WriteTo, which does so too. A *strings.Builder is
// not modelled: io.Copy writes to it only what the process writes, which
// the recorder does not see, and a write it did not make would be a race
// that is not there.

type cmdState struct {
	mu      sync.Mutex
	copiers []chan string // per modelled goroutine, its last event's id once it ended
}

var cmds = registry[*exec.Cmd, cmdState]{make: func() *cmdState { return &cmdState{} }}

// copiedBuffers are the buffers that the goroutines Start will start for
// c copy into or out of, one per goroutine.
func copiedBuffers(c *exec.Cmd) []*bytes.Buffer {
	var bufs []*bytes.Buffer
	if b, ok := c.Stdin.(*bytes.Buffer); ok && b != nil {
		bufs = append(bufs, b)
	}
	if b, ok := c.Stdout.(*bytes.Buffer); ok && b != nil {
		bufs = append(bufs, b)
	}
	if b, ok := c.Stderr.(*bytes.Buffer); ok && b != nil && !sameWriter(c.Stderr, c.Stdout) {
		bufs = append(bufs, b)
	}
	return bufs
}

// sameWriter is os/exec's test of whether Stderr shares Stdout's
// goroutine: equal interface values (false for incomparable ones).
func sameWriter(a, b io.Writer) (same bool) {
	defer func() { _ = recover() }()
	return a == b
}

// ExecStart is (*exec.Cmd).Start.
func ExecStart(c *exec.Cmd, desc, site string) error {
	if !on() || c == nil {
		return c.Start()
	}
	bufs := copiedBuffers(c) // what Start reads, in the same goroutine
	err := c.Start()
	if err != nil || len(bufs) == 0 {
		return err // no goroutine started, or none modelled
	}
	cs := cmds.of(c)
	for _, b := range bufs {
		done := make(chan string, 1)
		cs.mu.Lock()
		cs.copiers = append(cs.copiers, done)
		cs.mu.Unlock()
		child := Fork(site)
		go copier(child, b, site, done)
	}
	return nil
}

// copier is the goroutine that stands for one of os/exec's: it writes
// the buffer once and sends its last event, its end, on done.
func copier(child *Child, b *bytes.Buffer, site string, done chan<- string) {
	Start(child)
	s := cur()
	defer func() {
		if r := recover(); r != nil {
			close(done)
			End(r)
		}
		End(nil)
		done <- s.last()
	}()
	bufAccess(unsafe.Pointer(b), true, "bytes.Buffer", site)
}

// ExecWait is (*exec.Cmd).Wait. The first Wait after Start waits for the
// goroutines (a later one returns at once, as does one before Start,
// whose Cmd has no state yet); its claim is made before the call, as
// os/exec decides by the same field, which Wait sets.
func ExecWait(c *exec.Cmd, desc, site string) error {
	if !on() || c == nil || c.ProcessState != nil {
		return c.Wait()
	}
	cs := cmds.of(c)
	cs.mu.Lock()
	copiers := cs.copiers
	cs.copiers = nil
	cs.mu.Unlock()
	err := c.Wait()
	if len(copiers) == 0 {
		return err
	}
	var ends []string
	for _, done := range copiers {
		if id, ok := <-done; ok && id != "" {
			ends = append(ends, id)
		}
	}
	withState(func(s *gstate) {
		ev := s.event(site, "call void exec.Cmd.Wait()")
		for _, id := range ends {
			s.line("hb " + id + " " + ev)
		}
	})
	return err
}

// ExecRun is (*exec.Cmd).Run, which is Start and Wait.
func ExecRun(c *exec.Cmd, desc, site string) error {
	if err := ExecStart(c, desc, site); err != nil {
		return err
	}
	return ExecWait(c, desc, site)
}
