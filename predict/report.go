package predict

import (
	"sort"
	"strings"

	"gpredict/spec"
	"gpredict/trace"
)

// Report is one entry of the output: a violation standing for Count
// violations whose chosen events have the same locations (SPEC 4). With
// --all every violation is its own report with Count 1.
type Report struct {
	Violation
	Count int
}

// ReportOptions are what the writers need besides the result.
type ReportOptions struct {
	Version string   // gpredict's version
	Traces  []string // the trace paths as given
	All     bool     // --all: one report per (binding, choice)
}

// Reports groups the violations (SPEC 4): same property and, per chosen
// event in pattern order, the same declaration and location (its id where
// it has no location); inside a `||` group the (declaration, location)
// pairs are compared as a multiset, since the group's events are listed
// in id order and the same racing locations may come with either event
// first. The first violation of a group in the result's order represents
// it.
func (r *Result) Reports(all bool) []Report {
	var out []Report
	index := map[string]int{}
	for _, v := range r.Violations {
		if all {
			out = append(out, Report{Violation: v, Count: 1})
			continue
		}
		k := r.groupKey(&v)
		if i, ok := index[k]; ok {
			out[i].Count++
			continue
		}
		index[k] = len(out)
		out = append(out, Report{Violation: v, Count: 1})
	}
	return out
}

func (r *Result) groupKey(v *Violation) string {
	return groupKey(r.Trace, v.Property, &v.Property.Normal.Alts[v.Alt], v.Choice)
}

// groupKey is the report group of a choice of events for alternative alt
// of property p (see Reports).
func groupKey(tr *trace.Trace, p *spec.Property, alt *spec.Alternative, choice []trace.EventRef) string {
	var b strings.Builder
	b.WriteString(p.Name)
	for _, g := range occGroups(alt) {
		parts := make([]string, len(g))
		for k, i := range g {
			parts[k] = alt.Occs[i].Event + "\x00" + eventPlace(tr, choice[i])
		}
		sort.Strings(parts)
		b.WriteString("\x01")
		b.WriteString(strings.Join(parts, "\x02"))
	}
	return b.String()
}

// eventPlace is an event's location, or its id if it has none.
func eventPlace(tr *trace.Trace, ref trace.EventRef) string {
	if loc := tr.Event(ref).Loc; loc != trace.NoSym {
		return tr.Str(loc)
	}
	return tr.ID(ref)
}

// eventLoc is an event's location ("" if none).
func eventLoc(tr *trace.Trace, ref trace.EventRef) string {
	if loc := tr.Event(ref).Loc; loc != trace.NoSym {
		return tr.Str(loc)
	}
	return ""
}

// bindingPairs renders a binding as (parameter, value) pairs in parameter
// order.
func bindingPairs(tr *trace.Trace, p *spec.Property, b []trace.Sym) [][2]string {
	out := make([][2]string, len(p.Params))
	for i, prm := range p.Params {
		out[i] = [2]string{prm.Name, tr.Str(b[i])}
	}
	return out
}
