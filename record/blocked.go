package record

import (
	"bytes"
	"io"
	"sort"
	"strings"
	"sync"

	"gpredict/trace"
)

// A run that does not end by itself — the Go runtime's "all goroutines
// are asleep - deadlock!", a test that hits -timeout, a kill — leaves its
// goroutines where they wait. The log holds every event up to the end
// (rt_log.go), so the collector can say where: a goroutine whose last
// event enters a blocking operation without leaving it (a channel send
// or receive, WaitGroup.Wait, Once.Do), waits on a condition, or whose
// last line is the runtime's note that it blocks on a lock another holds
// or in a select ("# blocks THREAD WHAT stack=ID @SITE"), or whose last
// event is a lock request (which a lock wait's note became, collect.go).

// Blocked is a goroutine that the run left waiting.
type Blocked struct {
	Thread string
	What   string // what it waits in: "acquire Server.mu@1", "chan.send target=chan@3", …
	Site   string
	Why    string // how the run ended
	Stack  []trace.Frame
	Holder string // for a lock: the goroutine that holds it at the end, if any
}

// endWatch passes the recorded command's output through and notes how
// the run ended, from what the Go runtime and the testing package print.
type endWatch struct {
	mu     sync.Mutex
	why    string
	tail   []byte
	panics panicWatch // the output from a panic on (panicked.go)
}

// ends are the messages of a run that did not end by itself.
var ends = []struct{ text, why string }{
	{"fatal error: all goroutines are asleep - deadlock!", "the Go runtime found all goroutines asleep"},
	{"panic: test timed out after", "the test timed out"},
	{"SIGQUIT: quit", "killed by SIGQUIT"},
}

func (e *endWatch) writer(w io.Writer) io.Writer {
	if w == nil {
		w = io.Discard
	}
	return watchWriter{e, w}
}

type watchWriter struct {
	e *endWatch
	w io.Writer
}

func (ww watchWriter) Write(p []byte) (int, error) {
	e := ww.e
	e.mu.Lock()
	e.panics.add(p)
	e.tail = append(e.tail, p...)
	for _, m := range ends {
		if e.why == "" && bytes.Contains(e.tail, []byte(m.text)) {
			e.why = m.why
		}
	}
	if keep := 256; len(e.tail) > keep {
		e.tail = append(e.tail[:0], e.tail[len(e.tail)-keep:]...)
	}
	e.mu.Unlock()
	return ww.w.Write(p)
}

// reason is how the run ended, "" if by itself.
func (e *endWatch) reason() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.why
}

// blockedAtEnd reads a collected trace and returns the goroutines left
// waiting at its end; why is how the run ended.
func blockedAtEnd(src lineSource, why string) ([]Blocked, error) {
	type wait struct {
		what, stack, site string
	}
	waits := map[string]*wait{}
	var threads []string
	note := func(th string) {
		if _, known := waits[th]; !known {
			threads = append(threads, th)
			waits[th] = nil
		}
	}
	holder := map[string]string{} // lock → thread holding it
	stacks := map[string]string{} // stack id → frames
	err := src(func(text string) error {
		f := strings.Fields(text)
		if len(f) == 0 {
			return nil
		}
		site, stack := "", ""
		if n := len(f); strings.HasPrefix(f[n-1], "@") {
			site, f = f[n-1][1:], f[:n-1]
		}
		if n := len(f); n > 0 && strings.HasPrefix(f[n-1], "stack=") {
			stack, f = f[n-1][len("stack="):], f[:n-1]
		}
		switch {
		case f[0] == "stack" && len(f) > 2:
			stacks[f[1]] = strings.Join(f[2:], " ")
			return nil
		case len(f) >= 4 && f[0] == "#" && f[1] == "blocks":
			note(f[2])
			waits[f[2]] = &wait{strings.Join(f[3:], " "), stack, site}
			return nil
		}
		th, ok := eventThread(text)
		if !ok || len(f) < 2 {
			return nil
		}
		note(th)
		if w := waits[th]; w != nil && (f[1] == "send" && (strings.Contains(w.what, "chan.send(") || strings.HasPrefix(w.what, "select send=")) || f[1] == "recvwait" ||
			f[1] == "latchwait" && strings.Contains(w.what, "sync.WaitGroup.Wait(")) {
			return nil // the operation it was left inside (collect.go, pendingChan, selectWait; latch.go)
		}
		waits[th] = nil
		switch op := f[1]; {
		case op == "acquire" && len(f) > 2:
			holder[f[2]] = th
		case op == "release" && len(f) > 2:
			delete(holder, f[2])
		case op == "request" && len(f) > 2: // a wait the run ended in (collect.go)
			waits[th] = &wait{"acquire " + f[2], stack, site}
		case op == "rrequest" && len(f) > 2:
			waits[th] = &wait{"racquire " + f[2], stack, site}
		case op == "wait" && len(f) > 3:
			waits[th] = &wait{"Cond.Wait on " + f[3], stack, site}
		case op == "enter" && len(f) > 3 && blockingCall(f[3]):
			waits[th] = &wait{strings.Join(f[2:], " "), stack, site}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var out []Blocked
	sort.Strings(threads)
	for _, th := range threads {
		w := waits[th]
		if w == nil {
			continue
		}
		b := Blocked{Thread: th, What: w.what, Site: w.site, Why: why}
		for _, fr := range strings.Fields(stacks[w.stack]) {
			if frame, err := trace.ParseFrame(fr); err == nil {
				b.Stack = append(b.Stack, frame)
			}
		}
		if lock, ok := strings.CutPrefix(w.what, "acquire "); ok && holder[lock] != th {
			b.Holder = holder[lock]
		}
		out = append(out, b)
	}
	return out, nil
}

// blockingCall reports whether an entered call of this signature may
// block: the recorder's channel operations, WaitGroup.Wait, Once.Do.
func blockingCall(sig string) bool {
	for _, s := range []string{"chan.send(", "chan.recv(", "sync.WaitGroup.Wait(", "sync.Once.Do("} {
		if strings.HasPrefix(sig, s) {
			return true
		}
	}
	return false
}
