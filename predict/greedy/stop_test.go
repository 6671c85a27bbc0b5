package greedy

import (
	"fmt"
	"strings"
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/predict/closure"
	"gpredict/predict/replay"
	"gpredict/trace"
)

// TestBuildStops: a witness that takes thousands of simulated steps is
// found without a stop signal, and not once the signal has closed: the
// attempts look at it before each run, and a run looks at it as it goes
// (a run over a recording of a million events takes seconds, past an
// interrupt's two).
func TestBuildStops(t *testing.T) {
	const n = 5000
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "T1 write y%d %d\n", i%50, i)
	}
	b.WriteString("T1 fork T2\nT1 write x 1\nT2 write x 2\n")
	tr, block := testtrace.Parse(t, b.String(), fmt.Sprintf("T1#%d T2#1", n+2))
	x := encode.NewModelIndex(tr, trace.BranchesImplicit)
	ch := closure.Chain{Groups: [][]trace.EventRef{block}}
	res := closure.Saturate(x, ch, closure.DefaultConfig(false))
	if res.Refuted {
		t.Fatal("the race is refuted")
	}
	valid := func(_ int, steps []replay.Step) bool { return len(steps) > n }
	if _, steps, ok := Build(x, ch, res, nil, Full, valid, make(chan struct{})); !ok {
		t.Fatalf("no witness without a stop signal (%d steps)", len(steps))
	}
	stop := make(chan struct{})
	close(stop)
	if _, _, ok := Build(x, ch, res, nil, Full, valid, stop); ok {
		t.Error("a witness after the stop signal closed")
	}
	b2, why := run(x, ch, res, attempts()[0], nil, nil, stop)
	if why != "stopped" || len(b2.sched) > stopLookEvery {
		t.Errorf("a run after the stop signal closed: %q after %d steps, want stopped after at most %d", why, len(b2.sched), stopLookEvery)
	}
}
