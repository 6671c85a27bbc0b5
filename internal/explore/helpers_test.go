package explore

import (
	"path/filepath"
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/predict/replay"
	"gpredict/spec"
	"gpredict/trace"
)

func readTrace(t testing.TB, name string) *trace.Trace {
	t.Helper()
	return testtrace.File(t, filepath.Join("testdata", name))
}

func ref(t testing.TB, tr *trace.Trace, id string) trace.EventRef {
	t.Helper()
	r, ok := tr.Ref(id)
	if !ok {
		t.Fatalf("no event %s", id)
	}
	return r
}

func ids(tr *trace.Trace, rs []trace.EventRef) []string {
	var out []string
	for _, r := range rs {
		out = append(out, tr.ID(r))
	}
	return out
}

// Pattern trees and occurrences by hand (the .gp parser is tested elsewhere).
func ev(occ int) *spec.PatNode { return &spec.PatNode{Kind: spec.PatEvent, Occ: occ} }
func node(k spec.PatKind, kids ...*spec.PatNode) *spec.PatNode {
	return &spec.PatNode{Kind: k, Kids: kids}
}
func occ(name string, decl int, th string) spec.Occurrence {
	return spec.Occurrence{Event: name, Decl: decl, Thread: th}
}

// property builds a property with one alternative.
func property(params []string, decls []string, root *spec.PatNode, occs ...spec.Occurrence) *spec.Property {
	p := &spec.Property{Name: "P"}
	for _, n := range params {
		p.Params = append(p.Params, &spec.Param{Name: n})
	}
	for _, n := range decls {
		p.Events = append(p.Events, &spec.EventDecl{Name: n})
	}
	p.Normal = &spec.NormalPattern{Alts: []spec.Alternative{{Root: root, Occs: occs}}}
	return p
}

// matchBy builds property events by hand: for each declaration, every
// trace event for which sel returns ok, with the values it returns.
func matchBy(tr *trace.Trace, ndecls int, sel func(decl int, e *trace.Event) (vals []trace.Sym, ok bool)) [][]spec.PropEvent {
	out := make([][]spec.PropEvent, ndecls)
	for d := range out {
		for _, th := range tr.Threads {
			for i := range th.Events {
				if vals, ok := sel(d, &th.Events[i]); ok {
					out[d] = append(out[d], spec.PropEvent{Decl: d, Ref: trace.EventRef{Thread: th.ID, Index: uint32(i)}, Values: vals})
				}
			}
		}
	}
	return out
}

// checkWitness asserts that the replay validator accepts a witness.
func checkWitness(t testing.TB, tr *trace.Trace, model trace.BranchModel, alt *spec.Alternative, choice []trace.EventRef, sched []replay.Step) {
	t.Helper()
	if err := replay.Validate(tr, model, sched); err != nil {
		t.Fatalf("witness rejected: %v\n%s", err, formatSched(tr, sched))
	}
	if err := replay.CheckPattern(tr, alt, choice, sched); err != nil {
		t.Fatalf("witness does not match: %v\n%s", err, formatSched(tr, sched))
	}
}

func formatSched(tr *trace.Trace, sched []replay.Step) string {
	s := ""
	for _, st := range sched {
		s += st.Format(tr) + " "
	}
	return s
}
