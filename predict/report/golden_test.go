package report

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/predict"
	"gpredict/predict/report/witness"
	"gpredict/spec"
	"gpredict/trace"
)

// racy has races on x, and none on y (its accesses hold l).
const racy = testtrace.Racy

// bareLocations has the STD format's locations, bare numbers: SARIF
// gives them as logical locations, not as files.
const bareLocations = `
T1 fork T2
T1 write x 1 @30
T2 write x 2 @31
T2 write y 1
`

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
	writers := map[string]func(io.Writer, *predict.Result, Options) error{
		"txt": WriteText, "json": WriteJSON, "sarif": WriteSARIF, "html": WriteHTML,
	}
	unknown := func(*trace.Trace, trace.BranchModel, predict.DeciderOptions) predict.Decider {
		return fakeDecider{predict.Decision{Verdict: predict.Unknown, Reason: "timeout after 1ns"}}
	}
	cases := []struct {
		name    string
		src     string
		prop    string
		opts    Options
		decider func(*trace.Trace, trace.BranchModel, predict.DeciderOptions) predict.Decider // nil: the explorer
	}{
		{"fig8", fig8(t), "UnsafeIterator", Options{}, nil},
		{"fig8_documented", fig8(t), "UnsafeIterator", Options{
			Rules: []RuleDoc{{Name: "UnsafeIterator", Summary: "A collection is modified while an iterator walks it.",
				Help: "**Catches.** An update between `iterator()` and `next()`.\n\nSecond paragraph."}},
			Warnings: []Warning{{Code: "unmatched-event", Message: "event hasnext of UnsafeIterator matches no event of the trace", Pos: "iter.gp:5:9"},
				{Code: "thread-never-forked", Message: "thread never forked (may start at any time): thread T9"}},
		}, nil},
		{"racy_all", racy, "Race", Options{All: true}, nil},
		{"wait_race", waitRace, "Race", Options{}, nil},
		{"same_code", sameCode, "ReadWrite", Options{}, nil},
		{"same_code_all", sameCode, "ReadWrite", Options{All: true}, nil},
		{"long_witness", longWitness(), "Race", Options{}, nil},
		{"long_witness_full", longWitness(), "Race", Options{Witness: witness.Full}, nil},
		{"long_witness_none", longWitness(), "Race", Options{Witness: witness.None}, nil},
		{"bare_locations", bareLocations, "Race", Options{}, nil},
		{"unknowns", racy, "Race", Options{}, unknown},
		{"unknowns_all", racy, "Race", Options{All: true}, unknown},
		// An interrupt stopped the writing before the first report:
		// the document is complete, and says what it leaves out.
		{"stopped", racy, "Race", Options{Stop: closedStop()}, nil},
		{"unknowns_all_stopped", racy, "Race", Options{All: true, Stop: closedStop()}, unknown},
	}
	for _, tc := range cases {
		tr := testtrace.Text(t, tc.src)
		res := run(t, tr, tc.opts.All, tc.decider, property(t, tr, tc.prop))
		for ext, write := range writers {
			var buf bytes.Buffer
			opts := tc.opts
			opts.Version, opts.Traces = "test", []string{tc.name + ".trace"}
			if err := write(&buf, res, opts); err != nil && (opts.Stop == nil || !errors.Is(err, ErrTruncated)) {
				t.Fatal(err)
			}
			checkGolden(t, tc.name+"."+ext, buf.Bytes())
		}
	}
}

// fakeDecider answers every candidate the same way.
type fakeDecider struct{ d predict.Decision }

func (f fakeDecider) Decide(encode.Candidate) predict.Decision { return f.d }
func (f fakeDecider) Close()                                   {}

// TestUnknownGroups: the text summary counts unknown candidates by
// property and reason; reasons that differ only in numbers are one group
// shown with "e.g.".
func TestUnknownGroups(t *testing.T) {
	tr := testtrace.Text(t, racy)
	race, other := property(t, tr, "Race").Prop, &spec.Property{Name: "Other"}
	u := func(p *spec.Property, reason string) predict.UnknownCandidate {
		return predict.UnknownCandidate{Property: p, Reason: reason}
	}
	res := &predict.Result{Trace: tr, Unknown: []predict.UnknownCandidate{
		u(race, "timeout after 10s"), u(race, "the slice (1204 events) is too large"),
		u(race, "timeout after 10s"), u(other, "timeout after 10s"),
		u(race, "the slice (98 events) is too large"), u(race, "timeout after 10s"),
	}}
	var buf bytes.Buffer
	if err := WriteText(&buf, res, Options{}); err != nil {
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
		if got := witness.Thousands(n); got != want {
			t.Errorf("thousands(%d) = %q; want %q", n, got, want)
		}
	}
}
