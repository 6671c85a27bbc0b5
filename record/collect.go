package record

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Collection turns a process's raw log into a trace in passes over files,
// so that its memory does not grow with the log: the merge (raw.go) reads
// one small buffer per goroutine, and what the passes below keep is one
// entry per thread.

// Warning is something the collector could not take as it was: where the
// recording stops, what it dropped.
type Warning struct{ Msg string }

// lineSource calls yield with each line of a trace text, in order.
type lineSource func(yield func(text string) error) error

// fileLines is the lines of a text file.
func fileLines(path string) lineSource {
	return func(yield func(string) error) error {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		br := bufio.NewReaderSize(f, 1<<16)
		for {
			line, err := br.ReadString('\n')
			if line != "" {
				if yerr := yield(strings.TrimSuffix(line, "\n")); yerr != nil {
					return yerr
				}
			}
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
		}
	}
}

// tally is what the collector learns of a trace while writing it: events
// per thread, the threads in the order the trace names them, the fork
// that started each forked goroutine (from the runtime's "# forked-by"
// comments, which the trace does not keep), and the lock each goroutine
// still waits for (waiting).
type tally struct {
	events  map[string]int
	threads []string
	named   map[string]bool
	forks   map[string]string
	// waiting holds, per thread whose last line is the runtime's note
	// that it blocks on a lock ("# blocks THREAD acquire|racquire LOCK
	// stack=ID @SITE", rt_sync.go), the request that the note stands for;
	// and per thread whose last event enters a channel send or receive,
	// the send it is inside or its recvwait (pendingChan).
	waiting map[string]string
	// ends holds, per goroutine that ended holding a lock (the runtime's
	// "# ends THREAD stack=ID", rt_unlock_other.go), its `end`: written
	// at the end of the trace, after the releases that other goroutines
	// made for it.
	ends map[string]string
	// closed holds the channels the trace closes: a send left waiting on
	// one panicked when it was closed (a select's send case too), so it
	// is no wait (requests).
	closed map[string]bool
	// latches is what the WaitGroups' calls tell of the goroutines left
	// in a Wait (latch.go).
	latches *latches
}

func newTally() *tally {
	return &tally{events: map[string]int{}, named: map[string]bool{}, forks: map[string]string{}, waiting: map[string]string{}, ends: map[string]string{}, closed: map[string]bool{}, latches: newLatches()}
}

// total is the number of events.
func (t *tally) total() int {
	n := 0
	for _, k := range t.events {
		n += k
	}
	return n
}

func (t *tally) name(th string) {
	if !t.named[th] {
		t.named[th] = true
		t.threads = append(t.threads, th)
	}
}

// add notes one line and reports whether it belongs in the trace.
func (t *tally) add(text string) bool {
	f := strings.Fields(text)
	if len(f) == 4 && f[0] == "#" && f[1] == "forked-by" {
		t.forks[f[3]] = f[2]
		return false
	}
	if len(f) == 4 && f[0] == "#" && f[1] == "ends" {
		t.ends[f[2]] = f[2] + " end " + f[3]
		return false
	}
	if req, th, ok := waitRequest(f); ok {
		t.waiting[th] = req
		return true
	}
	if rw, th, ok := selectWait(f); ok {
		t.waiting[th] = rw
		return true
	}
	if th, ok := eventThread(text); ok {
		delete(t.waiting, th)
		if op, ok := pendingChan(f); ok {
			t.waiting[th] = op
		}
		t.latches.note(th, f)
		t.name(th)
		t.events[th]++
		if len(f) >= 3 && (f[1] == "fork" || f[1] == "join") {
			t.name(f[2])
		}
		if len(f) >= 3 && f[1] == "close" {
			t.closed[f[2]] = true
		}
	}
	return true
}

// waitRequest returns the request event that a "# blocks" note of a lock
// wait stands for, and the note's thread.
func waitRequest(f []string) (req, th string, ok bool) {
	if len(f) < 5 || f[0] != "#" || f[1] != "blocks" {
		return "", "", false
	}
	op := "request"
	switch f[3] {
	case "acquire":
	case "racquire":
		op = "rrequest"
	default:
		return "", "", false
	}
	return strings.Join(append([]string{f[2], op}, f[4:]...), " "), f[2], true
}

// selectWait returns the event that a "# blocks" note of a select
// stands for, and the note's thread: a goroutine left there waits in the
// select. When the select waits to receive from one channel only ("#
// blocks THREAD select recv=CH stack=ID @SITE", record/rt selectNote),
// a `recvwait CH`; when it has a send case ("# blocks THREAD select
// send=CH:VALUE [select=ID] stack=ID @SITE"), that send, which the
// goroutine is inside (with the select's key, it stands for the select:
// docs/semantics.md, Blocked ends). A select that receives from several
// channels has no event to say so (recvwait names one channel).
func selectWait(f []string) (ev, th string, ok bool) {
	if len(f) < 5 || f[0] != "#" || f[1] != "blocks" || f[3] != "select" {
		return "", "", false
	}
	if send, ok := strings.CutPrefix(f[4], "send="); ok {
		ch, v, ok := strings.Cut(send, ":") // a channel's name has no colon
		if !ok {
			return "", "", false
		}
		return strings.Join(append([]string{f[2], "send", ch, v}, f[5:]...), " "), f[2], true
	}
	ch, ok := strings.CutPrefix(f[4], "recv=")
	if !ok || strings.Contains(ch, ",") {
		return "", "", false
	}
	return strings.Join(append([]string{f[2], "recvwait", ch}, f[5:]...), " "), f[2], true
}

// pendingChan returns the event that a line entering a channel send or
// receive stands for if it is its goroutine's last (`THREAD enter void
// chan.send(any) target=CH args=V ...`, `THREAD enter any chan.recv()
// target=CH ...`, rt_chan.go). The recorder logs a send or a receive once
// it has completed; a goroutine whose last event is this enter was left
// inside the operation when the run ended (leaked, or blocked), and the
// trace says so as the format does (docs/trace-format.md, Channels;
// docs/recording.md, Channels): a send as the thread's last event, which
// it waits in, or a `recvwait CH`.
func pendingChan(f []string) (string, bool) {
	if len(f) < 5 || f[1] != "enter" {
		return "", false
	}
	ch, ok := strings.CutPrefix(f[4], "target=")
	switch {
	case !ok:
		return "", false
	case f[3] == "chan.recv()":
		return strings.Join(append([]string{f[0], "recvwait", ch}, f[5:]...), " "), true
	case f[3] != "chan.send(any)" || len(f) < 6:
		return "", false
	}
	v, ok := strings.CutPrefix(f[5], "args=")
	if !ok {
		return "", false
	}
	return strings.Join(append([]string{f[0], "send", ch, v}, f[6:]...), " "), true
}

// requests are the lock requests of the goroutines that the run left
// waiting for a lock (their notes are their last lines), the sends
// and recvwaits of those it left inside a send or a receive, and the
// latchwaits of those it left in a WaitGroup's Wait that no release of
// the trace can end (latch.go), by thread: the run ended while they
// waited, so each is its thread's last event, and the end of the trace is
// a place for all of them (an event another thread logged after the note
// happened while the goroutine waited). With them come the ends of the
// goroutines that ended holding a lock (ends). They are added to the
// tally, in the order of their threads' names. A send on a channel the
// trace closes is left out: it panicked there.
func (t *tally) requests() []string {
	out := make([]string, 0, len(t.waiting)+len(t.ends))
	for _, req := range t.waiting {
		if f := strings.Fields(req); len(f) > 2 && f[1] == "send" && t.closed[f[2]] {
			continue // it panicked at the close
		}
		out = append(out, req)
	}
	for _, end := range t.ends {
		out = append(out, end)
	}
	out = append(out, t.latches.waits()...)
	sort.Strings(out) // by thread: the same trace on every collection
	for _, req := range out {
		t.add(req)
	}
	return out
}

// relFrames rewrites the files of a stack directive's frames that lie
// under root relative to it, as event locations are (the runtime knows
// only absolute paths).
func relFrames(text, root string) string {
	if root == "" || !strings.HasPrefix(text, "stack ") {
		return text
	}
	f := strings.Fields(text)
	prefix := filepath.ToSlash(root) + "/"
	for i := 2; i < len(f); i++ {
		fn, rest, ok := strings.Cut(f[i], "@")
		if ok && strings.HasPrefix(rest, prefix) {
			f[i] = fn + "@" + strings.TrimPrefix(rest, prefix)
		}
	}
	return strings.Join(f, " ")
}

// writeMerged merges a raw log into the trace text at path and returns
// its tally; stack frames under root are made relative to it.
func writeMerged(l *rawLog, path, root string) (*tally, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	w := bufio.NewWriterSize(f, 1<<16)
	t := newTally()
	err = l.merge(func(text string) error {
		if !t.add(text) {
			return nil
		}
		w.WriteString(relFrames(text, root))
		return w.WriteByte('\n')
	})
	if err == nil {
		for _, req := range t.requests() {
			w.WriteString(req)
			w.WriteByte('\n')
		}
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return t, err
}

// cuts decides what a crash left dangling. Events of one goroutine are
// logged in order, so a goroutine's surviving events are a prefix of what
// it did; but where chunks are buffers (off Linux) a goroutine may refer
// to events of one whose chunk was lost: an hb fact whose target is lost
// constrains nothing and is dropped; one whose source is lost would let
// its target happen too early, so the target's thread is cut before the
// target; a goroutine whose fork was lost would seem to start at any time,
// so it is dropped. Cutting may lose more sources, so this runs to a
// fixpoint, one pass over the trace per round. It returns the events kept
// per cut thread and whether anything must be rewritten (cuts, or facts
// about events that are not in the trace); on a complete recording,
// nothing.
func cuts(t *tally, src lineSource) (map[string]int, bool, []Warning, error) {
	var warns []Warning
	limit := map[string]int{} // thread → events kept (absent: all)
	kept := func(th string) int {
		if lim, ok := limit[th]; ok && lim < t.events[th] {
			return lim
		}
		return t.events[th]
	}
	has := func(id string) bool {
		th, k := splitRawID(id)
		return k >= 1 && k <= kept(th)
	}
	cut := func(th string, keep int, why string) bool {
		if keep < kept(th) {
			limit[th] = keep
			warns = append(warns, Warning{fmt.Sprintf("thread %s is cut after %d events: %s", th, keep, why)})
			return true
		}
		return false
	}
	rewrite := false
	for {
		changed, bad := false, false
		for th, fork := range t.forks {
			if !has(fork) && cut(th, 0, "its fork "+fork+" was lost") {
				changed = true
			}
		}
		err := src(func(text string) error {
			f := strings.Fields(text)
			if len(f) != 3 || f[0] != "hb" {
				return nil
			}
			switch {
			case has(f[2]) && !has(f[1]):
				th, k := splitRawID(f[2])
				if cut(th, k-1, "event "+f[1]+", which must happen before "+f[2]+", was lost") {
					changed = true
				}
			case !has(f[1]) || !has(f[2]):
				bad = true
			}
			return nil
		})
		if err != nil {
			return nil, false, nil, err
		}
		rewrite = rewrite || changed || bad
		if !changed {
			return limit, rewrite, warns, nil
		}
	}
}

// applyCuts copies src to w without the events past each thread's limit
// and the facts about events not kept; it returns how many facts it
// dropped.
func applyCuts(t *tally, limit map[string]int, src lineSource, w io.Writer) (int, error) {
	bw := bufio.NewWriterSize(w, 1<<16)
	seen := map[string]int{}
	kept := func(id string) bool {
		th, k := splitRawID(id)
		lim, ok := limit[th]
		if !ok || lim > t.events[th] {
			lim = t.events[th]
		}
		return k >= 1 && k <= lim
	}
	dropped := 0
	err := src(func(text string) error {
		if th, ok := eventThread(text); ok {
			seen[th]++
			if lim, cut := limit[th]; cut && seen[th] > lim {
				return nil
			}
		} else if f := strings.Fields(text); len(f) == 3 && f[0] == "hb" && (!kept(f[1]) || !kept(f[2])) {
			dropped++
			return nil
		}
		bw.WriteString(text)
		return bw.WriteByte('\n')
	})
	if err != nil {
		return 0, err
	}
	return dropped, bw.Flush()
}

// eventThread returns the thread of an event line (not a directive or
// comment).
func eventThread(text string) (string, bool) {
	th, _, _ := strings.Cut(text, " ")
	if th == "" || th == "#" || directive[th] {
		return "", false
	}
	return th, true
}

func splitRawID(id string) (string, int) {
	i := strings.LastIndexByte(id, ':')
	if i < 0 {
		return id, 0
	}
	k, err := strconv.Atoi(id[i+1:])
	if err != nil {
		return id, 0
	}
	return id[:i], k
}
