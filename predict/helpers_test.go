package predict

import (
	"strings"

	"gpredict/encode"
	"gpredict/predict/replay"
	"gpredict/spec"
	"gpredict/trace"
)

// Hand-built properties: the engine is tested without the spec parser.

func ev(occ int) *spec.PatNode { return &spec.PatNode{Kind: spec.PatEvent, Occ: occ} }
func seq(k ...*spec.PatNode) *spec.PatNode {
	return &spec.PatNode{Kind: spec.PatSeq, Kids: k}
}
func par(k ...*spec.PatNode) *spec.PatNode {
	return &spec.PatNode{Kind: spec.PatPar, Kids: k}
}
func not(k *spec.PatNode) *spec.PatNode {
	return &spec.PatNode{Kind: spec.PatNot, Kids: []*spec.PatNode{k}}
}

// occ is an occurrence "name" or "name(t1)" of declaration decl.
func occ(decl int, name, thread string) spec.Occurrence {
	return spec.Occurrence{Event: name, Decl: decl, Thread: thread}
}

// newProp builds a property with the given parameters, declaration names
// and one alternative.
func newProp(name string, params, decls []string, root *spec.PatNode, occs ...spec.Occurrence) *spec.Property {
	p := &spec.Property{Name: name}
	for _, n := range params {
		p.Params = append(p.Params, &spec.Param{Type: "Object", Name: n})
	}
	for _, n := range decls {
		p.Events = append(p.Events, &spec.EventDecl{Name: n})
	}
	p.Normal = &spec.NormalPattern{Alts: []spec.Alternative{{Root: root, Occs: occs}}}
	return p
}

// matcher builds property events by a predicate per declaration that
// returns the bound values (nil: no match).
func matchEvents(tr *trace.Trace, nDecls int, f func(decl int, e *trace.Event) []trace.Sym) [][]spec.PropEvent {
	out := make([][]spec.PropEvent, nDecls)
	for t, th := range tr.Threads {
		for i := range th.Events {
			ref := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)}
			for d := 0; d < nDecls; d++ {
				if vals := f(d, &th.Events[i]); vals != nil {
					out[d] = append(out[d], spec.PropEvent{Decl: d, Ref: ref, Values: vals})
				}
			}
		}
	}
	return out
}

// bruteDecider decides a candidate by depth-first search over schedules,
// pruned with the replay validator (feasibility is prefix-closed), and
// accepts the first prefix meeting the pattern conditions. It is an
// exhaustive reference for traces of a dozen events.
type bruteDecider struct {
	tr    *trace.Trace
	model trace.BranchModel
	calls int
}

func newBrute(tr *trace.Trace, model trace.BranchModel, _ DeciderOptions) Decider {
	return &bruteDecider{tr: tr, model: model}
}

func (b *bruteDecider) Close() {}

func (b *bruteDecider) Decide(c encode.Candidate) Decision {
	b.calls++
	next := make([]int, len(b.tr.Threads)) // steps taken per thread, wait = 3
	var sched []replay.Step
	var dfs func() bool
	dfs = func() bool {
		if replay.CheckPattern(b.tr, c.Alt, c.Choice, sched) == nil {
			return true
		}
		for t, th := range b.tr.Threads {
			idx, part := stepAt(th, next[t])
			if idx >= len(th.Events) {
				continue
			}
			sched = append(sched, replay.Step{Ref: trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(idx)}, Part: part})
			next[t]++
			if replay.Validate(b.tr, b.model, sched) == nil && dfs() {
				return true
			}
			next[t]--
			sched = sched[:len(sched)-1]
		}
		return false
	}
	if dfs() {
		return Decision{Verdict: Sat, Schedule: append([]replay.Step(nil), sched...)}
	}
	return Decision{Verdict: Unsat}
}

// stepAt maps the n-th step of a thread to its event and part.
func stepAt(th *trace.Thread, n int) (int, replay.Part) {
	for i := range th.Events {
		parts := 1
		if th.Events[i].Op == trace.OpWait {
			parts = 3
		}
		if n < parts {
			if parts == 3 {
				return i, replay.Release + replay.Part(n)
			}
			return i, replay.Whole
		}
		n -= parts
	}
	return len(th.Events), replay.Whole
}

// fakeDecider answers every candidate the same way.
type fakeDecider struct{ d Decision }

func (f fakeDecider) Decide(encode.Candidate) Decision { return f.d }
func (f fakeDecider) Close()                           {}

func ids(tr *trace.Trace, refs []trace.EventRef) string {
	s := make([]string, len(refs))
	for i, r := range refs {
		s[i] = tr.ID(r)
	}
	return strings.Join(s, " ")
}
