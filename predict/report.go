package predict

import (
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
// it has no location). The first violation of a group in the result's
// order represents it.
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
	var b strings.Builder
	b.WriteString(v.Property.Name)
	for i, ref := range v.Choice {
		b.WriteByte(0)
		b.WriteString(occName(v.Property, v.Alt, i))
		b.WriteByte(0)
		b.WriteString(eventPlace(r.Trace, ref))
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

func occName(p *spec.Property, alt, occ int) string { return p.Normal.Alts[alt].Occs[occ].Event }

// bindingPairs renders a binding as (parameter, value) pairs in parameter
// order.
func bindingPairs(tr *trace.Trace, p *spec.Property, b []trace.Sym) [][2]string {
	out := make([][2]string, len(p.Params))
	for i, prm := range p.Params {
		out[i] = [2]string{prm.Name, tr.Str(b[i])}
	}
	return out
}
