package predict

import (
	"sort"

	"gpredict/encode"
	"gpredict/spec"
	"gpredict/trace"
)

// docs/semantics.md defines the bindings as the product of the values
// observed for each property parameter. Most of that product is useless: a
// binding can only give a violation if every occurrence of the alternative
// has a compatible property event. bindingsFor forms the bindings by a hash
// join of the value tuples of the alternative's declarations on the
// parameters they share, and only then extends each joined tuple over the
// parameters that no joined event fixed (those are free in the product
// definition, so every observed value of theirs gives its own binding). The
// result is exactly the product's bindings that can have a compatible event
// for every declaration of the alternative; whether a choice of *distinct*
// events exists is the choice enumerator's business.

// partial is a partial binding: vals[p] is NoSym where p is unassigned;
// mask has bit p set where it is assigned.
type partial struct {
	vals []trace.Sym
	mask uint64
}

// observedValues returns, per parameter, the sorted distinct values bound
// by any property event of any declaration (docs/semantics.md: "all
// combinations of the values observed for each parameter").
func observedValues(nParams int, events [][]spec.PropEvent) [][]trace.Sym {
	seen := make([]map[trace.Sym]bool, nParams)
	for p := range seen {
		seen[p] = map[trace.Sym]bool{}
	}
	for _, decl := range events {
		for i := range decl {
			for p, v := range decl[i].Values {
				if v != trace.NoSym {
					seen[p][v] = true
				}
			}
		}
	}
	out := make([][]trace.Sym, nParams)
	for p, set := range seen {
		for v := range set {
			out[p] = append(out[p], v)
		}
		sort.Slice(out[p], func(i, j int) bool { return out[p][i] < out[p][j] })
	}
	return out
}

// distinctTuples returns the distinct value tuples of one declaration's
// events as partial bindings.
func distinctTuples(evs []spec.PropEvent) []partial {
	seen := map[string]bool{}
	var out []partial
	for i := range evs {
		k := trace.SymsKey(evs[i].Values)
		if seen[k] {
			continue
		}
		seen[k] = true
		pt := partial{vals: evs[i].Values}
		for p, v := range evs[i].Values {
			if v != trace.NoSym {
				pt.mask |= 1 << uint(p)
			}
		}
		out = append(out, pt)
	}
	return out
}

// joinPartials joins two sets of partial bindings on the parameters both
// assign: a hash join per pair of assignment masks. Sets that share no
// parameter join to their product, so it looks at w as it goes (nil once
// w has stopped it).
func joinPartials(left, right []partial, nParams int, w *encode.Watch) []partial {
	byMask := map[uint64][]partial{}
	for _, r := range right {
		byMask[r.mask] = append(byMask[r.mask], r)
	}
	leftByMask := map[uint64][]partial{}
	for _, l := range left {
		leftByMask[l.mask] = append(leftByMask[l.mask], l)
	}
	seen := map[string]bool{}
	var out []partial
	for lm, ls := range leftByMask {
		for rm, rs := range byMask {
			common := lm & rm
			index := map[string][]partial{}
			for _, r := range rs {
				k := projectKey(r.vals, common, nParams)
				index[k] = append(index[k], r)
			}
			for _, l := range ls {
				for _, r := range index[projectKey(l.vals, common, nParams)] {
					if w.Stopped() {
						return nil
					}
					m := partial{vals: make([]trace.Sym, nParams), mask: lm | rm}
					for p := 0; p < nParams; p++ {
						if l.vals[p] != trace.NoSym {
							m.vals[p] = l.vals[p]
						} else {
							m.vals[p] = r.vals[p]
						}
					}
					k := trace.SymsKey(m.vals)
					if !seen[k] {
						seen[k] = true
						out = append(out, m)
					}
				}
			}
		}
	}
	return out
}

// bindingsFor calls yield with every binding (one value per parameter) of
// the product of observed values for which each declaration in decls has
// at least one event whose values agree with it, in a deterministic order.
// Residual `if` conditions are not evaluated here (they need the events
// themselves); the choice enumerator checks them with Compatible. It
// stops, yielding no more, once w stops it (nil: never).
func bindingsFor(nParams int, events [][]spec.PropEvent, decls []int, w *encode.Watch, yield func([]trace.Sym) bool) {
	if nParams > 64 {
		panic("predict: more than 64 property parameters")
	}
	observed := observedValues(nParams, events)
	for _, vs := range observed {
		if len(vs) == 0 {
			return // docs/semantics.md: a parameter nothing binds gives no binding
		}
	}
	joined := []partial{{vals: make([]trace.Sym, nParams)}}
	for _, d := range decls {
		joined = joinPartials(joined, distinctTuples(events[d]), nParams, w)
		if len(joined) == 0 {
			return
		}
	}
	sort.Slice(joined, func(i, j int) bool { return symsLess(joined[i].vals, joined[j].vals) })
	// Extend over the unassigned parameters. Different joined tuples can
	// extend to the same binding (an event binding fewer parameters is
	// compatible with more bindings), so full bindings are deduplicated.
	seen := map[string]bool{}
	full := make([]trace.Sym, nParams)
	var extend func(pt partial, p int) bool
	extend = func(pt partial, p int) bool {
		if w.Stopped() {
			return false
		}
		if p == nParams {
			k := trace.SymsKey(full)
			if seen[k] {
				return true
			}
			seen[k] = true
			return yield(append([]trace.Sym(nil), full...))
		}
		if pt.mask&(1<<uint(p)) != 0 {
			full[p] = pt.vals[p]
			return extend(pt, p+1)
		}
		for _, v := range observed[p] {
			full[p] = v
			if !extend(pt, p+1) {
				return false
			}
		}
		return true
	}
	for _, pt := range joined {
		if !extend(pt, 0) {
			return
		}
	}
}

func projectKey(vs []trace.Sym, mask uint64, nParams int) string {
	b := make([]byte, 0, 4*nParams)
	for p := 0; p < nParams; p++ {
		if mask&(1<<uint(p)) != 0 {
			v := vs[p]
			b = append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
		}
	}
	return string(b)
}

func symsLess(a, b []trace.Sym) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}
