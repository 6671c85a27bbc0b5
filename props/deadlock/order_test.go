package deadlock

import (
	"slices"
	"strings"
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/trace"
)

// The ring of two of most cases below: T1 holds a and requests b (T1#3),
// T2 holds b and requests a (T2#3); each case adds one order.
const orderRing = `
T1 fork T2
T1 acquire a
T1 acquire b
T1 release b
T1 release a
`

// TestOutOfOrder checks the pre-filter rule by rule: which cycles the
// whole trace's must-happen-before rules out, by their requests, and that
// the explorer finds none of them to be a deadlock. A case that rules
// nothing out is one where the order the rule looks for is absent or does
// not bind (TestMatchesExplorer compares the whole built-in).
func TestOutOfOrder(t *testing.T) {
	for _, tc := range []struct {
		name  string
		src   string // a trace, or the name of one under ../testdata/Deadlock
		model trace.BranchModel
		want  []string // the cycles ruled out, as their requests
	}{
		{"a ring of three, unordered", "positive-cycle3.trace", trace.BranchesImplicit, nil},
		{"T3 is forked after T1's section", "negative-fork3.trace", trace.BranchesImplicit, []string{"T1#3 T2#2 T3#2"}},
		{"T2 joins T3 before its section", "negative-join3.trace", trace.BranchesImplicit, []string{"T1#4 T2#3 T3#2"}},
		{"T3 reads what T1 writes after its section", "negative-mhb3.trace", trace.BranchesImplicit, []string{"T1#4 T2#2 T3#3"}},
		{"the same read binds nothing without a branch", "negative-mhb3.trace", trace.BranchesExplicit, nil},
		{"the read just before the request", "negative-read-before-request.trace", trace.BranchesImplicit, []string{"T1#4 T2#2"}},
		{"the read just before the request, explicit model", "negative-read-before-request.trace", trace.BranchesExplicit, nil},
		// Since the clocks have the exclusion rule (encode/strengthen.go),
		// the lock's reason is an order too: T3's hold of a ends T1's first.
		{"a lock rules it out, through the clocks' exclusion order", "negative-hold-before-request.trace", trace.BranchesImplicit, []string{"T1#4 T2#3"}},
		{"a read before the request whose value nobody writes", orderRing + `
T2 acquire b
T2 read x 7
T2 acquire a
T2 release a
T2 release b
`, trace.BranchesImplicit, []string{"T1#3 T2#3"}},
		{"a read before the request whose value only its own thread writes, later", orderRing + `
T2 acquire b
T2 read x 1
T2 acquire a
T2 release a
T2 release b
T2 write x 1
`, trace.BranchesImplicit, []string{"T1#3 T2#3"}},
		{"a read before the request with two writes of its value", orderRing + `
T1 write x 1
T2 acquire b
T2 read x 1
T2 acquire a
T2 release a
T2 release b
T2 write x 1
`, trace.BranchesImplicit, nil},
		{"an hb fact into the event before the request", orderRing + `
T1 write y 1
T2 acquire b
T2 write x 1
T2 acquire a
T2 release a
T2 release b
hb T1:6 T2:2
`, trace.BranchesImplicit, []string{"T1#3 T2#3"}},
		// A fact about the request constrains nothing while the request
		// is not performed (docs/trace-format.md, hb facts), and in the
		// deadlocked state it is not.
		{"an hb fact into the request itself", orderRing + `
T1 write y 1
T2 acquire b
T2 acquire a
T2 release a
T2 release b
hb T1:6 T2:2
`, trace.BranchesImplicit, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var tr *trace.Trace
			if strings.HasSuffix(tc.src, ".trace") {
				tr = read(t, "../testdata/Deadlock/"+tc.src)
			} else {
				tr = testtrace.Text(t, tc.src)
			}
			x := encode.NewModelIndex(tr, tc.model)
			found := findCandidates(tr, defaultCycleLimits())
			if len(found.cands) == 0 {
				t.Fatal("no cycle: the case tests nothing")
			}
			var got []string
			for _, c := range found.cands {
				if outOfOrder(x, tc.model, c) {
					reqs := c.events()
					slices.SortFunc(reqs, func(a, b trace.EventRef) int { return int(a.Thread) - int(b.Thread) })
					got = append(got, ids(tr, reqs))
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("ruled out %q, want %q", got, tc.want)
			}
			for _, d := range explored(tr, tc.model) {
				if slices.Contains(got, d) {
					t.Errorf("ruled out %s, which the explorer finds to be a deadlock", d)
				}
			}
		})
	}
}
