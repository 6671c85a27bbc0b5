package java

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"

	"gpredict/trace"
)

// writeSTDFile reads the text trace in and writes its STD projection to out.
func writeSTDFile(in, out string) error {
	tr, err := trace.Read([]string{in}, "")
	if err != nil {
		return err
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<16)
	if err := WriteSTD(w, tr); err != nil {
		f.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// WriteSTD writes tr in RAPID's STD format (docs/trace-format.md), one
// line per event in the order the events were logged, for RAPID's
// analyses (HB, SHB, WCP, SyncP, Velodrome, …), which read STD only. STD
// has reads, writes, locks, fork, join and atomic blocks, so the rest is
// written with those, giving RAPID the same orders gpredict has where it
// can (docs/recording-java.md):
//
//   - a volatile access holds a lock of its variable (vL@VAR): RAPID
//     orders volatile accesses and never calls them racy;
//   - a shared lock (racquire/rrelease) is a lock: RAPID then also
//     orders readers (it has no shared locks);
//   - an hb fact A → B: after A, A's thread writes the variable hbV@A
//     under the lock hbL@A, and before B, B's thread reads it under that
//     lock; HB, SHB, WCP and SyncP all order the two (conflicting
//     accesses in critical sections of one lock);
//   - notify S writes sigV@S under sigL@S and a wait reads it between its
//     release and its re-acquire, the same way;
//   - enter/exit atomic() are STD begin/end (atomic blocks); other calls,
//     branch, and thread begin/end are left out.
//
// So the STD file has more events than the trace; the added ones are
// all inside critical sections of locks of their own and never racy.
func WriteSTD(w io.Writer, tr *trace.Trace) error {
	sources := map[trace.EventRef]bool{}
	for _, f := range tr.HB() {
		sources[f.From] = true
	}
	var err error
	line := func(th, op, decor, loc string) {
		if err != nil {
			return
		}
		if decor == "" {
			_, err = fmt.Fprintf(w, "%s|%s|%s\n", th, op, loc)
		} else {
			_, err = fmt.Fprintf(w, "%s|%s(%s)|%s\n", th, op, decor, loc)
		}
	}
	guarded := func(th, op, v, l, loc string) {
		line(th, "acq", l, loc)
		line(th, op, v, loc)
		line(th, "rel", l, loc)
	}
	for _, ref := range trace.ArrivalOrder(tr) {
		ev := tr.Event(ref)
		th := tr.ThreadName(ref.Thread)
		loc := "0"
		if ev.Loc != trace.NoSym {
			loc = tr.Str(ev.Loc)
		}
		for _, from := range tr.HBSources(ref) {
			id := stdID(tr, from)
			guarded(th, "r", "hbV@"+id, "hbL@"+id, loc)
		}
		obj := tr.Str(ev.Obj)
		switch ev.Op {
		case trace.OpRead, trace.OpWrite:
			op := map[trace.Op]string{trace.OpRead: "r", trace.OpWrite: "w"}[ev.Op]
			if tr.Volatile[ev.Obj] {
				guarded(th, op, obj, "vL@"+obj, loc)
			} else {
				line(th, op, obj, loc)
			}
		case trace.OpAcquire, trace.OpRAcquire:
			line(th, "acq", obj, loc)
		case trace.OpRelease, trace.OpRRelease:
			line(th, "rel", obj, loc)
		case trace.OpWait:
			sig := tr.Str(ev.Val)
			line(th, "rel", obj, loc)
			guarded(th, "r", "sigV@"+sig, "sigL@"+sig, loc)
			line(th, "acq", obj, loc)
		case trace.OpNotify, trace.OpNotifyAll:
			guarded(th, "w", "sigV@"+obj, "sigL@"+obj, loc)
		case trace.OpFork:
			line(th, "fork", obj, loc)
		case trace.OpJoin:
			line(th, "join", obj, loc)
		case trace.OpEnter, trace.OpExit:
			if tr.Signature(ev.Obj).Decl == "" && tr.Signature(ev.Obj).Name == "atomic" {
				line(th, map[trace.Op]string{trace.OpEnter: "begin", trace.OpExit: "end"}[ev.Op], "", loc)
			}
		}
		if sources[ref] {
			id := stdID(tr, ref)
			guarded(th, "w", "hbV@"+id, "hbL@"+id, loc)
		}
	}
	return err
}

// stdID names an event in the added variables and locks: THREAD:K, as
// text hb directives do ('#' would start a comment when read back).
func stdID(tr *trace.Trace, r trace.EventRef) string {
	return tr.ThreadName(r.Thread) + ":" + strconv.FormatUint(uint64(r.Index)+1, 10)
}
