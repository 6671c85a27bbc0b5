package explore

import (
	"fmt"
	"sort"

	"gpredict/encode"
	"gpredict/predict/replay"
	"gpredict/spec"
	"gpredict/trace"
)

// Violation is one violation of docs/semantics.md: the binding (one value per
// property parameter), the index of the pattern alternative, the chosen
// trace events (Choice[i] for occurrence i of the alternative, in
// canonical order, see Canonical) and one witness schedule.
type Violation struct {
	Binding  []trace.Sym
	Alt      int
	Choice   []trace.EventRef
	Schedule []replay.Step
}

// Violations returns every violation of property p in tr, each once, with
// one witness. events[d] are the property events of declaration d. It
// follows docs/semantics.md literally: the bindings are the full product of
// the values observed per parameter (none if a parameter has no value), the
// choices all assignments of distinct compatible property events to the
// occurrences, filtered by meta-threads and region pairs, and each choice
// is decided by Decide. Results are in the order binding, alternative,
// choice of the enumeration.
func Violations(tr *trace.Trace, model trace.BranchModel, p *spec.Property, events [][]spec.PropEvent) []Violation {
	var out []Violation
	for _, binding := range bindings(tr, len(p.Params), events) {
		for ai := range p.Normal.Alts {
			alt := &p.Normal.Alts[ai]
			pairs := regionPairs(alt, events)
			// Choices in one canonical class are relabellings of one
			// another inside `||` groups, which the conditions cannot
			// tell apart: one decision per class suffices.
			decided := map[string]bool{}
			for _, choice := range Choices(alt, binding, events) {
				canon := Canonical(alt, choice)
				if !regionsOK(alt, canon, pairs) {
					canon = choice
				}
				key := fmt.Sprint(canon)
				if decided[key] {
					continue
				}
				decided[key] = true
				if ok, sched := Decide(tr, model, encode.Candidate{Alt: alt, Choice: choice}); ok {
					out = append(out, Violation{Binding: binding, Alt: ai, Choice: canon, Schedule: sched})
				}
			}
		}
	}
	return out
}

// bindings is the product, over the property parameters, of the values
// observed for each (sorted as strings, so the order is stable).
func bindings(tr *trace.Trace, nparams int, events [][]spec.PropEvent) [][]trace.Sym {
	values := make([][]trace.Sym, nparams)
	for i := range values {
		seen := map[trace.Sym]bool{}
		for _, evs := range events {
			for _, e := range evs {
				if v := e.Values[i]; v != trace.NoSym && !seen[v] {
					seen[v] = true
					values[i] = append(values[i], v)
				}
			}
		}
		if len(values[i]) == 0 {
			return nil
		}
		sort.Slice(values[i], func(a, b int) bool { return tr.Str(values[i][a]) < tr.Str(values[i][b]) })
	}
	out := [][]trace.Sym{{}}
	for _, vs := range values {
		var next [][]trace.Sym
		for _, prefix := range out {
			for _, v := range vs {
				next = append(next, append(append([]trace.Sym(nil), prefix...), v))
			}
		}
		out = next
	}
	return out
}

// Choices returns every choice for alt under binding: one property event
// per occurrence, compatible with the binding, of the occurrence's
// declaration, no property event twice, meta-threads respected (same name
// ⇒ same thread, different names ⇒ different threads), and region marks
// `<r`/`>r` a matching begin/end pair (see regionPairs).
func Choices(alt *spec.Alternative, binding []trace.Sym, events [][]spec.PropEvent) [][]trace.EventRef {
	pairs := regionPairs(alt, events)
	var out [][]trace.EventRef
	choice := make([]trace.EventRef, len(alt.Occs))
	var rec func(i int)
	rec = func(i int) {
		if i == len(alt.Occs) {
			if threadsOK(alt, choice) && regionsOK(alt, choice, pairs) {
				out = append(out, append([]trace.EventRef(nil), choice...))
			}
			return
		}
		o := alt.Occs[i]
	next:
		for k := range events[o.Decl] {
			e := &events[o.Decl][k]
			if !e.Compatible(binding) {
				continue
			}
			for j := 0; j < i; j++ {
				if alt.Occs[j].Decl == o.Decl && choice[j] == e.Ref {
					continue next
				}
			}
			choice[i] = e.Ref
			rec(i + 1)
		}
	}
	rec(0)
	return out
}

func threadsOK(alt *spec.Alternative, choice []trace.EventRef) bool {
	for i, a := range alt.Occs {
		for j, b := range alt.Occs {
			if a.Thread == "" || b.Thread == "" || i == j {
				continue
			}
			if (a.Thread == b.Thread) != (choice[i].Thread == choice[j].Thread) {
				return false
			}
		}
	}
	return true
}

type pairKey struct {
	region     string
	begin, end trace.EventRef
}

// regionPairs finds, per region of alt, the matching begin/end pairs: per
// thread, over all property events of the begin and end declarations in
// thread order (whatever the binding), a begin is pushed and an end pops
// the innermost open begin; an end with an empty stack pairs with
// nothing. At one trace event, the begin counts before the end (a `call`
// is entry and exit at one position).
func regionPairs(alt *spec.Alternative, events [][]spec.PropEvent) map[pairKey]bool {
	pairs := map[pairKey]bool{}
	for _, b := range alt.Occs {
		if b.Region == "" || b.RegionEnd {
			continue
		}
		for _, e := range alt.Occs {
			if e.Region != b.Region || !e.RegionEnd {
				continue
			}
			type mark struct {
				ref trace.EventRef
				end bool
			}
			var marks []mark
			for _, pe := range events[b.Decl] {
				marks = append(marks, mark{pe.Ref, false})
			}
			for _, pe := range events[e.Decl] {
				marks = append(marks, mark{pe.Ref, true})
			}
			sort.SliceStable(marks, func(i, j int) bool {
				if marks[i].ref != marks[j].ref {
					return marks[i].ref.Less(marks[j].ref)
				}
				return !marks[i].end && marks[j].end
			})
			stacks := map[trace.ThreadID][]trace.EventRef{}
			for _, m := range marks {
				st := stacks[m.ref.Thread]
				if !m.end {
					stacks[m.ref.Thread] = append(st, m.ref)
				} else if len(st) > 0 {
					pairs[pairKey{b.Region, st[len(st)-1], m.ref}] = true
					stacks[m.ref.Thread] = st[:len(st)-1]
				}
			}
		}
	}
	return pairs
}

func regionsOK(alt *spec.Alternative, choice []trace.EventRef, pairs map[pairKey]bool) bool {
	for i, b := range alt.Occs {
		if b.Region == "" || b.RegionEnd {
			continue
		}
		for j, e := range alt.Occs {
			if e.Region == b.Region && e.RegionEnd && !pairs[pairKey{b.Region, choice[i], choice[j]}] {
				return false
			}
		}
	}
	return true
}

// Canonical is the reporting identity of a choice (docs/semantics.md:
// choices that differ only in the order of the events of one `||` group are
// one violation, listed in id order). For every `||` node, the events
// chosen for its direct event children of one declaration are sorted in id
// order and put back into those children's slots. If that relabelling
// breaks a meta-thread restriction (the children play different roles
// elsewhere in the pattern), the choice is its own canonical form.
func Canonical(alt *spec.Alternative, choice []trace.EventRef) []trace.EventRef {
	out := append([]trace.EventRef(nil), choice...)
	var walk func(n *spec.PatNode)
	walk = func(n *spec.PatNode) {
		for _, k := range n.Kids {
			walk(k)
		}
		if n.Kind != spec.PatPar {
			return
		}
		byDecl := map[int][]int{}
		var decls []int
		for _, k := range n.Kids {
			if k.Kind == spec.PatEvent {
				d := alt.Occs[k.Occ].Decl
				if byDecl[d] == nil {
					decls = append(decls, d)
				}
				byDecl[d] = append(byDecl[d], k.Occ)
			}
		}
		for _, d := range decls {
			slots := byDecl[d]
			evs := make([]trace.EventRef, len(slots))
			for i, o := range slots {
				evs[i] = out[o]
			}
			sort.Slice(evs, func(a, b int) bool { return evs[a].Less(evs[b]) })
			for i, o := range slots {
				out[o] = evs[i]
			}
		}
	}
	walk(alt.Root)
	if !threadsOK(alt, out) {
		return append([]trace.EventRef(nil), choice...)
	}
	return out
}
