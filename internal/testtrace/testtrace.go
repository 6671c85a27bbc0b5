// Package testtrace reads the few-line text traces that table tests
// write inline, with the events a case names, and indexes them.
package testtrace

import (
	"strings"
	"testing"

	"gpredict/encode"
	"gpredict/trace"
)

// Parse reads text (a text-format trace; surrounding blank space is
// ignored) and the event ids refs ("T1#2 T2#1"), and indexes the trace
// under the implicit branch model. Any error fails the test.
func Parse(t testing.TB, text, refs string) (*trace.Trace, []trace.EventRef, *encode.Index) {
	t.Helper()
	tr, err := trace.ParseText("test.trace", strings.TrimSpace(text)+"\n")
	if err != nil {
		t.Fatal(err)
	}
	events, err := tr.ParseRefs(refs)
	if err != nil {
		t.Fatal(err)
	}
	return tr, events, encode.NewModelIndex(tr, trace.BranchesImplicit)
}
