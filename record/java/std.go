package java

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"gpredict/trace"
)

// writeSTDFile reads the text trace in and writes its STD projection to
// out, and the table of its location numbers to locs.
func writeSTDFile(in, out, locs string) error {
	tr, err := trace.Read([]string{in}, "")
	if err != nil {
		return err
	}
	p, err := WriteSTD(tr)
	if err != nil {
		return err
	}
	if err := writeFile(out, func(w io.Writer) error { _, err := w.Write(p.Text); return err }); err != nil {
		return err
	}
	return writeFile(locs, func(w io.Writer) error {
		for i, l := range p.Locations {
			if _, err := fmt.Fprintf(w, "%d %s\n", i+1, l); err != nil {
				return err
			}
		}
		return nil
	})
}

func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<16)
	if err := write(w); err != nil {
		f.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// STD is the STD projection of a trace.
type STD struct {
	Text []byte
	// Locations are the trace's locations by number: RAPID reads an STD
	// location as an integer, so location n+1 is Locations[n] (0: none).
	Locations []string
	// Line is the STD line (counting from 1) of each read and write of
	// the trace, to compare RAPID's racy events (STD lines) with
	// gpredict's (trace events).
	Line map[trace.EventRef]int
}

// WriteSTD projects tr to RAPID's STD format (docs/trace-format.md), one
// line per event in the order the events were logged, for RAPID's
// analyses (HB, SHB, WCP, SyncP, Velodrome, …), which read STD only.
// Locations are numbers (STD.Locations). STD has reads, writes, locks,
// fork, join and atomic blocks, so the rest is written with those, giving
// RAPID the same orders gpredict has where it can
// (docs/recording-java.md):
//
//   - a volatile access holds a lock of its variable (vL@VAR): RAPID
//     orders volatile accesses and never calls them racy;
//   - a shared lock (racquire/rrelease) is a lock: RAPID then also
//     orders readers (it has no shared locks);
//   - an hb fact A → B: after A, A's thread writes the variable hbV@A
//     under the lock hbL@A, and before B, B's thread reads it under that
//     lock; HB, SHB, WCP and SyncP all order the two (conflicting
//     accesses in critical sections of one lock);
//   - notify S writes sigV@S under sigL@S, and a wait reads it between
//     its release and its re-acquire, the same way; the agent logs a
//     wait where it starts, so its release is written there and its
//     re-acquire just before the thread's next event (which the thread
//     logged after the wait returned);
//   - enter/exit atomic() are STD begin/end (atomic blocks); other calls,
//     branch, and thread begin/end are left out.
//
// So the STD file has more events than the trace; the added ones are
// all inside critical sections of locks of their own and never racy.
func WriteSTD(tr *trace.Trace) (*STD, error) {
	sources := map[trace.EventRef]bool{}
	for _, f := range tr.HB() {
		sources[f.From] = true
	}
	out := &STD{Line: map[trace.EventRef]int{}}
	var b bytes.Buffer
	n := 0
	locNum := map[trace.Sym]string{}
	// Locations are numbered as lines use them.
	number := func(l trace.Sym) string {
		if l == trace.NoSym {
			return "0"
		}
		num := locNum[l]
		if num == "" {
			out.Locations = append(out.Locations, tr.Str(l))
			num = strconv.Itoa(len(out.Locations))
			locNum[l] = num
		}
		return num
	}
	var cur trace.Sym
	line := func(th, op, decor string) {
		n++
		b.WriteString(th)
		b.WriteByte('|')
		b.WriteString(op)
		if decor != "" {
			b.WriteByte('(')
			b.WriteString(decor)
			b.WriteByte(')')
		}
		b.WriteByte('|')
		b.WriteString(number(cur))
		b.WriteByte('\n')
	}
	guarded := func(th, op, v, l string) {
		line(th, "acq", l)
		line(th, op, v)
		line(th, "rel", l)
	}
	// waiting[thread] is the wait whose re-acquire is still to write.
	waiting := map[trace.ThreadID]*trace.Event{}
	reacquire := func(id trace.ThreadID, th string) {
		if w := waiting[id]; w != nil {
			sig, l := tr.Str(w.Val), tr.Str(w.Obj)
			cur = w.Loc
			guarded(th, "r", "sigV@"+sig, "sigL@"+sig)
			line(th, "acq", l)
			delete(waiting, id)
		}
	}
	for _, ref := range trace.ArrivalOrder(tr) {
		ev := tr.Event(ref)
		th := tr.ThreadName(ref.Thread)
		reacquire(ref.Thread, th)
		if strings.ContainsAny(th, "|()") {
			return nil, fmt.Errorf("thread %q: STD cannot name it (it has | or parentheses)", th)
		}
		cur = ev.Loc
		for _, from := range tr.HBSources(ref) {
			id := stdID(tr, from)
			guarded(th, "r", "hbV@"+id, "hbL@"+id)
		}
		obj := tr.Str(ev.Obj)
		switch ev.Op {
		case trace.OpRead, trace.OpWrite:
			op := map[trace.Op]string{trace.OpRead: "r", trace.OpWrite: "w"}[ev.Op]
			if tr.Volatile[ev.Obj] {
				guarded(th, op, obj, "vL@"+obj)
			} else {
				line(th, op, obj)
				out.Line[ref] = n
			}
		case trace.OpAcquire, trace.OpRAcquire:
			line(th, "acq", obj)
		case trace.OpRelease, trace.OpRRelease:
			line(th, "rel", obj)
		case trace.OpWait:
			line(th, "rel", obj)
			waiting[ref.Thread] = ev
		case trace.OpNotify, trace.OpNotifyAll:
			guarded(th, "w", "sigV@"+obj, "sigL@"+obj)
		case trace.OpFork:
			line(th, "fork", obj)
		case trace.OpJoin:
			line(th, "join", obj)
		case trace.OpEnter, trace.OpExit:
			if tr.Signature(ev.Obj).Decl == "" && tr.Signature(ev.Obj).Name == "atomic" {
				line(th, map[trace.Op]string{trace.OpEnter: "begin", trace.OpExit: "end"}[ev.Op], "")
			}
		}
		if sources[ref] {
			id := stdID(tr, ref)
			guarded(th, "w", "hbV@"+id, "hbL@"+id)
		}
	}
	for id := range tr.Threads { // waits that are the last events of their threads
		reacquire(trace.ThreadID(id), tr.ThreadName(trace.ThreadID(id)))
	}
	out.Text = b.Bytes()
	return out, nil
}

// stdID names an event in the added variables and locks: THREAD:K, as
// text hb directives do ('#' would start a comment when read back).
func stdID(tr *trace.Trace, r trace.EventRef) string {
	return tr.ThreadName(r.Thread) + ":" + strconv.FormatUint(uint64(r.Index)+1, 10)
}
