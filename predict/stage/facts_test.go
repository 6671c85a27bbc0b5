package stage

import (
	"runtime"
	"testing"
	"time"

	"gpredict/internal/testtrace"
	"gpredict/trace"
)

// TestBaseWitnessOutlivesFacts: the base witness, which the witnesses a
// run keeps share until their reports are written, does not keep the
// facts alive (a pointer into Facts kept the index and the rest, some
// 350 MB on the 1M-event member, while the reports were written).
func TestBaseWitnessOutlivesFacts(t *testing.T) {
	tr := testtrace.Text(t, "T1 write x 1\nT2 read x 1\nT1 write y 1\nT2 read y 1\n")
	f := NewFacts(tr, trace.BranchesImplicit)
	head := f.BaseWitness()
	if head == nil || head.Len() == 0 {
		t.Fatal("no base witness: the test checks nothing")
	}
	collected := make(chan struct{})
	runtime.AddCleanup(f, func(struct{}) { close(collected) }, struct{}{})
	f = nil
	for range 20 {
		runtime.GC()
		select {
		case <-collected:
			runtime.KeepAlive(head)
			return
		case <-time.After(20 * time.Millisecond):
		}
	}
	runtime.KeepAlive(head)
	t.Fatal("the facts stay alive while their base witness is kept")
}
