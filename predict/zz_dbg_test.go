package predict

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"gpredict/encode"
	"gpredict/predict/closure"
	"gpredict/predict/greedy"
	"gpredict/predict/stage"
	"gpredict/spec"
	"gpredict/trace"
)

// collects candidates that the direct stages do not settle and explains why.
func TestDbgLeft(t *testing.T) {
	path := os.Getenv("DBG_TRACE")
	if path == "" {
		t.Skip()
	}
	tr, _ := trace.Read([]string{path}, "")
	src, _ := os.ReadFile("../props/catalog/DataRace.gp")
	f, _ := spec.Load("DataRace.gp", src)
	p := f.Properties[0]
	events, _ := spec.Match(p, tr)
	var cands []encode.Candidate
	opts := Options{Jobs: 1, All: true, NewDecider: func(*trace.Trace, trace.BranchModel, DeciderOptions) Decider {
		return recDecider{&cands}
	}}
	Run(context.Background(), tr, []PropertyInput{{Prop: p, Events: events}}, opts)
	facts := stage.NewFacts(tr, trace.BranchesImplicit)
	z := NewTestLadder(tr, trace.BranchesImplicit, false, false, 20*time.Second)
	n := 0
	for _, c := range cands {
		ch, _ := closure.ChainOf(tr, c.Alt, c.Choice)
		cfg := closure.DefaultConfig(true); if os.Getenv("DBG_ZONE") != "" { cfg.Zone = 100000; cfg.MaxEdges = 100000 }; res := closure.Saturate(facts.Index, ch, cfg)
		if res.Refuted {
			continue
		}
		sched, why := greedy.Explain(facts.Index, ch, res)
		if why == "" && facts.Valid(c, sched) {
			continue
		}
		if why == "" {
			why = "invalid witness"
		}
		d := z.Decide(c)
		a := func(r trace.EventRef) uint32 { return tr.Threads[r.Thread].Arrival[r.Index] + 1 }
		fmt.Printf("%s(%d) %s(%d): z3 %s; edges %d cut %v; greedy: %s\n", tr.ID(c.Choice[0]), a(c.Choice[0]), tr.ID(c.Choice[1]), a(c.Choice[1]), d.Verdict, len(res.Edges), res.Cut, why)
		if n++; n > 40 {
			break
		}
	}
}

type recDecider struct{ out *[]encode.Candidate }

func (r recDecider) Decide(c encode.Candidate) Decision {
	*r.out = append(*r.out, encode.Candidate{Alt: c.Alt, Choice: append([]trace.EventRef(nil), c.Choice...)})
	return Decision{Verdict: Unsat}
}
func (recDecider) Close() {}
