package replay

import (
	"strings"
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/trace"
)

// buildTrace reads lines as a text trace (docs/trace-format.md), one
// line each, through the one reader (internal/testtrace).
func buildTrace(t testing.TB, lines ...string) *trace.Trace {
	t.Helper()
	return testtrace.Text(t, strings.Join(lines, "\n"))
}

// steps parses "T1#1 T2#1.release ..." into a schedule.
func steps(t testing.TB, tr *trace.Trace, s string) []Step {
	t.Helper()
	var out []Step
	for _, f := range strings.Fields(s) {
		id, suffix, _ := strings.Cut(f, ".")
		ref, ok := tr.Ref(id)
		if !ok {
			t.Fatalf("no event %s", id)
		}
		part, ok := trace.PartNamed(suffix)
		if !ok {
			part = Whole
		}
		out = append(out, Step{Ref: ref, Part: part})
	}
	return out
}

// refs parses "T1#1 T2#3" into event refs.
func refs(t testing.TB, tr *trace.Trace, s string) []trace.EventRef {
	t.Helper()
	out, err := tr.ParseRefs(s)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
