package record

import (
	"bufio"
	"bytes"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"gpredict/trace"
)

// A run that panics has failed by itself: there is nothing to predict
// about that failure, the run shows it. go test -race counts such a run
// as a found bug (GoBench's grpc/1687 panics on a send on a channel it
// closed, in every run), so record names the panic as it names a run
// that blocked: the message, the goroutine's stack from where it
// panicked, and the innermost frame in the user's module. The Go runtime
// prints all of it ("panic: MSG", then "goroutine N [running]:" and its
// frames); the recorder's own deferred frames, which recover and
// re-panic to log the goroutine's end, sit above the runtime's `panic(`
// frame and are left out.

// Panic is the panic a run ended with.
type Panic struct {
	Msg     string        // the panic's first line, without "panic: " and the runtime's " [recovered…]"
	Site    string        // FILE:LINE of the innermost frame in the module (relative to it), "" if none
	Stack   []trace.Frame // from where it panicked, innermost first
	Created *trace.Frame  // where the goroutine was created, if the runtime says
}

// panicLimit bounds the output kept after "panic: ": enough for the
// panicking goroutine's stack, which comes first.
const panicLimit = 64 << 10

// panicWatch keeps the output of a run from its first panic on.
type panicWatch struct {
	buf  []byte
	seen bool
	line []byte // the current line until a panic is seen
}

func (w *panicWatch) add(p []byte) {
	if w.seen {
		if room := panicLimit - len(w.buf); room > 0 {
			w.buf = append(w.buf, p[:min(room, len(p))]...)
		}
		return
	}
	for len(p) > 0 && !w.seen {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			w.line = append(w.line, p...)
			if len(w.line) > 1024 {
				w.line = w.line[len(w.line)-1024:]
			}
			return
		}
		w.line = append(w.line, p[:i+1]...)
		p = p[i+1:]
		if bytes.HasPrefix(w.line, []byte("panic: ")) && !bytes.HasPrefix(w.line, []byte("panic: test timed out")) {
			w.seen = true
			w.buf = append(w.buf, w.line...)
			w.add(p)
			return
		}
		w.line = w.line[:0]
	}
}

var frameFile = regexp.MustCompile(`^\t(.*):(\d+)(?: \+0x[0-9a-f]+)?$`)

// parsePanic reads a panic's output (from "panic: " on) and returns it,
// nil if it holds no goroutine's stack. modDir is the module's directory:
// frames in it are the user's.
func parsePanic(out []byte, modDir string) *Panic {
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 0, 4096), panicLimit)
	if !sc.Scan() {
		return nil
	}
	msg := strings.TrimPrefix(sc.Text(), "panic: ")
	if i := strings.Index(msg, " [recovered"); i >= 0 {
		msg = msg[:i]
	}
	p := &Panic{Msg: msg}
	inGoroutine, fn := false, ""
	var frames []trace.Frame
	var created *trace.Frame
scan:
	for sc.Scan() {
		line := sc.Text()
		switch {
		case !inGoroutine:
			inGoroutine = strings.HasPrefix(line, "goroutine ") && strings.HasSuffix(line, ":")
			continue
		case line == "":
			break scan // the end of the panicking goroutine's stack
		}
		if m := frameFile.FindStringSubmatch(line); m != nil && fn != "" {
			n, _ := strconv.Atoi(m[2])
			f := trace.Frame{Func: fn, File: m[1], Line: n}
			if strings.HasPrefix(fn, "created by ") {
				f.Func = strings.TrimPrefix(fn, "created by ")
				if i := strings.Index(f.Func, " in goroutine "); i >= 0 {
					f.Func = f.Func[:i]
				}
				created = &f
			} else if fn == "panic" {
				frames = frames[:0] // the frames above ran deferred during the panic
			} else {
				frames = append(frames, f)
			}
			fn = ""
			continue
		}
		fn = line
		if i := strings.LastIndex(fn, "("); i > 0 && !strings.HasPrefix(fn, "created by ") {
			fn = fn[:i] // the arguments
		}
	}
	if len(frames) == 0 {
		return nil
	}
	// Files in the module are named relative to it, as the trace's
	// stacks name them.
	inModule := func(f *trace.Frame) bool {
		rel, err := filepath.Rel(modDir, f.File)
		if modDir == "" || err != nil || strings.HasPrefix(rel, "..") {
			return false
		}
		f.File = filepath.ToSlash(rel)
		return true
	}
	for _, f := range frames {
		if strings.Contains(f.Func, "gpredictrt.") {
			continue
		}
		if inModule(&f) && p.Site == "" {
			p.Site = f.File + ":" + strconv.Itoa(f.Line)
		}
		p.Stack = append(p.Stack, f)
	}
	if created != nil {
		inModule(created)
	}
	p.Created = created
	return p
}
