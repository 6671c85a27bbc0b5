// Package testtrace is the home of the tests' trace helpers: it reads the
// few-line text traces that table tests write inline and the event ids a
// case names (any error fails the test), and holds the small traces that
// several packages' tests share. (Generated traces are internal/tracegen's.)
package testtrace

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"gpredict/trace"
)

// Text reads text, a text-format trace written inline in a test, as the
// file test.trace: surrounding blank space is ignored, so a raw string
// may start on the line after its backquote (line 1 is then its first
// event).
func Text(t testing.TB, text string) *trace.Trace {
	t.Helper()
	tr, err := trace.ParseText("test.trace", strings.TrimSpace(text)+"\n")
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// File reads the trace file at path (its format by its extension), a
// test's input under testdata.
func File(t testing.TB, path string) *trace.Trace {
	t.Helper()
	tr, err := trace.Read([]string{path}, "")
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// Refs reads the event ids of tr in ids ("T1#2 T2#1").
func Refs(t testing.TB, tr *trace.Trace, ids string) []trace.EventRef {
	t.Helper()
	events, err := tr.ParseRefs(ids)
	if err != nil {
		t.Fatal(err)
	}
	return events
}

// All lists every event of tr, thread by thread, in thread order: the
// choices a test tries one by one.
func All(tr *trace.Trace) []trace.EventRef {
	var refs []trace.EventRef
	for _, th := range tr.Threads {
		for i := range th.Events {
			refs = append(refs, trace.EventRef{Thread: th.ID, Index: uint32(i)})
		}
	}
	return refs
}

// Parse reads text as Text does and the event ids refs.
func Parse(t testing.TB, text, refs string) (*trace.Trace, []trace.EventRef) {
	t.Helper()
	tr := Text(t, text)
	return tr, Refs(t, tr, refs)
}

// PaddedInterference is a trace in which the race T2#(pad+4) ‖ T3#1 on z
// is impossible by read-write interference alone: T2 must read x from
// T1's write, but T2 writes x itself after T1's write (it read y, written
// after x) and before that read. pad thread-local writes of T2 lie
// between the read and the racing write, so the fact that refutes the
// race lies pad+1 events before it.
func PaddedInterference(pad int) (text, race string) {
	var b strings.Builder
	b.WriteString("T1 write x 1\nT1 write y 1\nT2 read y 1\nT2 write x 2\nT2 read x 1\n")
	for i := range pad {
		fmt.Fprintf(&b, "T2 write p %d\n", i+1)
	}
	b.WriteString("T2 write z 1\nT3 write z 2\n")
	return b.String(), fmt.Sprintf("T2#%d T3#1", pad+4)
}

// Racy has races on x between T1 and T2 (T1's write, before T1 joins
// T2, against T2's write; T2's write against T1's read after the join is
// ordered) and none on y, whose accesses hold lock l.
const Racy = `
T1 fork T2
T1 write x 1 @A.java:1
T1 acquire l
T1 write y 1 @A.java:2
T1 release l
T1 join T2
T1 read x 2 @A.java:3
T2 write x 2 @B.java:1
T2 acquire l
T2 read y 1 @B.java:2
T2 release l
`

// LockedWrites is a trace of threads that each write x under lock l n
// times: a race between two of the writes is Unsat, and a solver needs
// every lock constraint to see it.
func LockedWrites(threads, n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		for t := 1; t <= threads; t++ {
			fmt.Fprintf(&b, "T%d acquire l\nT%d write x %d\nT%d release l\n", t, t, i, t)
		}
	}
	return b.String()
}

// ConflictingPairs lists the pairs of accesses of one variable by two
// threads, at least one a write: by variable, then in the order of
// All.
func ConflictingPairs(tr *trace.Trace) [][2]trace.EventRef {
	byVar := map[trace.Sym][]trace.EventRef{}
	for ti, th := range tr.Threads {
		for i, ev := range th.Events {
			if ev.Op == trace.OpRead || ev.Op == trace.OpWrite {
				byVar[ev.Obj] = append(byVar[ev.Obj], trace.EventRef{Thread: trace.ThreadID(ti), Index: uint32(i)})
			}
		}
	}
	var vars []trace.Sym
	for v := range byVar {
		vars = append(vars, v)
	}
	slices.Sort(vars)
	var out [][2]trace.EventRef
	for _, v := range vars {
		as := byVar[v]
		for i, a := range as {
			for _, c := range as[i+1:] {
				if a.Thread != c.Thread && (tr.Event(a).Op == trace.OpWrite || tr.Event(c).Op == trace.OpWrite) {
					out = append(out, [2]trace.EventRef{a, c})
				}
			}
		}
	}
	return out
}
