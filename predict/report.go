package predict

import (
	"fmt"
	"sort"
	"strings"

	"gpredict/spec"
	"gpredict/trace"
)

// Report is one entry of the output: a violation standing for Count
// violations whose chosen events have the same locations (docs/output.md).
// With --all every violation is its own report with Count 1.
type Report struct {
	Violation
	Count int
}

// ReportOptions are what the writers need besides the result.
type ReportOptions struct {
	Version string   // gpredict's version
	Traces  []string // the trace paths as given
	// All (--all) makes one report per (binding, choice) and lists every
	// unknown candidate in the text format (else they are counted by
	// reason).
	All bool
	// Witness says how much of each witness the text format draws; JSON
	// and SARIF always carry the whole schedule.
	Witness WitnessMode
	// Stats (--stats) adds the decision ladder's counts, stage by stage,
	// after the text format's summary line; JSON always has them.
	Stats bool
	// Warnings are the run's warnings (trace validation, event
	// declarations that match nothing), for the formats that carry them
	// in the document (JSON, SARIF); the command prints them on stderr.
	Warnings []Warning
	// Rules document the properties that were checked, in order, for the
	// SARIF log's rules; a property without an entry gets a rule with its
	// name only.
	Rules []RuleDoc
}

// Warning is one warning of the run: a stable code (trace warnings use
// trace.Warning's codes, spec ones are `unmatched-event` and
// `unmatched-property`), the message as printed on stderr without the
// "gpredict: warning: " prefix, and the place it is about as FILE:LINE:COL
// ("" if none).
type Warning struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Pos     string `json:"pos,omitempty"`
}

// RuleDoc documents one property for SARIF: a one-line summary and the
// help text (Markdown).
type RuleDoc struct {
	Name    string
	Summary string
	Help    string
}

// WitnessMode is the --witness setting of the text format.
type WitnessMode int

const (
	// WitnessTrimmed (the default) draws the steps around the chosen
	// events and summarises each long stretch between them per thread.
	WitnessTrimmed WitnessMode = iota
	// WitnessFull draws every step.
	WitnessFull
	// WitnessNone draws no witness.
	WitnessNone
)

// WitnessModes lists the --witness values, for help texts and completion.
var WitnessModes = []string{"trimmed", "full", "none"}

// ParseWitnessMode reads a --witness value.
func ParseWitnessMode(s string) (WitnessMode, error) {
	switch s {
	case "trimmed":
		return WitnessTrimmed, nil
	case "full":
		return WitnessFull, nil
	case "none":
		return WitnessNone, nil
	}
	return 0, fmt.Errorf("witness %q: want trimmed, full or none", s)
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
