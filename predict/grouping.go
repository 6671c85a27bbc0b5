package predict

import (
	"crypto/sha256"
	"encoding/hex"
	"sort"
	"strings"

	"gpredict/spec"
	"gpredict/trace"
)

// The reports' vocabulary that the engine shares with the writers of
// predict/report: how violations group into reports (the engine skips the
// candidates of a group already reported, groups.go), and how a binding
// and a choice are named.

// Report is one entry of the output: a violation standing for Count
// violations whose chosen events have the same locations (docs/output.md).
// With --all every violation is its own report with Count 1.
type Report struct {
	// *Violation, not a copy: a run may have a million reports.
	*Violation
	Count int
}

// Reports groups the violations (docs/output.md): same property and, per
// chosen event in pattern order, the same declaration and location (its id
// where it has no location); inside a `||` group the (declaration,
// location) pairs are compared as a multiset, since the group's events are
// listed in id order and the same racing locations may come with either
// event first. The first violation of a group in the result's order
// represents it.
func (r *Result) Reports(all bool) []Report {
	var out []Report
	index := map[string]int{}
	keys := newGroupKeys(r.Trace)
	for i := range r.Violations {
		v := &r.Violations[i]
		if all {
			out = append(out, Report{Violation: v, Count: 1})
			continue
		}
		k := keys.key(v.Property, &v.Property.Normal.Alts[v.Alt], v.Choice)
		if i, ok := index[k]; ok {
			out[i].Count++
			continue
		}
		index[k] = len(out)
		out = append(out, Report{Violation: v, Count: 1})
	}
	return out
}

// GroupKey is the report group of v, a violation over r's trace (see
// Reports). The Deadlock built-in, which forms and decides its candidates
// itself, leaves a group's later ones undecided by it as Run does
// (groups.go).
func (r *Result) GroupKey(v *Violation) string { return r.groupKey(v) }

func (r *Result) groupKey(v *Violation) string {
	return groupKey(r.Trace, v.Property, &v.Property.Normal.Alts[v.Alt], v.Choice)
}

// groupKey is the report group of a choice of events for alternative alt
// of property p (see Reports).
func groupKey(tr *trace.Trace, p *spec.Property, alt *spec.Alternative, choice []trace.EventRef) string {
	return placesKey(p.Name, alt, choice, func(r trace.EventRef) string { return eventPlace(tr, r) })
}

// placesKey is name followed, per group of occurrences of alt (occGroups),
// by the sorted (event name, place) pairs of its chosen events.
func placesKey(name string, alt *spec.Alternative, choice []trace.EventRef, place func(trace.EventRef) string) string {
	var b strings.Builder
	b.WriteString(name)
	for _, g := range occGroups(alt) {
		parts := make([]string, len(g))
		for k, i := range g {
			parts[k] = alt.Occs[i].Event + "\x00" + place(choice[i])
		}
		sort.Strings(parts)
		b.WriteString("\x01")
		b.WriteString(strings.Join(parts, "\x02"))
	}
	return b.String()
}

// Fingerprint identifies a report across runs, and across recordings of
// the same program, for baselines (--baseline) and SARIF's
// partialFingerprints: a hash of the property, the shape of its binding
// (the parameters' names, not their values, which name run-time objects)
// and, group by group as Reports compares them, the chosen events' names
// and source locations (an event without a location by its text, as in
// "write x 1"), never their ids, which shift when a thread does a little
// more or less. The violations of one report have the same fingerprint.
func Fingerprint(tr *trace.Trace, p *spec.Property, alt int, choice []trace.EventRef) string {
	names := make([]string, len(p.Params))
	for i, prm := range p.Params {
		names[i] = prm.Name
	}
	key := placesKey(p.Name+"("+strings.Join(names, ",")+")", &p.Normal.Alts[alt], choice, func(r trace.EventRef) string {
		if loc := EventLoc(tr, r); loc != "" {
			return "@" + loc
		}
		return tr.EventText(r)
	})
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:16])
}

// eventPlace is an event's location, or its id if it has none.
func eventPlace(tr *trace.Trace, ref trace.EventRef) string {
	if loc := tr.Event(ref).Loc; loc != trace.NoSym {
		return tr.Str(loc)
	}
	return tr.ID(ref)
}

// EventLoc is an event's location ("" if none).
func EventLoc(tr *trace.Trace, ref trace.EventRef) string {
	if loc := tr.Event(ref).Loc; loc != trace.NoSym {
		return tr.Str(loc)
	}
	return ""
}

// BindingPairs renders a binding as (parameter, value) pairs in parameter
// order.
func BindingPairs(tr *trace.Trace, p *spec.Property, b []trace.Sym) [][2]string {
	if len(b) < len(p.Params) {
		return [][2]string{} // an unknown entry for candidates never formed (formingStop)
	}
	out := make([][2]string, len(p.Params))
	for i, prm := range p.Params {
		out[i] = [2]string{prm.Name, tr.Str(b[i])}
	}
	return out
}

// BindingText renders a binding as "(c=c, i=i1)".
func BindingText(tr *trace.Trace, p *spec.Property, b []trace.Sym) string {
	pairs := BindingPairs(tr, p, b)
	parts := make([]string, len(pairs))
	for i, kv := range pairs {
		parts[i] = kv[0] + "=" + kv[1]
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// ChosenText lists a choice as "create T1#3, update T2#1, next T1#4".
func ChosenText(tr *trace.Trace, p *spec.Property, alt int, choice []trace.EventRef) string {
	var ids []string
	for _, e := range ReportedEventsOf(p, alt, choice) {
		ids = append(ids, e.Name+" "+tr.ID(e.Ref))
	}
	return strings.Join(ids, ", ")
}
