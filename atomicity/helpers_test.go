package atomicity

import (
	"fmt"
	"strings"
	"testing"

	"gpredict/trace"
)

// namedAtomic is the default of the command line for tests that do not go
// through it: a method called atomic with no parameters is atomic.
func namedAtomic(tr *trace.Trace) func(trace.EventRef) bool {
	return func(r trace.EventRef) bool {
		sig := tr.Signature(tr.Event(r).Obj)
		return sig.Name == "atomic" && len(sig.Params) == 0
	}
}

// run checks tr in its recorded order with namedAtomic.
func run(t testing.TB, tr *trace.Trace) *Result {
	t.Helper()
	order, err := RecordedOrder(tr)
	if err != nil {
		t.Fatal(err)
	}
	return Check(tr, order, Options{Atomic: namedAtomic(tr)})
}

// describe renders a result compactly for table tests: per violation the
// blamed blocks' enter ids and the cycle as "FROM>TO" pairs, plus "~"
// when it is not increasing and the number of cycles closed in the
// transaction when there are several.
func describe(tr *trace.Trace, res *Result) string {
	var parts []string
	for _, v := range res.Violations {
		var b []string
		for _, blk := range v.Blamed {
			b = append(b, tr.ID(blk.Enter))
		}
		var cyc []string
		for _, e := range v.Cycle {
			cyc = append(cyc, tr.ID(e.From)+">"+tr.ID(e.To))
		}
		s := "blame " + strings.Join(b, ",") + ": " + strings.Join(cyc, " ")
		if !v.Increasing {
			s += " ~"
		}
		if v.Cycles > 1 {
			s += fmt.Sprintf(" (%d cycles)", v.Cycles)
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return "serializable"
	}
	return strings.Join(parts, "; ")
}
