package explore

import (
	"strings"

	"gpredict/encode"
	"gpredict/predict/replay"
	"gpredict/spec"
	"gpredict/trace"
)

// Decide answers one candidate by brute force: is there a feasible
// schedule (docs/semantics.md) that contains every chosen event and
// satisfies the pattern conditions there? If so it returns one such schedule,
// ending with the step that completes the match. model must be resolved.
// The candidate's choice is taken as given (meta-thread and region
// restrictions are the enumerator's job, see Violations).
func Decide(tr *trace.Trace, model trace.BranchModel, c encode.Candidate) (ok bool, sched []replay.Step) {
	return DecideIn(tr, model, trace.SC, c)
}

// DecideIn is Decide under memory model mem.
func DecideIn(tr *trace.Trace, model trace.BranchModel, mem trace.MemoryModel, c encode.Candidate) (ok bool, sched []replay.Step) {
	x := &search{tr: tr, model: model, alt: c.Alt, choice: c.Choice,
		chosen: map[trace.EventRef]bool{}, failed: map[string]bool{}}
	for _, e := range c.Choice {
		x.chosen[e] = true
	}
	if end := x.dfs(newStateIn(tr, mem)); end != nil {
		return true, end.path
	}
	return false, nil
}

// search is a depth-first search over schedule prefixes. Every prefix it
// reaches is feasible (the step rules reject a step as soon as it would
// break a rule, and feasibility is prefix-closed), so a prefix can be
// abandoned at its first infeasible step. Prefixes that failed are
// remembered by their state and the shape of their path.
type search struct {
	tr     *trace.Trace
	model  trace.BranchModel
	alt    *spec.Alternative
	choice []trace.EventRef
	chosen map[trace.EventRef]bool
	failed map[string]bool
}

func (x *search) dfs(s *state) *state {
	pos, all := x.positions(s.path)
	if all {
		// Positions of chosen events never change once scheduled, so a
		// complete prefix either matches now or never.
		if holds(x.alt.Root, x.choice, pos) {
			return s
		}
		return nil
	}
	var b strings.Builder
	s.key(&b)
	x.shape(&b, s.path)
	k := b.String()
	if x.failed[k] {
		return nil
	}
	for _, n := range successors(x.tr, x.model, s) {
		if end := x.dfs(n); end != nil {
			return end
		}
	}
	x.failed[k] = true
	return nil
}

// positions maps each scheduled chosen event to its position (a wait's is
// its release step) and reports whether all chosen events are scheduled.
func (x *search) positions(path []replay.Step) (map[trace.EventRef]int, bool) {
	pos := map[trace.EventRef]int{}
	for i, st := range path {
		if x.chosen[st.Ref] && (st.Part == replay.Whole || st.Part == replay.Release) {
			pos[st.Ref] = i
		}
	}
	return pos, len(pos) == len(x.chosen)
}

// shape writes what the pattern conditions can see of a path: the chosen
// events in order, and whether other steps lie between them (and after
// the last one). Two prefixes with the same state and shape have the same
// futures.
func (x *search) shape(b *strings.Builder, path []replay.Step) {
	b.WriteByte('|')
	gap := false
	for _, st := range path {
		if x.chosen[st.Ref] && (st.Part == replay.Whole || st.Part == replay.Release) {
			if gap {
				b.WriteByte('.')
			}
			gap = false
			b.WriteString(x.tr.ID(st.Ref))
			b.WriteByte(' ')
		} else {
			gap = true
		}
	}
	if gap {
		b.WriteByte('.')
	}
}

// holds evaluates a normal-form pattern node on the positions of the
// chosen events (docs/semantics.md).
func holds(n *spec.PatNode, choice []trace.EventRef, pos map[trace.EventRef]int) bool {
	switch n.Kind {
	case spec.PatEvent:
		_, ok := pos[choice[n.Occ]]
		return ok
	case spec.PatSeq:
		for i, k := range n.Kids {
			if !holds(k, choice, pos) {
				return false
			}
			for _, later := range n.Kids[i+1:] {
				for _, a := range occsOf(k) {
					for _, b := range occsOf(later) {
						if pos[choice[a]] >= pos[choice[b]] {
							return false
						}
					}
				}
			}
		}
		return true
	case spec.PatPar:
		for _, k := range n.Kids {
			if !holds(k, choice, pos) {
				return false
			}
		}
		distinct := map[int]bool{}
		lo, hi := int(^uint(0)>>1), -1
		for _, o := range occsOf(n) {
			p := pos[choice[o]]
			distinct[p] = true
			lo, hi = min(lo, p), max(hi, p)
		}
		return hi-lo+1 == len(distinct)
	case spec.PatAnd:
		for _, k := range n.Kids {
			if !holds(k, choice, pos) {
				return false
			}
		}
		return true
	case spec.PatOr:
		for _, k := range n.Kids {
			if holds(k, choice, pos) {
				return true
			}
		}
		return false
	case spec.PatNot:
		return !holds(n.Kids[0], choice, pos)
	}
	panic("explore: unknown pattern node kind")
}

// occsOf lists the occurrences below n.
func occsOf(n *spec.PatNode) []int {
	if n.Kind == spec.PatEvent {
		return []int{n.Occ}
	}
	var out []int
	for _, k := range n.Kids {
		out = append(out, occsOf(k)...)
	}
	return out
}
