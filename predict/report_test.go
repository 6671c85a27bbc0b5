package predict

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpredict/spec"
	"gpredict/trace"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// A wait in the witness: T2 waits on l, T1 notifies, T2's write races.
const waitRace = `
T1 fork T2
T2 acquire l
T2 wait l
T2 release l
T2 write x 2 @B.java:9
T1 acquire l
T1 notify l
T1 release l
T1 write x 1 @A.java:4
`

// Both threads run the same code: each thread's read can be adjacent to
// the other's write. As `rd(t1) || wr(t2)` the two races are listed in id
// order (the write T1#2 first in one, the read T1#3 first in the other)
// and, having the same locations, are one grouped report.
const sameCode = `
T1 fork T2
T1 write x 1 @C.java:1
T1 read x 1 @C.java:2
T2 write x 2 @C.java:1
T2 read x 2 @C.java:2
`

// readWrite is `rd(t1) || wr(t2)` over the variable of the access.
func readWrite(tr *trace.Trace) PropertyInput {
	p := newProp("ReadWrite", []string{"v"}, []string{"rd", "wr"}, par(ev(0), ev(1)), occ(0, "rd", "t1"), occ(1, "wr", "t2"))
	events := matchEvents(tr, 2, func(d int, e *trace.Event) []trace.Sym {
		if d == 0 && e.Op == trace.OpRead || d == 1 && e.Op == trace.OpWrite {
			return []trace.Sym{e.Obj}
		}
		return nil
	})
	return PropertyInput{Prop: p, Events: events}
}

// longWitness is a race at the end of two long threads: its witness runs
// T1's 30 writes to y and T2's 20 writes to z first, which the trimmed
// text witness summarises per thread.
func longWitness() string {
	var b strings.Builder
	b.WriteString("T1 fork T2\n")
	for i := 1; i <= 30; i++ {
		fmt.Fprintf(&b, "T1 write y %d\n", i)
	}
	b.WriteString("T1 write x 1 @A.java:4\n")
	for i := 1; i <= 20; i++ {
		fmt.Fprintf(&b, "T2 write z %d\n", i)
	}
	b.WriteString("T2 write x 2 @B.java:9\n")
	return b.String()
}

func TestReportGolden(t *testing.T) {
	writers := map[string]func(io.Writer, *Result, ReportOptions) error{
		"txt": WriteText, "json": WriteJSON, "sarif": WriteSARIF,
	}
	unknown := func(trace.BranchModel) Decider {
		return fakeDecider{Decision{Verdict: Unknown, Reason: "timeout after 1ns"}}
	}
	cases := []struct {
		name    string
		src     string
		prop    func(*trace.Trace) PropertyInput // nil: by name
		opts    ReportOptions
		decider func(trace.BranchModel) Decider // nil: the brute-force reference
	}{
		{"fig8", fig8, nil, ReportOptions{}, nil},
		{"fig8_documented", fig8, nil, ReportOptions{
			Rules: []RuleDoc{{Name: "UnsafeIterator", Summary: "A collection is modified while an iterator walks it.",
				Help: "**Catches.** An update between `iterator()` and `next()`.\n\nSecond paragraph."}},
			Warnings: []Warning{{Code: "unmatched-event", Message: "event hasnext of UnsafeIterator matches no event of the trace", Pos: "iter.gp:5:9"},
				{Code: "thread-never-forked", Message: "thread never forked (may start at any time): thread T9"}},
		}, nil},
		{"racy_all", racy, nil, ReportOptions{All: true}, nil},
		{"wait_race", waitRace, nil, ReportOptions{}, nil},
		{"same_code", sameCode, readWrite, ReportOptions{}, nil},
		{"same_code_all", sameCode, readWrite, ReportOptions{All: true}, nil},
		{"long_witness", longWitness(), nil, ReportOptions{}, nil},
		{"long_witness_full", longWitness(), nil, ReportOptions{Witness: WitnessFull}, nil},
		{"long_witness_none", longWitness(), nil, ReportOptions{Witness: WitnessNone}, nil},
		{"unknowns", racy, nil, ReportOptions{}, unknown},
		{"unknowns_all", racy, nil, ReportOptions{All: true}, unknown},
	}
	for _, tc := range cases {
		tr := parseTrace(t, tc.src)
		in := race(tr)
		if strings.HasPrefix(tc.name, "fig8") {
			in = unsafeIterator(tr)
		}
		if tc.prop != nil {
			in = tc.prop(tr)
		}
		res := runBruteOpts(t, tr, Options{Jobs: 2, All: tc.opts.All}, in)
		if tc.decider != nil {
			var err error
			res, err = Run(context.Background(), tr, []PropertyInput{in}, Options{Jobs: 1, All: tc.opts.All,
				NewDecider: func(_ *trace.Trace, m trace.BranchModel, _ DeciderOptions) Decider { return tc.decider(m) }})
			if err != nil {
				t.Fatal(err)
			}
		}
		res.Stats.Seconds = 0 // wall time is not reproducible
		for ext, write := range writers {
			var buf bytes.Buffer
			opts := tc.opts
			opts.Version, opts.Traces = "test", []string{tc.name + ".trace"}
			if err := write(&buf, res, opts); err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", "golden", tc.name+"."+ext)
			if *update {
				if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update)", err)
			}
			if !bytes.Equal(buf.Bytes(), want) {
				t.Errorf("%s differs from golden:\n%s", golden, buf.Bytes())
			}
		}
	}
}

// TestUnknownGroups: the text summary counts unknown candidates by
// property and reason; reasons that differ only in numbers are one group
// shown with "e.g.".
func TestUnknownGroups(t *testing.T) {
	tr := parseTrace(t, racy)
	race, other := race(tr).Prop, &spec.Property{Name: "Other"}
	u := func(p *spec.Property, reason string) UnknownCandidate {
		return UnknownCandidate{Property: p, Reason: reason}
	}
	res := &Result{Trace: tr, Unknown: []UnknownCandidate{
		u(race, "timeout after 10s"), u(race, "the slice (1204 events) is too large"),
		u(race, "timeout after 10s"), u(other, "timeout after 10s"),
		u(race, "the slice (98 events) is too large"), u(race, "timeout after 10s"),
	}}
	var buf bytes.Buffer
	if err := WriteText(&buf, res, ReportOptions{}); err != nil {
		t.Fatal(err)
	}
	want := `unknown candidates by property and reason (--all lists each; --format json has them all):
  3  Race   timeout after 10s
  2  Race   e.g. the slice (1204 events) is too large
  1  Other  timeout after 10s
`
	if got, _, _ := strings.Cut(buf.String(), "\n\n"); got+"\n" != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 24180: "24,180", 1234567: "1,234,567", -1000: "-1,000"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q; want %q", n, got, want)
		}
	}
}
