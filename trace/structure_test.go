package trace

import (
	"strings"
	"testing"
)

// TestStructure: forks and joins that no execution can perform are
// rejected with the position of the event that shows it and, for a cycle,
// the threads on it; structures an execution can perform still read. Each
// source is one text file, or several separated by "--" lines (a.trace,
// b.trace, ...), read as one trace.
func TestStructure(t *testing.T) {
	for _, tc := range []struct {
		name, src, err string
	}{
		{"fork cycle of 2", "T1 write x 1\nT1 fork T2\nT2 write x 2\nT2 fork T1\n",
			"a.trace:4:4: forks and joins form a cycle, T1 → T2 → T1 (T1#2 forks T2, T2#2 forks T1): no schedule can run these events; want every thread forked before its first event and joined after its last"},
		{"fork cycle of 3", "T1 fork T2\nT2 fork T3\nT3 fork T1\nT1 write x 1\n",
			"a.trace:3:4: forks and joins form a cycle, T1 → T2 → T3 → T1 (T1#1 forks T2, T2#1 forks T3, T3#1 forks T1): no schedule can run these events; want every thread forked before its first event and joined after its last"},
		{"fork cycle named from its first thread", "T3 write x 1\nT1 fork T2\nT2 fork T1\n",
			"a.trace:3:4: forks and joins form a cycle, T1 → T2 → T1 (T1#1 forks T2, T2#1 forks T1)"},
		{"fork cycle across files", "T1 fork T2\nT1 write x 1\n--\nT2 write x 2\nT2 fork T1\n",
			"b.trace:2:4: forks and joins form a cycle, T1 → T2 → T1 (T1#1 forks T2, T2#2 forks T1)"},
		{"fork cycle closed in the first file", "T2 write x 2\nT2 fork T1\n--\nT1 fork T2\n",
			"b.trace:1:4: forks and joins form a cycle, T2 → T1 → T2 (T2#2 forks T1, T1#1 forks T2)"},
		{"the issue's trace", "T1 write x 1\nT1 join T2\nT1 fork T2\nT2 write x 2\nT2 fork T1\n",
			"a.trace:3:4: thread T1 forks T2 after joining it (at a.trace:2:4); want the fork of a thread before its join"},
		{"forked twice by two threads", "T1 fork T3\nT2 fork T3\nT3 write x 1\n",
			"a.trace:2:4: thread T3 is forked twice (first at a.trace:1:4); want at most one fork per thread"},
		{"forked twice across files", "T1 fork T3\n--\nT2 fork T3\n",
			"b.trace:1:4: thread T3 is forked twice (first at a.trace:1:4); want at most one fork per thread"},
		{"joined before forked", "T1 join T2\nT1 fork T2\nT2 write x 1\n",
			"a.trace:2:4: thread T1 forks T2 after joining it (at a.trace:1:4); want the fork of a thread before its join"},
		{"joined before forked, no events", "T1 join T2\nT1 fork T2\n",
			"a.trace:2:4: thread T1 forks T2 after joining it (at a.trace:1:4)"},
		{"joined before another thread can fork it", "T1 join T2\nT1 fork T3\nT3 fork T2\n",
			"a.trace:3:4: forks and joins form a cycle, T1 → T3 → T1 (T1#2 forks T3, T3#1 forks T2, which T1#1 joins)"},
		{"joined by itself", "T1 write x 1\nT1 join T1\n",
			"a.trace:2:4: thread T1 joins itself; want a join of another thread"},
		{"forks itself", "T1 fork T1\n", "a.trace:1:4: thread T1 forks itself; want a fork of another thread"},
		{"mutual join", "T1 fork T2\nT1 join T2\nT2 join T1\n",
			"a.trace:3:4: forks and joins form a cycle, T1 → T2 → T1 (T2#1 joins T1, T1#2 joins T2)"},
		{"join that waits for the joiner's later fork", "T1 fork T2\nT1 join T2\nT1 fork T3\nT2 join T3\nT3 write x 1\n",
			"a.trace:4:4: forks and joins form a cycle, T1 → T3 → T2 → T1 (T1#3 forks T3, T2#1 joins T3, T1#2 joins T2)"},

		{"fork and join", "T1 fork T2\nT2 write x 1\nT1 join T2\nT1 read x 1\n", ""},
		{"fork tree", "T1 fork T2\nT1 fork T3\nT2 fork T4\nT4 write x 1\nT2 join T4\nT1 join T2\nT1 join T3\n", ""},
		{"sibling joins sibling", "T1 fork T2\nT1 fork T3\nT2 write x 1\nT3 join T2\n", ""},
		{"child joins its parent", "T1 fork T2\nT1 write x 1\nT2 join T1\n", ""},
		{"join of a thread never forked", "T1 join T2\nT2 write x 1\n", ""},
		{"join of a thread with no events", "T1 join T2\n", ""},
		{"join of a thread with no events after its fork", "T1 fork T2\nT1 join T2\n", ""},
		{"join of a thread with no events, forked elsewhere", "T1 fork T3\nT1 join T2\nT3 fork T2\n", ""},
		{"joined by two threads", "T1 fork T2\nT2 write x 1\nT1 join T2\nT3 join T2\n", ""},
		{"fork in one file, thread in another", "T1 fork T2\nT1 join T2\n--\nT2 write x 1\n", ""},
		{"file order is no order", "T2 write x 1\nT3 join T2\nT1 fork T2\nT1 fork T3\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := NewBuilder()
			var err error
			for i, src := range strings.Split(tc.src, "--\n") {
				if err = ReadText(b, string(rune('a'+i))+".trace", strings.NewReader(src)); err != nil {
					break
				}
			}
			if err == nil {
				err = b.Resolve()
			}
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("error %v; want none", err)
			case tc.err != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.err)):
				t.Fatalf("error %v;\nwant %s", err, tc.err)
			}
		})
	}
}
